// The emails that carry a secret: a one-time code to type, or a link to open (sign-in,
// sign-up, verification, recovery, email change, academic address). One look; the copy picks
// the words and whether it is a code or a link.
import { z } from 'zod';
import type { ReactNode } from 'react';
import { ActionButton, CodeBlock, FallbackLink, Paragraph } from './blocks.tsx';
import { addressed, contextSchema, framedEmail, httpUrl, type FrameCopy, type RenderedEmail } from './frame.tsx';

export const CODE_AND_LINK_TEMPLATES = [
  'login_code',
  'registration_code',
  'verification_code',
  'verification_link',
  'recovery_code',
  'recovery_link',
  'email_change_code',
  'academic_email_code',
] as const;
export type CodeOrLinkTemplate = (typeof CODE_AND_LINK_TEMPLATES)[number];

// Codes and links are secrets in the message body only: never in the subject or preview text,
// which phones show on the lock screen.
const codeSchema = contextSchema.extend({ code: z.string().trim().min(1).max(64) });
const linkSchema = contextSchema.extend({ link: httpUrl });

export type CodeEmailData = z.input<typeof codeSchema>;
export type LinkEmailData = z.input<typeof linkSchema>;

interface CopyBase extends FrameCopy<{ productName: string; email: string }> {
  /** What to do if you did not ask for this. */
  ignore: string;
}
interface CodeCopy extends CopyBase {
  kind: 'code';
  codeLabel: string;
}
interface LinkCopy extends CopyBase {
  kind: 'link';
  action: string;
}
const COPY: Record<CodeOrLinkTemplate, CodeCopy | LinkCopy> = {
  login_code: {
    kind: 'code',
    subject: ({ productName }) => `Your ${productName} sign-in code`,
    preview: 'Here is the code you asked for to sign in.',
    kicker: 'Sign in',
    headline: 'Your sign-in code',
    lead: ({ productName, email }) => ['Enter this code to sign in to ', { strong: productName }, ' as ', { strong: email }, '.'],
    codeLabel: 'Sign-in code',
    ignore: 'If you did not try to sign in, you can ignore this email: nobody can sign in without the code.',
  },
  registration_code: {
    kind: 'code',
    subject: ({ productName }) => `Your ${productName} sign-up code`,
    preview: 'Here is the code to finish creating your account.',
    kicker: 'Create your account',
    headline: 'Confirm it is you',
    lead: ({ productName, email }) => [
      'Enter this code to finish creating your ',
      { strong: productName },
      ' account for ',
      { strong: email },
      '.',
    ],
    codeLabel: 'Sign-up code',
    ignore: 'If you did not start signing up, you can ignore this email: no account is created without the code.',
  },
  verification_code: {
    kind: 'code',
    subject: ({ productName }) => `Verify your email address for ${productName}`,
    preview: 'Here is the code to verify your email address.',
    kicker: 'Verify your email',
    headline: 'Verify your email address',
    lead: ({ productName, email }) => [
      'Enter this code on ',
      { strong: productName },
      ' to confirm that ',
      { strong: email },
      ' is yours.',
    ],
    codeLabel: 'Verification code',
    ignore: 'If you did not ask for this, you can ignore this email.',
  },
  verification_link: {
    kind: 'link',
    subject: ({ productName }) => `Verify your email address for ${productName}`,
    preview: 'Confirm that this email address is yours.',
    kicker: 'Verify your email',
    headline: 'Verify your email address',
    lead: ({ productName, email }) => [
      'Confirm that ',
      { strong: email },
      ' is yours to finish setting up your ',
      { strong: productName },
      ' account.',
    ],
    action: 'Verify email address',
    ignore: 'If you did not ask for this, you can ignore this email.',
  },
  recovery_code: {
    kind: 'code',
    subject: ({ productName }) => `Recover your ${productName} account`,
    preview: 'Here is the code to get back into your account.',
    kicker: 'Account recovery',
    headline: 'Recover your account',
    lead: ({ productName, email }) => [
      'Enter this code to get back into your ',
      { strong: productName },
      ' account, ',
      { strong: email },
      '.',
    ],
    codeLabel: 'Recovery code',
    ignore: 'If you did not ask to recover your account, you can ignore this email: your account stays as it is.',
  },
  recovery_link: {
    kind: 'link',
    subject: ({ productName }) => `Recover your ${productName} account`,
    preview: 'Get back into your account.',
    kicker: 'Account recovery',
    headline: 'Recover your account',
    lead: ({ productName, email }) => [
      'Someone asked to recover the ',
      { strong: productName },
      ' account for ',
      { strong: email },
      '. If it was you, continue below.',
    ],
    action: 'Recover account',
    ignore: 'If you did not ask to recover your account, you can ignore this email: your account stays as it is.',
  },
  email_change_code: {
    kind: 'code',
    subject: ({ productName }) => `Confirm your new email address for ${productName}`,
    preview: 'Here is the code to confirm your new email address.',
    kicker: 'Email change',
    headline: 'Confirm your new email address',
    lead: ({ productName, email }) => ['Enter this code to use ', { strong: email }, ' for your ', { strong: productName }, ' account.'],
    codeLabel: 'Confirmation code',
    ignore: 'If you did not ask to change your email address, you can ignore this email: your account keeps its current address.',
  },
  academic_email_code: {
    kind: 'code',
    subject: ({ productName }) => `Confirm your academic email address for ${productName}`,
    preview: 'Here is the code to confirm your student membership.',
    kicker: 'Student membership',
    headline: 'Confirm your academic email address',
    lead: ({ productName, email }) => [
      'Enter this code on ',
      { strong: productName },
      ' to confirm that ',
      { strong: email },
      ' is your university or college address.',
    ],
    codeLabel: 'Confirmation code',
    ignore: 'If you did not ask for a student membership, you can ignore this email: nothing changes without the code.',
  },
};

export function renderCodeOrLink(template: CodeOrLinkTemplate, data: unknown): Promise<RenderedEmail> {
  const copy = COPY[template];
  if (copy.kind === 'code') {
    const d = addressed(codeSchema.parse(data));
    return render(copy, d, { kind: 'code', code: d.code });
  }
  const d = addressed(linkSchema.parse(data));
  return render(copy, d, { kind: 'link', link: d.link });
}

type Secret = { kind: 'code'; code: string } | { kind: 'link'; link: string };
type Context = z.output<typeof contextSchema>;

function render(copy: CodeCopy | LinkCopy, d: Context, secret: Secret): Promise<RenderedEmail> {
  const expiry = `${secret.kind === 'code' ? 'The code' : 'The link'} expires in ${duration(d.expiresInMinutes)} and works once.`;
  const text: string[] = [];
  let html: ReactNode = null;
  if (secret.kind === 'code' && copy.kind === 'code') {
    text.push(`${copy.codeLabel}:`, '', `    ${secret.code}`, '', expiry, 'Do not share this code with anyone.');
    html = (
      <>
        <CodeBlock label={copy.codeLabel} code={secret.code} />
        <Paragraph top={20} small>
          {expiry} Do not share this code with anyone.
        </Paragraph>
      </>
    );
  } else if (secret.kind === 'link' && copy.kind === 'link') {
    const host = new URL(secret.link).host;
    const note = `The button opens a page on ${host} that asks you to confirm; nothing changes until you do. ${expiry}`;
    text.push(
      `${copy.action}: open this link, then confirm on the page it opens (nothing changes until you do):`,
      '',
      secret.link,
      '',
      expiry,
    );
    html = (
      <>
        <ActionButton label={copy.action} href={secret.link} />
        <Paragraph top={20} small>
          {note}
        </Paragraph>
        <FallbackLink href={secret.link} />
      </>
    );
  }
  text.push('', copy.ignore, '');
  return framedEmail(copy, d, {
    because: 'was entered on',
    text,
    html: (
      <>
        {html}
        <Paragraph top={24} small>
          {copy.ignore}
        </Paragraph>
      </>
    ),
  });
}

function duration(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
