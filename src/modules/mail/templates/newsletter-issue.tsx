// An issue of a newsletter (decision 048): the masthead, the issue's opening words, then each story
// as the reader may see it — its headline, standfirst and, when the walls open it for them, the
// lead-in paragraphs; when they do not, the wall's words and a link, never the body. The newsletters
// module decides what each reader gets and renders once per access decision; the links carry a
// placeholder (RECIPIENT_PLACEHOLDER) it replaces per reader with their signed token, so one render
// serves every reader with the same decision. React Email for the HTML (the mail module's other
// emails use it too); the plain text is written beside it. Light and dark: the colours are inline
// for clients that ignore <style>, and a prefers-color-scheme rule inverts them where it is read
// (React Email's Body puts its background on a cell inside <body>: the rule names the cells too).
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { z } from 'zod';
import { ACCENT, Block, BODY, INK, LABEL, MUTED, RULE, SANS, SERIF } from './blocks.tsx';
import { httpUrl, oneLine, type RenderedEmail } from './frame.tsx';

/** Stands for the reader's token in every link until the newsletters module fills it in. */
export const RECIPIENT_PLACEHOLDER = 'RCPTTOKENRCPT';

const storySchema = z.object({
  headline: z.string().trim().min(1).max(300),
  standfirst: z.string().trim().max(1000),
  kicker: z.string().trim().max(100),
  /** The click-through link (the newsletters module's redirect). */
  url: httpUrl,
  /** The lead-in paragraphs the walls open for this reader; empty when they do not. */
  paragraphs: z.array(z.string()).max(10),
  /** The wall's words when the story is not open to this reader ("Members read the whole story."). */
  wall: z.string().trim().max(300).nullable(),
});

const issueSchema = z.object({
  productName: z.string().trim().min(1),
  siteUrl: httpUrl,
  newsletterTitle: z.string().trim().min(1).max(200),
  subject: z.string().trim().min(1).max(200),
  intro: z.string().trim().max(4000),
  stories: z.array(storySchema).max(30),
  unsubscribeUrl: httpUrl,
  preferencesUrl: httpUrl,
  /** "Test" marks a test send above the masthead. */
  test: z.boolean().default(false),
});
export type NewsletterIssueEmailData = z.input<typeof issueSchema>;

const DARK_STYLE = `
body { margin: 0; padding: 0; width: 100% !important; -webkit-text-size-adjust: 100%; }
@media only screen and (max-width: 600px) {
  .container { width: 100% !important; }
  .px { padding-left: 20px !important; padding-right: 20px !important; }
  .headline { font-size: 28px !important; line-height: 34px !important; }
}
@media (prefers-color-scheme: dark) {
  body, .bg, .bg td { background-color: #141414 !important; }
  .ink, .ink a { color: #f2f2f2 !important; }
  .body { color: #d6d6d6 !important; }
  .muted, .muted a { color: #b3b3b3 !important; }
  .accent { color: #e8867d !important; }
  .rule { border-color: #3a3a3a !important; }
}
[data-ogsc] .ink, [data-ogsc] .ink a { color: #f2f2f2 !important; }
[data-ogsc] .body { color: #d6d6d6 !important; }
[data-ogsc] .accent { color: #e8867d !important; }`;

const paragraphStyle = { margin: '12px 0 0', fontFamily: SANS, fontSize: 16, lineHeight: '26px', color: BODY } as const;

export async function renderNewsletterIssue(data: NewsletterIssueEmailData): Promise<RenderedEmail> {
  const d = issueSchema.parse(data);
  const subject = oneLine(d.test ? `[Test] ${d.subject}` : d.subject);
  const footer = `You receive ${d.newsletterTitle} because you subscribed to it on ${d.productName}.`;
  const text = [
    d.productName.toUpperCase(),
    d.newsletterTitle,
    '',
    ...(d.test ? ['TEST SEND: only you received this.', ''] : []),
    d.subject,
    '',
    ...(d.intro ? [d.intro, ''] : []),
    ...d.stories.flatMap((story) => [
      story.kicker ? story.kicker.toUpperCase() : '',
      story.headline,
      story.standfirst,
      ...story.paragraphs.flatMap((p) => ['', p]),
      ...(story.wall ? ['', story.wall] : []),
      `Read: ${story.url}`,
      '',
    ]),
    '———',
    footer,
    `Your newsletters: ${d.preferencesUrl}`,
    `Unsubscribe: ${d.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = await render(
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{subject}</title>
        <style dangerouslySetInnerHTML={{ __html: DARK_STYLE }} />
      </Head>
      <Body className="bg" style={{ margin: 0, padding: '32px 8px 48px', backgroundColor: '#ffffff' }}>
        <Preview>{d.intro || d.stories[0]?.headline || d.subject}</Preview>
        <Container className="container" style={{ width: 600, maxWidth: 600 }}>
          {d.test && (
            <Block top={0}>
              <Text className="accent" style={{ ...LABEL, color: ACCENT }}>
                Test send: only you received this
              </Text>
            </Block>
          )}
          <Block top={d.test ? 12 : 0} style={{ paddingBottom: 16, borderBottom: `1px solid ${INK}` }}>
            <Link
              href={d.siteUrl}
              className="ink"
              style={{ fontFamily: SERIF, fontSize: 28, lineHeight: '34px', letterSpacing: '0.5px', color: INK, textDecoration: 'none' }}
            >
              {d.productName}
            </Link>
            <Text className="muted" style={{ margin: '4px 0 0', fontFamily: SANS, fontSize: 13, lineHeight: '18px', color: MUTED }}>
              {d.newsletterTitle}
            </Text>
          </Block>
          <Block top={28}>
            <Heading
              as="h1"
              className="headline ink"
              style={{ margin: 0, fontFamily: SERIF, fontSize: 32, lineHeight: '38px', fontWeight: 400, color: INK }}
            >
              {d.subject}
            </Heading>
          </Block>
          {d.intro && (
            <Block top={12}>
              <Text className="body" style={{ ...paragraphStyle, margin: 0 }}>
                {d.intro}
              </Text>
            </Block>
          )}
          {d.stories.map((story, i) => (
            <Block key={i} top={28} style={{ paddingTop: 24, borderTop: `1px solid ${RULE}` }}>
              {story.kicker && (
                <Text className="accent" style={{ ...LABEL, color: ACCENT }}>
                  {story.kicker}
                </Text>
              )}
              <Heading as="h2" style={{ margin: '8px 0 0', fontFamily: SERIF, fontSize: 24, lineHeight: '30px', fontWeight: 400 }}>
                <Link href={story.url} className="ink" style={{ color: INK, textDecoration: 'none' }}>
                  {story.headline}
                </Link>
              </Heading>
              {story.standfirst && (
                <Text className="body" style={{ ...paragraphStyle, fontFamily: SERIF, fontSize: 17 }}>
                  {story.standfirst}
                </Text>
              )}
              {story.paragraphs.map((paragraph, j) => (
                <Text key={j} className="body" style={paragraphStyle}>
                  {paragraph}
                </Text>
              ))}
              {story.wall && (
                <Text className="muted" style={{ ...paragraphStyle, fontSize: 14, lineHeight: '22px', color: MUTED }}>
                  {story.wall}
                </Text>
              )}
              <Text style={{ margin: '12px 0 0', fontFamily: SANS, fontSize: 15, lineHeight: '22px', fontWeight: 600 }}>
                <Link href={story.url} className="accent" style={{ color: ACCENT, textDecoration: 'underline' }}>
                  {story.wall ? 'Read on the site' : 'Continue reading'}
                </Link>
              </Text>
            </Block>
          ))}
          <Block top={36}>
            <Hr className="rule" style={{ margin: 0, borderColor: RULE }} />
          </Block>
          <Block top={16}>
            <Text className="muted" style={{ margin: 0, fontFamily: SANS, fontSize: 13, lineHeight: '20px', color: MUTED }}>
              {footer}
              <br />
              <Link href={d.preferencesUrl} className="muted" style={{ color: MUTED, textDecoration: 'underline' }}>
                Your newsletters
              </Link>
              {' · '}
              <Link href={d.unsubscribeUrl} className="muted" style={{ color: MUTED, textDecoration: 'underline' }}>
                Unsubscribe from {d.newsletterTitle}
              </Link>
            </Text>
          </Block>
        </Container>
      </Body>
    </Html>,
  );
  return { subject, html, text };
}
