// The frame every email shares, in HTML and in plain text: the wordmark, a kicker, the headline and
// the lead above the body; the signature and why the reader got this email below. Each family
// (code-and-link.tsx, membership.tsx) supplies only its copy and the body between. The HTML is
// React Email (@react-email/components, rendered by @react-email/render); the text is written here.
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { ACCENT, Block, BODY, INK, LABEL, MUTED, RULE, SANS, Segments, SERIF, type Segment } from './blocks.tsx';

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
 * `text` is the plain-text body (ending with its blank line), `html` the body's blocks.
 */
export async function framedEmail<D extends Addressed>(
  copy: FrameCopy<D>,
  d: D,
  body: { because: string; text: readonly string[]; html: ReactNode },
): Promise<RenderedEmail> {
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
  const html = await render(
    <EmailLayout subject={subject} preview={copy.preview} d={d} kicker={copy.kicker} headline={copy.headline} lead={lead} footer={footer}>
      {body.html}
    </EmailLayout>,
  );
  return { subject, html, text: text.join('\n') };
}

/** Rules mail clients that read <style> apply on phones; the inline styles are the rest. */
const HEAD_STYLE = `
body { margin: 0; padding: 0; width: 100% !important; -webkit-text-size-adjust: 100%; -ms-text-size-adjust: 100%; }
table, td { border-collapse: collapse; mso-table-lspace: 0pt; mso-table-rspace: 0pt; }
a[x-apple-data-detectors] { color: inherit !important; text-decoration: none !important; }
@media only screen and (max-width: 600px) {
  .container { width: 100% !important; }
  .px { padding-left: 24px !important; padding-right: 24px !important; }
  .headline { font-size: 28px !important; line-height: 34px !important; }
  .code { font-size: 34px !important; letter-spacing: 6px !important; }
}`;

function EmailLayout({
  subject,
  preview,
  d,
  kicker,
  headline,
  lead,
  footer,
  children,
}: {
  subject: string;
  preview: string;
  d: Addressed;
  kicker: string;
  headline: string;
  lead: readonly Segment[];
  footer: string;
  children: ReactNode;
}) {
  const siteLabel = new URL(d.siteUrl).host;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{subject}</title>
        <style dangerouslySetInnerHTML={{ __html: HEAD_STYLE }} />
      </Head>
      <Body style={{ margin: 0, padding: '40px 12px 48px', backgroundColor: '#ffffff' }}>
        <Preview>{preview}</Preview>
        <Container className="container" style={{ width: 600, maxWidth: 600 }}>
          <Block top={0} style={{ paddingBottom: 18, borderBottom: `1px solid ${INK}` }}>
            <Link
              href={d.siteUrl}
              target="_blank"
              rel="noopener"
              style={{ fontFamily: SERIF, fontSize: 28, lineHeight: '34px', letterSpacing: '0.5px', color: INK, textDecoration: 'none' }}
            >
              {d.productName}
            </Link>
          </Block>
          <Block top={40}>
            <Text style={{ ...LABEL, color: ACCENT }}>{kicker}</Text>
          </Block>
          <Block top={10}>
            <Heading
              as="h1"
              className="headline"
              style={{ margin: 0, fontFamily: SERIF, fontSize: 34, lineHeight: '40px', fontWeight: 400, color: INK }}
            >
              {headline}
            </Heading>
          </Block>
          <Block top={16}>
            <Text style={{ margin: 0, fontFamily: SANS, fontSize: 16, lineHeight: '26px', color: BODY }}>
              <Segments segments={lead} />
            </Text>
          </Block>
          {children}
          <Block top={40}>
            <Hr style={{ margin: 0, borderColor: RULE }} />
          </Block>
          <Block top={16}>
            <Text style={{ margin: 0, fontFamily: SANS, fontSize: 12, lineHeight: '18px', color: MUTED }}>
              <Link
                href={d.siteUrl}
                target="_blank"
                rel="noopener"
                style={{ fontFamily: SERIF, fontSize: 15, color: INK, textDecoration: 'none' }}
              >
                {d.productName}
              </Link>
              {' · '}
              <Link href={d.siteUrl} target="_blank" rel="noopener" style={{ color: MUTED, textDecoration: 'underline' }}>
                {siteLabel}
              </Link>
              <br />
              {footer}
            </Text>
          </Block>
        </Container>
      </Body>
    </Html>
  );
}
