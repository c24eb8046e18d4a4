// Transactional emails: one HTML and one plain-text version of each, in the site's look (BRAND:
// white, serif headline, one oxblood accent, product name as wordmark). The HTML is table-based
// with inline styles because Outlook, Gmail and Yahoo drop or ignore most of <style>.
// Every interpolated value goes through escapeHtml; the copy is data, so no template can forget.
import { z } from 'zod';

export const EMAIL_TEMPLATES = [
  'login_code',
  'registration_code',
  'verification_code',
  'verification_link',
  'recovery_code',
  'recovery_link',
  'email_change_code',
  'academic_email_code',
  'receipt',
  'cancellation',
  'membership_notice',
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

/** What every email needs to know about where it comes from and whom it is for. */
const contextSchema = z.object({
  productName: z.string().trim().min(1),
  siteUrl: httpUrl,
  email: z.string().trim().min(3),
  expiresInMinutes: z.int().positive(),
});
// Codes and links are secrets in the message body only: never in the subject or preview text,
// which phones show on the lock screen.
const codeSchema = contextSchema.extend({ code: z.string().trim().min(1).max(64) });
const linkSchema = contextSchema.extend({ link: httpUrl });

export type CodeEmailData = z.input<typeof codeSchema>;
export type LinkEmailData = z.input<typeof linkSchema>;

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

export interface EmailData {
  login_code: CodeEmailData;
  registration_code: CodeEmailData;
  verification_code: CodeEmailData;
  verification_link: LinkEmailData;
  recovery_code: CodeEmailData;
  recovery_link: LinkEmailData;
  email_change_code: CodeEmailData;
  academic_email_code: CodeEmailData;
  receipt: ReceiptEmailData;
  cancellation: CancellationEmailData;
  membership_notice: MembershipNoticeEmailData;
}

/** The variables a caller supplies; the mail service adds productName, siteUrl and email. */
export type TemplateVariables<T extends EmailTemplate> = Omit<EmailData[T], 'productName' | 'siteUrl' | 'email'>;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A run of copy: plain words, or words set in bold (the address, the product). */
type Segment = string | { strong: string };

interface CopyBase {
  subject: (d: { productName: string }) => string;
  /** Inbox preview line; never the code. */
  preview: string;
  kicker: string;
  headline: string;
  lead: (d: { productName: string; email: string }) => Segment[];
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
interface ReceiptCopy {
  kind: 'receipt';
  subject: (d: { productName: string }) => string;
  preview: string;
  kicker: string;
  headline: string;
  lead: (d: { productName: string; planTitle: string }) => Segment[];
  action: string;
}

const RECEIPT_COPY: ReceiptCopy = {
  kind: 'receipt',
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

const CANCELLATION_COPY = {
  subject: ({ productName }: { productName: string }) => `Your ${productName} membership is cancelled`,
  preview: 'Your membership will not renew. Here is when it ends.',
  kicker: 'Cancellation',
  headline: 'Your membership is cancelled',
  lead: ({ productName, planTitle }: { productName: string; planTitle: string }): Segment[] => [
    'Your ',
    { strong: `${productName} ${planTitle}` },
    ' membership will not renew and you will not be charged again.',
  ],
  action: 'Manage your membership',
};

const NOTICE_COPY: Record<
  (typeof MEMBERSHIP_NOTICES)[number],
  {
    subject: (d: { productName: string }) => string;
    preview: string;
    kicker: string;
    headline: string;
    lead: (d: { productName: string; planTitle: string }) => Segment[];
    action: string;
  }
> = {
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

const COPY: Record<Exclude<EmailTemplate, 'receipt' | 'cancellation' | 'membership_notice'>, CodeCopy | LinkCopy> = {
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

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside HTML content and double- or single-quoted attributes (&#39;, as HTML 4 clients lack &apos;). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** One line, for headers: a value with a line break must not start a new header or paragraph. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export function renderEmail<T extends EmailTemplate>(template: T, data: EmailData[T]): RenderedEmail {
  if (template === 'receipt') return renderReceipt(receiptSchema.parse(data));
  if (template === 'cancellation') return renderCancellation(cancellationSchema.parse(data));
  if (template === 'membership_notice') return renderMembershipNotice(membershipNoticeSchema.parse(data));
  const copy = COPY[template as Exclude<EmailTemplate, 'receipt' | 'cancellation' | 'membership_notice'>];
  if (copy.kind === 'code') {
    const d = codeSchema.parse(data);
    return render(copy, { ...d, productName: oneLine(d.productName), email: oneLine(d.email) }, { kind: 'code', code: d.code });
  }
  const d = linkSchema.parse(data);
  return render(copy, { ...d, productName: oneLine(d.productName), email: oneLine(d.email) }, { kind: 'link', link: d.link });
}

type Secret = { kind: 'code'; code: string } | { kind: 'link'; link: string };
type Context = z.output<typeof contextSchema>;

function render(copy: CodeCopy | LinkCopy, d: Context, secret: Secret): RenderedEmail {
  const subject = oneLine(copy.subject(d));
  const expiry = `${secret.kind === 'code' ? 'The code' : 'The link'} expires in ${duration(d.expiresInMinutes)} and works once.`;
  const site = new URL(d.siteUrl);
  const siteLabel = site.host;
  const footer = `You are receiving this email because ${d.email} was entered on ${d.productName}. This is an automatic message; replies are not read.`;
  const lead = copy.lead(d);

  const textLines: string[] = [d.productName.toUpperCase(), '', copy.headline, '', segmentsText(lead), ''];
  const htmlRows: string[] = [];
  if (secret.kind === 'code' && copy.kind === 'code') {
    textLines.push(`${copy.codeLabel}:`, '', `    ${secret.code}`, '', expiry, 'Do not share this code with anyone.');
    htmlRows.push(
      codeBlock(copy.codeLabel, secret.code),
      paragraph(`${expiry} Do not share this code with anyone.`, { top: 20, small: true }),
    );
  } else if (secret.kind === 'link' && copy.kind === 'link') {
    const host = new URL(secret.link).host;
    const note = `The button opens a page on ${host} that asks you to confirm; nothing changes until you do. ${expiry}`;
    textLines.push(
      `${copy.action}: open this link, then confirm on the page it opens (nothing changes until you do):`,
      '',
      secret.link,
      '',
      expiry,
    );
    htmlRows.push(button(copy.action, secret.link), paragraph(note, { top: 20, small: true }), fallbackLink(secret.link));
  }
  textLines.push('', copy.ignore, '', '-- ', `${d.productName} · ${d.siteUrl}`, footer, '');
  htmlRows.push(paragraph(copy.ignore, { top: 24, small: true }));

  const html = layout({
    subject,
    preview: copy.preview,
    productName: d.productName,
    siteUrl: d.siteUrl,
    siteLabel,
    kicker: copy.kicker,
    headline: copy.headline,
    lead: segmentsHtml(lead),
    body: htmlRows.join('\n'),
    footer,
  });
  return { subject, html, text: textLines.join('\n') };
}

function renderCancellation(data: z.output<typeof cancellationSchema>): RenderedEmail {
  const copy = CANCELLATION_COPY;
  const d = { ...data, productName: oneLine(data.productName), email: oneLine(data.email) };
  const subject = oneLine(copy.subject(d));
  const lead = copy.lead(d);
  const note = `You keep full access until ${d.endsOn}. Changed your mind? You can join again at any time.`;
  const footer = `You are receiving this email because ${d.email} cancelled a membership on ${d.productName}. This is an automatic message; replies are not read.`;
  const textLines = [
    d.productName.toUpperCase(),
    '',
    copy.headline,
    '',
    segmentsText(lead),
    '',
    note,
    '',
    `${copy.action}: ${d.link}`,
    '',
    '-- ',
    `${d.productName} · ${d.siteUrl}`,
    footer,
    '',
  ];
  const html = layout({
    subject,
    preview: copy.preview,
    productName: d.productName,
    siteUrl: d.siteUrl,
    siteLabel: new URL(d.siteUrl).host,
    kicker: copy.kicker,
    headline: copy.headline,
    lead: segmentsHtml(lead),
    body: [paragraph(note, { top: 20 }), button(copy.action, d.link)].join('\n'),
    footer,
  });
  return { subject, html, text: textLines.join('\n') };
}

function renderMembershipNotice(data: z.output<typeof membershipNoticeSchema>): RenderedEmail {
  const copy = NOTICE_COPY[data.notice];
  const d = { ...data, productName: oneLine(data.productName), email: oneLine(data.email) };
  const subject = oneLine(copy.subject(d));
  const lead = copy.lead(d);
  const footer = `You are receiving this email because ${d.email} holds a membership on ${d.productName}. This is an automatic message; replies are not read.`;
  const textLines = [
    d.productName.toUpperCase(),
    '',
    copy.headline,
    '',
    segmentsText(lead),
    '',
    ...d.lines.map((line) => `${line.label}: ${line.value}`),
    ...(d.lines.length ? [''] : []),
    d.note,
    '',
    `${copy.action}: ${d.link}`,
    '',
    '-- ',
    `${d.productName} · ${d.siteUrl}`,
    footer,
    '',
  ];
  const rows = d.lines
    .map(
      (line) =>
        `<tr><td style="padding:10px 0;border-bottom:1px solid ${RULE};font-family:${SANS};font-size:15px;line-height:22px;color:${MUTED};">${escapeHtml(line.label)}</td><td align="right" style="padding:10px 0;border-bottom:1px solid ${RULE};font-family:${SANS};font-size:15px;line-height:22px;color:${INK};">${escapeHtml(line.value)}</td></tr>`,
    )
    .join('\n');
  const table = d.lines.length
    ? [
        `<tr><td class="px" style="padding:28px 40px 0;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;border-top:1px solid ${RULE};">\n${rows}\n</table></td></tr>`,
      ]
    : [];
  const html = layout({
    subject,
    preview: copy.preview,
    productName: d.productName,
    siteUrl: d.siteUrl,
    siteLabel: new URL(d.siteUrl).host,
    kicker: copy.kicker,
    headline: copy.headline,
    lead: segmentsHtml(lead),
    body: [...table, paragraph(d.note, { top: 20 }), button(copy.action, d.link)].join('\n'),
    footer,
  });
  return { subject, html, text: textLines.join('\n') };
}

function renderReceipt(data: z.output<typeof receiptSchema>): RenderedEmail {
  const copy = RECEIPT_COPY;
  const d = { ...data, productName: oneLine(data.productName), email: oneLine(data.email) };
  const subject = oneLine(copy.subject(d));
  const lead = copy.lead(d);
  const footer = `You are receiving this email because ${d.email} bought a membership on ${d.productName}. This is an automatic message; replies are not read.`;
  const textLines = [
    d.productName.toUpperCase(),
    '',
    copy.headline,
    '',
    segmentsText(lead),
    '',
    ...d.lines.map((line) => `${line.label}: ${line.value}`),
    '',
    d.note,
    '',
    `${copy.action}: ${d.link}`,
    '',
    '-- ',
    `${d.productName} · ${d.siteUrl}`,
    footer,
    '',
  ];
  const rows = d.lines
    .map(
      (line) =>
        `<tr><td style="padding:10px 0;border-bottom:1px solid ${RULE};font-family:${SANS};font-size:15px;line-height:22px;color:${MUTED};">${escapeHtml(line.label)}</td><td align="right" style="padding:10px 0;border-bottom:1px solid ${RULE};font-family:${SANS};font-size:15px;line-height:22px;color:${INK};">${escapeHtml(line.value)}</td></tr>`,
    )
    .join('\n');
  const table = `<tr><td class="px" style="padding:28px 40px 0;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;border-top:1px solid ${RULE};">\n${rows}\n</table></td></tr>`;
  const html = layout({
    subject,
    preview: copy.preview,
    productName: d.productName,
    siteUrl: d.siteUrl,
    siteLabel: new URL(d.siteUrl).host,
    kicker: copy.kicker,
    headline: copy.headline,
    lead: segmentsHtml(lead),
    body: [table, paragraph(d.note, { top: 20 }), button(copy.action, d.link)].join('\n'),
    footer,
  });
  return { subject, html, text: textLines.join('\n') };
}

function duration(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function segmentsText(segments: Segment[]): string {
  return segments.map((s) => (typeof s === 'string' ? s : s.strong)).join('');
}

function segmentsHtml(segments: Segment[]): string {
  return segments
    .map((s) => (typeof s === 'string' ? escapeHtml(s) : `<strong style="font-weight:600;color:${INK};">${escapeHtml(s.strong)}</strong>`))
    .join('');
}

// The palette and type: ink on white, grey for the quiet parts, oxblood as the single accent.
const INK = '#111111';
const BODY = '#333333';
const MUTED = '#595959';
const RULE = '#dddddd';
const ACCENT = '#8c1c13';
const SERIF = "Georgia, 'Times New Roman', Times, serif";
const SANS = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif";
const MONO = "'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', 'Courier New', monospace";

function paragraph(text: string, { top, small = false }: { top: number; small?: boolean }): string {
  const size = small ? 'font-size:14px;line-height:22px;' : 'font-size:16px;line-height:26px;';
  return `<tr><td class="px" style="padding:${top}px 40px 0;font-family:${SANS};${size}color:${small ? MUTED : BODY};">${escapeHtml(text)}</td></tr>`;
}

function codeBlock(label: string, code: string): string {
  // Letter-spacing, not spaces, so a copied code is exactly the code; user-select:all selects it in one tap where supported.
  return `<tr><td class="px" style="padding:28px 40px 0;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
<tr><td align="center" style="padding:22px 12px 24px;border-top:1px solid ${RULE};border-bottom:1px solid ${RULE};">
<p style="margin:0 0 10px;font-family:${SANS};font-size:12px;line-height:16px;font-weight:600;letter-spacing:1.5px;text-transform:uppercase;color:${MUTED};">${escapeHtml(label)}</p>
<p class="code" style="margin:0;font-family:${MONO};font-size:40px;line-height:48px;font-weight:700;letter-spacing:8px;color:${INK};-webkit-user-select:all;user-select:all;">${escapeHtml(code)}</p>
</td></tr>
</table>
</td></tr>`;
}

function button(label: string, link: string): string {
  // mso-padding-alt gives Outlook (which ignores padding on <a>) the same size of button.
  return `<tr><td class="px" style="padding:28px 40px 0;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
<tr><td align="center" bgcolor="${ACCENT}" style="background-color:${ACCENT};border-radius:2px;mso-padding-alt:14px 28px;">
<a href="${escapeHtml(link)}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;font-family:${SANS};font-size:16px;line-height:20px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:2px;">${escapeHtml(label)}</a>
</td></tr>
</table>
</td></tr>`;
}

function fallbackLink(link: string): string {
  return `<tr><td class="px" style="padding:16px 40px 0;font-family:${SANS};font-size:14px;line-height:22px;color:${MUTED};">If the button does not work, copy this address into your browser:<br>
<a href="${escapeHtml(link)}" target="_blank" rel="noopener" style="color:${INK};text-decoration:underline;word-break:break-all;">${escapeHtml(link)}</a></td></tr>`;
}

function layout(p: {
  subject: string;
  preview: string;
  productName: string;
  siteUrl: string;
  siteLabel: string;
  kicker: string;
  headline: string;
  lead: string;
  body: string;
  footer: string;
}): string {
  // The hidden preview text is padded with zero-width joiners so clients do not fill the preview with body text.
  const previewPadding = '&#847;&zwnj;&nbsp;'.repeat(60);
  return `<!DOCTYPE html>
<html lang="en" dir="ltr" xmlns="http://www.w3.org/1999/xhtml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(p.subject)}</title>
<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->
<style>
body { margin: 0; padding: 0; width: 100% !important; -webkit-text-size-adjust: 100%; -ms-text-size-adjust: 100%; }
table, td { border-collapse: collapse; mso-table-lspace: 0pt; mso-table-rspace: 0pt; }
a[x-apple-data-detectors] { color: inherit !important; text-decoration: none !important; }
@media only screen and (max-width: 600px) {
  .container { width: 100% !important; }
  .px { padding-left: 24px !important; padding-right: 24px !important; }
  .headline { font-size: 28px !important; line-height: 34px !important; }
  .code { font-size: 34px !important; letter-spacing: 6px !important; }
}
</style>
</head>
<body style="margin:0;padding:0;background-color:#ffffff;">
<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${escapeHtml(p.preview)}${previewPadding}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#ffffff;">
<tr><td align="center" style="padding:40px 12px 48px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" align="center"><tr><td><![endif]-->
<table role="presentation" class="container" width="600" cellpadding="0" cellspacing="0" border="0" style="width:600px;max-width:600px;">
<tr><td class="px" style="padding:0 40px 18px;border-bottom:1px solid ${INK};font-family:${SERIF};font-size:28px;line-height:34px;letter-spacing:0.5px;color:${INK};">
<a href="${escapeHtml(p.siteUrl)}" target="_blank" rel="noopener" style="color:${INK};text-decoration:none;">${escapeHtml(p.productName)}</a>
</td></tr>
<tr><td class="px" style="padding:40px 40px 0;font-family:${SANS};font-size:12px;line-height:16px;font-weight:600;letter-spacing:1.5px;text-transform:uppercase;color:${ACCENT};">${escapeHtml(p.kicker)}</td></tr>
<tr><td class="px" style="padding:10px 40px 0;">
<h1 class="headline" style="margin:0;font-family:${SERIF};font-size:34px;line-height:40px;font-weight:400;color:${INK};">${escapeHtml(p.headline)}</h1>
</td></tr>
<tr><td class="px" style="padding:16px 40px 0;font-family:${SANS};font-size:16px;line-height:26px;color:${BODY};">${p.lead}</td></tr>
${p.body}
<tr><td class="px" style="padding:40px 40px 0;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;"><tr><td style="border-top:1px solid ${RULE};font-size:0;line-height:0;">&nbsp;</td></tr></table></td></tr>
<tr><td class="px" style="padding:16px 40px 0;font-family:${SANS};font-size:12px;line-height:18px;color:${MUTED};">
<a href="${escapeHtml(p.siteUrl)}" target="_blank" rel="noopener" style="font-family:${SERIF};font-size:15px;color:${INK};text-decoration:none;">${escapeHtml(p.productName)}</a> &middot; <a href="${escapeHtml(p.siteUrl)}" target="_blank" rel="noopener" style="color:${MUTED};text-decoration:underline;">${escapeHtml(p.siteLabel)}</a><br>
${escapeHtml(p.footer)}
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}
