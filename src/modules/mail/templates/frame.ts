// The frame every email shares, in HTML and in plain text: the wordmark, a kicker, the headline and
// the lead above the body; the signature and why the reader got this email below. Each family
// (code-and-link.ts, membership.ts) supplies only its copy and the body between.
import { z } from 'zod';
import { layout, segmentsHtml, type Segment } from './html.ts';

export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

/** What every email needs to know about where it comes from and whom it is for. */
export const contextSchema = z.object({
  productName: z.string().trim().min(1),
  siteUrl: httpUrl,
  email: z.string().trim().min(3),
  expiresInMinutes: z.int().positive(),
});

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The copy above the body; `D` is what the subject and lead are written from. */
export interface FrameCopy<D> {
  subject: (d: D) => string;
  /** Inbox preview line; never a code or link. */
  preview: string;
  kicker: string;
  headline: string;
  lead: (d: D) => Segment[];
}

interface Addressed {
  productName: string;
  siteUrl: string;
  email: string;
}

/** One line, for headers: a value with a line break must not start a new header or paragraph. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** The data with its product name and address on one line each, as the frame prints them. */
export function addressed<D extends Addressed>(data: D): D {
  return { ...data, productName: oneLine(data.productName), email: oneLine(data.email) };
}

export function segmentsText(segments: Segment[]): string {
  return segments.map((s) => (typeof s === 'string' ? s : s.strong)).join('');
}

/**
 * Frames a body: `because` finishes "You are receiving this email because {email} … {product}.";
 * `text` is the plain-text body (ending with its blank line), `html` the body's table rows.
 */
export function framedEmail<D extends Addressed>(
  copy: FrameCopy<D>,
  d: D,
  body: { because: string; text: readonly string[]; html: readonly string[] },
): RenderedEmail {
  const subject = oneLine(copy.subject(d));
  const lead = copy.lead(d);
  const footer = `You are receiving this email because ${d.email} ${body.because} ${d.productName}. This is an automatic message; replies are not read.`;
  const text = [
    d.productName.toUpperCase(),
    '',
    copy.headline,
    '',
    segmentsText(lead),
    '',
    ...body.text,
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
    body: body.html.join('\n'),
    footer,
  });
  return { subject, html, text: text.join('\n') };
}
