// The membership emails billing sends: a receipt, a cancellation, and the subscription
// lifecycle's notices. One look: the lead, any amounts, a sentence on what happens next, and one
// button to the membership. No secret in them, so no expiry; never a card number.
import { z } from 'zod';
import { ActionButton, AmountsTable, Paragraph } from './blocks.tsx';
import { addressed, contextSchema, framedEmail, httpUrl, type FrameCopy, type RenderedEmail } from './frame.tsx';

export const MEMBERSHIP_TEMPLATES = ['receipt', 'cancellation', 'membership_notice'] as const;
export type MembershipTemplate = (typeof MEMBERSHIP_TEMPLATES)[number];

// A receipt (billing): what was bought, the amounts as the buyer paid them, and where to manage it.
// No secret in it, so no expiry; never a card number (billing passes the card's last four at most).
const receiptSchema = contextSchema.omit({ expiresInMinutes: true }).extend({
  planTitle: z.string().trim().min(1).max(200),
  /** The receipt's rows, e.g. Plan, Price, Tax, Total, Card; values already formatted. */
  lines: z
    .array(z.object({ label: z.string().trim().min(1).max(100), value: z.string().trim().min(1).max(200) }))
    .min(1)
    .max(20),
  /** One sentence on what happens next (a trial's end and first charge, the renewal date). */
  note: z.string().trim().min(1).max(500),
  link: httpUrl,
});
export type ReceiptEmailData = z.input<typeof receiptSchema>;

// A cancellation confirmation (billing): which membership was cancelled and until when it lasts.
const cancellationSchema = contextSchema.omit({ expiresInMinutes: true }).extend({
  planTitle: z.string().trim().min(1).max(200),
  /** The last day of access, already formatted (e.g. 21 December 2026). */
  endsOn: z.string().trim().min(1).max(100),
  link: httpUrl,
});
export type CancellationEmailData = z.input<typeof cancellationSchema>;

// The subscription lifecycle's notices (billing/lifecycle.ts): a trial about to end, a failed
// payment (dunning), a renewal receipt, an expired membership. One look, the notice picks the copy.
export const MEMBERSHIP_NOTICES = ['trial_ending', 'payment_failed', 'renewed', 'expired'] as const;
const membershipNoticeSchema = contextSchema.omit({ expiresInMinutes: true }).extend({
  notice: z.enum(MEMBERSHIP_NOTICES),
  planTitle: z.string().trim().min(1).max(200),
  /** Rows such as Amount, Card, Next attempt; values already formatted. */
  lines: z
    .array(z.object({ label: z.string().trim().min(1).max(100), value: z.string().trim().min(1).max(200) }))
    .max(20)
    .default([]),
  note: z.string().trim().min(1).max(500),
  link: httpUrl,
});
export type MembershipNoticeEmailData = z.input<typeof membershipNoticeSchema>;

interface MembershipCopy extends FrameCopy<{ productName: string; planTitle: string }> {
  /** The button's words; it opens the email's link. */
  action: string;
}

const RECEIPT_COPY: MembershipCopy = {
  subject: ({ productName }) => `Your ${productName} membership receipt`,
  preview: 'Thank you for joining. Here is your receipt.',
  kicker: 'Receipt',
  headline: 'Thank you for joining',
  lead: ({ productName, planTitle }) => [
    'Your ',
    { strong: `${productName} ${planTitle}` },
    ' membership has started. Keep this email as your receipt.',
  ],
  action: 'Start reading',
};

const CANCELLATION_COPY: MembershipCopy = {
  subject: ({ productName }) => `Your ${productName} membership is cancelled`,
  preview: 'Your membership will not renew. Here is when it ends.',
  kicker: 'Cancellation',
  headline: 'Your membership is cancelled',
  lead: ({ productName, planTitle }) => [
    'Your ',
    { strong: `${productName} ${planTitle}` },
    ' membership will not renew and you will not be charged again.',
  ],
  action: 'Manage your membership',
};

const NOTICE_COPY: Record<(typeof MEMBERSHIP_NOTICES)[number], MembershipCopy> = {
  trial_ending: {
    subject: ({ productName }) => `Your ${productName} free trial ends soon`,
    preview: 'Your free trial ends in a few days; your membership then continues.',
    kicker: 'Free trial',
    headline: 'Your free trial ends soon',
    lead: ({ productName, planTitle }) => [
      'Your ',
      { strong: `${productName} ${planTitle}` },
      ' free trial ends soon. Your membership then continues and your card is charged.',
    ],
    action: 'Manage your membership',
  },
  payment_failed: {
    subject: ({ productName }) => `We could not take your ${productName} membership payment`,
    preview: 'Your payment did not go through. Update your card to keep your membership.',
    kicker: 'Payment failed',
    headline: 'Your payment did not go through',
    lead: ({ productName, planTitle }) => [
      'We could not charge your card for your ',
      { strong: `${productName} ${planTitle}` },
      ' membership. Update your card to keep reading.',
    ],
    action: 'Update your card',
  },
  renewed: {
    subject: ({ productName }) => `Your ${productName} membership receipt`,
    preview: 'Your membership continues. Here is your receipt.',
    kicker: 'Receipt',
    headline: 'Your membership continues',
    lead: ({ productName, planTitle }) => [
      'Thank you: your ',
      { strong: `${productName} ${planTitle}` },
      ' membership continues. Keep this email as your receipt.',
    ],
    action: 'Start reading',
  },
  expired: {
    subject: ({ productName }) => `Your ${productName} membership has ended`,
    preview: 'Your membership has ended. You can join again at any time.',
    kicker: 'Membership ended',
    headline: 'Your membership has ended',
    lead: ({ productName, planTitle }) => ['Your ', { strong: `${productName} ${planTitle}` }, ' membership has ended.'],
    action: 'Join again',
  },
};

export function renderMembershipEmail(template: MembershipTemplate, data: unknown): Promise<RenderedEmail> {
  if (template === 'receipt') {
    const d = addressed(receiptSchema.parse(data));
    return render(RECEIPT_COPY, d, { because: 'bought a membership on', note: d.note, lines: d.lines });
  }
  if (template === 'cancellation') {
    const d = addressed(cancellationSchema.parse(data));
    const note = `You keep full access until ${d.endsOn}. Changed your mind? You can join again at any time.`;
    return render(CANCELLATION_COPY, d, { because: 'cancelled a membership on', note, lines: [] });
  }
  const d = addressed(membershipNoticeSchema.parse(data));
  return render(NOTICE_COPY[d.notice], d, { because: 'holds a membership on', note: d.note, lines: d.lines });
}

/** What every membership email is written from. */
type MembershipData = Pick<z.output<typeof cancellationSchema>, 'productName' | 'siteUrl' | 'email' | 'planTitle' | 'link'>;

function render(
  copy: MembershipCopy,
  d: MembershipData,
  { because, note, lines }: { because: string; note: string; lines: readonly { label: string; value: string }[] },
): Promise<RenderedEmail> {
  const text = [
    ...lines.map((line) => `${line.label}: ${line.value}`),
    ...(lines.length ? [''] : []),
    note,
    '',
    `${copy.action}: ${d.link}`,
    '',
  ];
  const html = (
    <>
      <AmountsTable lines={lines} />
      <Paragraph top={20}>{note}</Paragraph>
      <ActionButton label={copy.action} href={d.link} />
    </>
  );
  return framedEmail(copy, d, { because, text, html });
}
