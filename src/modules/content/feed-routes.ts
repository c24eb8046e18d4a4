// Machine-readable views of the content: RSS (latest and per topic, written by `feed`),
// the content's sitemap entries (platform/sitemap.ts writes /sitemap.xml), robots.txt (decision 038).
// Feeds carry headlines and standfirsts only, never story text, so no wall can be bypassed here.
import type { FastifyInstance } from 'fastify';
import { Feed } from 'feed';
import type { Config } from '../../config/config.ts';
import { sendXml, type SitemapEntry } from '../../platform/sitemap.ts';
import { paths } from '../../shared/paths.ts';
import type { ContentService, StoryCard } from './content-service.ts';

const FEED_SIZE = 30;
const DC = { 'xmlns:dc': 'http://purl.org/dc/elements/1.1/' };

/**
 * What robots.txt keeps out of search engines: private pages only (a reader's account pages, the
 * admin screens, the payment, upgrade, cancellation and confirmation steps, previews, development
 * tools, the API endpoints). The packages, students' packages, FAQ and executive pages under
 * /subscriptions/ are public and indexable (issue 16).
 */
const PRIVATE_PATHS = [
  '/user/',
  '/careers/your-jobs/',
  '/my-bof/',
  '/admin/',
  '/subscriptions/individuals/',
  '/subscriptions/students/',
  '/subscriptions/upgrade/',
  '/subscriptions/cancel/',
  '/subscriptions/organisations/',
  '/_preview/',
  '/_dev/',
  '/_sandbox/',
  '/graphql',
  '/trpc',
  '/identity/',
  '/api/',
] as const;

/** The content's public pages for /sitemap.xml: the home page, the public pages beside the stories, topics, authors and stories. */
export async function contentSitemap(content: ContentService): Promise<SitemapEntry[]> {
  const entries = await content.listSitemapEntries();
  return [
    { path: paths.home() },
    // Legal, careers and the membership offers robots.txt lets in.
    ...[
      '/legal/',
      '/careers/',
      paths.packages(),
      '/subscriptions/packages/students/',
      '/subscriptions/faq/',
      '/subscriptions/executive/',
      paths.groups(),
      paths.professional(),
      paths.contact('professional'),
      paths.contact('student'),
      paths.contact('insights'),
      paths.contact('media'),
    ].map((path) => ({ path })),
    ...entries.topics.map((t) => ({ path: paths.topic(t.slug) })),
    ...entries.authors.map((a) => ({ path: paths.author(a.slug) })),
    ...entries.stories.map((s) => ({ path: paths.story(s.slug), lastmod: s.updatedAt })),
  ];
}

export function registerFeedRoutes(app: FastifyInstance, { content, config }: { content: ContentService; config: Config }) {
  const site = config.siteUrl;

  app.get('/rss.xml', async (_request, reply) => {
    const stories = await content.listLatest({ limit: FEED_SIZE });
    return sendXml(
      reply,
      rss({
        title: `${config.productName} — Latest`,
        description: `The latest stories from ${config.productName}.`,
        link: `${site}/`,
        self: `${site}${paths.latestFeed()}`,
        stories,
        site,
      }),
    );
  });

  app.get<{ Params: { slug: string } }>('/topics/:slug/rss.xml', async (request, reply) => {
    const topic = (await content.listTopics()).find((t) => t.slug === request.params.slug);
    if (!topic) return reply.code(404).type('text/plain').send('No such topic');
    const stories = await content.listLatest({ limit: FEED_SIZE, topicSlug: topic.slug });
    return sendXml(
      reply,
      rss({
        title: `${config.productName} — ${topic.name}`,
        description: topic.description,
        link: `${site}${paths.topic(topic.slug)}`,
        self: `${site}${paths.topicFeed(topic.slug)}`,
        stories,
        site,
      }),
    );
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(['User-agent: *', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${site}/sitemap.xml`, ''].join('\n')),
  );
}

function rss({
  title,
  description,
  link,
  self,
  stories,
  site,
}: {
  title: string;
  description: string;
  link: string;
  self: string;
  stories: StoryCard[];
  site: string;
}): string {
  const feed = new Feed({
    title: xmlText(title),
    description: xmlText(description),
    link,
    feedLinks: { rss: self },
    language: 'en-gb',
    // The newest story, so the same stories give the same bytes.
    updated: stories[0] ? new Date(stories[0].publishedAt) : undefined,
    generator: false,
  });
  for (const story of stories) {
    const url = `${site}${paths.story(story.slug)}`;
    const creators = story.authors.map((author) => ({ _attributes: DC, _text: xmlText(author.name) }));
    feed.addItem({
      title: cdataText(story.headline),
      link: url,
      date: new Date(story.publishedAt),
      // The standfirst only: never the body, which a wall may gate.
      description: cdataText(story.standfirst),
      // dc:creator, as before: RSS's own <author> is meant to hold an email address. `feed` declares
      // the dc namespace only for full content (never sent), so each element declares it. Its
      // writer (xml-js) writes an array as one element per author; `feed`'s type names one object.
      extensions: [{ name: 'dc:creator', objects: creators as unknown as Record<string, unknown> }],
      category: [{ name: xmlText(story.topic.name) }],
    });
  }
  return feed.rss2();
}

// eslint-disable-next-line no-control-regex -- dropping the characters XML 1.0 forbids is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text without the control characters XML 1.0 forbids, so a stray one cannot break a feed. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '');
}

/**
 * xmlText for the fields `feed` writes as CDATA (an item's title and description): its writer
 * (xml-js) splits the first `]]>` only, so each later one is split here.
 */
export function cdataText(text: string): string {
  const [first = '', ...rest] = xmlText(text).split(']]>');
  return rest.length === 0 ? first : `${first}]]>${rest.join(']]]]><![CDATA[>')}`;
}
