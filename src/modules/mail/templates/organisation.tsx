// The emails the organisations module sends (issue 17): a seat given to someone with an account,
// an invitation to someone without one (register or sign in with this address to claim it), the
// code that proves a domain, and the owner's alert when a seat beyond the purchased ones was used.
import { z } from 'zod';
import { ActionButton, CodeBlock, Paragraph } from './blocks.tsx';
import { addressed, contextSchema, framedEmail, httpUrl, type FrameCopy, type RenderedEmail } from './frame.tsx';

export const ORGANISATION_TEMPLATES = ['organisation_seat', 'organisation_domain_code'] as const;
export type OrganisationTemplate = (typeof ORGANISATION_TEMPLATES)[number];

export const ORGANISATION_NOTICES = ['added', 'invited', 'extra_seats_used'] as const;
const seatSchema = contextSchema.omit({ expiresInMinutes: true }).extend({
  notice: z.enum(ORGANISATION_NOTICES),
  organisationTitle: z.string().trim().min(1).max(200),
  note: z.string().trim().min(1).max(500),
  link: httpUrl,
});
export type OrganisationSeatEmailData = z.input<typeof seatSchema>;

const domainCodeSchema = contextSchema.extend({
  organisationTitle: z.string().trim().min(1).max(200),
  domain: z.string().trim().min(1).max(253),
  code: z.string().trim().min(1).max(64),
});
export type OrganisationDomainCodeEmailData = z.input<typeof domainCodeSchema>;

interface SeatCopy extends FrameCopy<{ productName: string; organisationTitle: string }> {
  action: string;
  because: string;
}

const SEAT_COPY: Record<(typeof ORGANISATION_NOTICES)[number], SeatCopy> = {
  added: {
    subject: ({ productName, organisationTitle }) => `${organisationTitle} added you to its ${productName} team`,
    preview: 'Your team membership is ready: start reading.',
    kicker: 'Team membership',
    headline: 'You have been added to a team',
    lead: ({ productName, organisationTitle }) => [
      { strong: organisationTitle },
      ' gave you a seat on its ',
      { strong: productName },
      ' team membership.',
    ],
    action: 'Start reading',
    because: 'was added to a team on',
  },
  invited: {
    subject: ({ productName, organisationTitle }) => `${organisationTitle} invited you to ${productName}`,
    preview: 'A seat on a team membership is waiting for you.',
    kicker: 'Team invitation',
    headline: 'A seat is waiting for you',
    lead: ({ productName, organisationTitle }) => [
      { strong: organisationTitle },
      ' invited you to its ',
      { strong: productName },
      ' team membership.',
    ],
    action: 'Create your account',
    because: 'was invited to a team on',
  },
  extra_seats_used: {
    subject: ({ productName, organisationTitle }) => `${organisationTitle} is using extra ${productName} seats`,
    preview: 'Your team now uses more seats than you bought.',
    kicker: 'Team seats',
    headline: 'Your team is using extra seats',
    lead: ({ organisationTitle }) => [{ strong: organisationTitle }, ' now has more people than the seats you bought.'],
    action: 'See your team',
    because: 'owns a team membership on',
  },
};

const DOMAIN_COPY: FrameCopy<{ productName: string; organisationTitle: string; domain: string }> = {
  subject: ({ productName }) => `Confirm your organisation’s domain on ${productName}`,
  preview: 'Here is the code to confirm your organisation’s email domain.',
  kicker: 'Team domain',
  headline: 'Confirm your domain',
  lead: ({ organisationTitle, domain }) => [
    'Enter this code on the team page to confirm that ',
    { strong: domain },
    ' belongs to ',
    { strong: organisationTitle },
    '. Everyone who then confirms an address at it joins the team while seats remain.',
  ],
};

export function renderOrganisationEmail(template: OrganisationTemplate, data: unknown): Promise<RenderedEmail> {
  if (template === 'organisation_domain_code') {
    const d = addressed(domainCodeSchema.parse(data));
    const expiry = `The code works for ${d.expiresInMinutes} minutes.`;
    const ignore = 'If nobody at your organisation asked for this, you can ignore this email: nothing changes without the code.';
    return framedEmail(DOMAIN_COPY, d, {
      because: 'was entered on',
      text: [`Confirmation code: ${d.code}`, '', expiry, '', ignore, ''],
      html: (
        <>
          <CodeBlock label="Confirmation code" code={d.code} />
          <Paragraph top={20} small>
            {expiry} Do not share this code with anyone.
          </Paragraph>
          <Paragraph top={24} small>
            {ignore}
          </Paragraph>
        </>
      ),
    });
  }
  const d = addressed(seatSchema.parse(data));
  const copy = SEAT_COPY[d.notice];
  return framedEmail(copy, d, {
    because: copy.because,
    text: [d.note, '', `${copy.action}: ${d.link}`, ''],
    html: (
      <>
        <Paragraph top={20}>{d.note}</Paragraph>
        <ActionButton label={copy.action} href={d.link} />
      </>
    ),
  });
}
