// The newsletters module's email: the double opt-in confirmation (and its one reminder, 48 hours
// on). The link opens a page with a button that confirms by POST (decision 045), so a mail scanner
// that opens it confirms nothing. It names the newsletters chosen and nothing else the form took.
import { z } from 'zod';
import { ActionButton, FallbackLink, Paragraph } from './blocks.tsx';
import { addressed, contextSchema, framedEmail, httpUrl, type FrameCopy, type RenderedEmail } from './frame.tsx';

export const NEWSLETTER_TEMPLATES = ['newsletter_confirmation'] as const;
export type NewsletterTemplate = (typeof NEWSLETTER_TEMPLATES)[number];

const confirmationSchema = contextSchema.omit({ expiresInMinutes: true }).extend({
  /** The titles of the newsletters chosen. */
  newsletters: z.array(z.string().trim().min(1).max(200)).min(1).max(20),
  /** The confirmation page (it confirms with a button, never on opening). */
  link: httpUrl,
  /** The one reminder, sent when the first email was not acted on. */
  reminder: z.boolean().default(false),
});
export type NewsletterConfirmationEmailData = z.input<typeof confirmationSchema>;

const list = (titles: readonly string[]) =>
  titles.length === 1 ? titles[0]! : `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]!}`;

const COPY: Record<'first' | 'reminder', FrameCopy<{ productName: string; newsletters: string[] }>> = {
  first: {
    subject: ({ productName }) => `Confirm your newsletter sign-up · ${productName}`,
    preview: 'One click to start receiving the newsletters you chose.',
    kicker: 'Newsletters',
    headline: 'Confirm your sign-up',
    lead: ({ newsletters }) => ['You asked to receive ', { strong: list(newsletters) }, '. Confirm that this address is yours to start.'],
  },
  reminder: {
    subject: ({ productName }) => `Reminder: confirm your newsletter sign-up · ${productName}`,
    preview: 'Your sign-up is waiting for one click.',
    kicker: 'Newsletters',
    headline: 'Your sign-up is waiting',
    lead: ({ newsletters }) => [
      'Two days ago you asked to receive ',
      { strong: list(newsletters) },
      '. Confirm it and they start; this is the only reminder we send.',
    ],
  },
};

export function renderNewsletterEmail(_template: NewsletterTemplate, data: unknown): Promise<RenderedEmail> {
  const d = addressed(confirmationSchema.parse(data));
  const note = 'If you did not sign up, you can ignore this email: nothing is sent to you unless you confirm.';
  const text = [`Confirm your sign-up: ${d.link}`, '', note, ''];
  const html = (
    <>
      <ActionButton label="Confirm my sign-up" href={d.link} />
      <FallbackLink href={d.link} />
      <Paragraph top={20}>{note}</Paragraph>
    </>
  );
  return framedEmail(d.reminder ? COPY.reminder : COPY.first, d, { because: 'was given in a newsletter sign-up on', text, html });
}
