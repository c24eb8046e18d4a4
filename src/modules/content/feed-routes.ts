// Machine-readable views of the content: RSS (latest and per topic), sitemap.xml, robots.txt.
// Feeds carry headlines and standfirsts only, never story text, so no wall can be bypassed here.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config/config.ts';
import { paths } from '../../shared/paths.ts';
import { escapeXml } from '../../shared/xml.ts';
import type { ContentService, StoryCard } from './content-service.ts';

const FEED_SIZE = 30;

/**
 * What robots.txt keeps out of search engines: private pages only (a reader's account pages, the
 * admin screens, the payment, upgrade, cancellation and confirmation steps, previews, development
 * tools, the API endpoints). The packages, students' packages, FAQ and executive pages under
 * /subscriptions/ are public and indexable (issue 16).
 */
const PRIVATE_PATHS = [
  '/user/',
  '/admin/',
  '/subscriptions/individuals/',
  '/subscriptions/students/',
  '/subscriptions/upgrade/',
  '/subscriptions/cancel/',
  '/_preview/',
  '/_dev/',
  '/_sandbox/',
  '/graphql',
  '/trpc',
  '/identity/',
  '/api/',
] as const;

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

  app.get('/sitemap.xml', async (_request, reply) => {
    const entries = await content.listSitemapEntries();
    const urls = [
      { loc: `${site}/` },
      // The public pages beside the stories: legal, careers and the membership offers robots.txt lets in.
      ...[
        '/legal/',
        '/careers/',
        paths.packages(),
        '/subscriptions/packages/students/',
        '/subscriptions/faq/',
        '/subscriptions/executive/',
      ].map((p) => ({ loc: `${site}${p}` })),
      ...entries.topics.map((t) => ({ loc: `${site}${paths.topic(t.slug)}` })),
      ...entries.authors.map((a) => ({ loc: `${site}${paths.author(a.slug)}` })),
      ...entries.stories.map((s) => ({ loc: `${site}${paths.story(s.slug)}`, lastmod: s.updatedAt.toISOString() })),
    ];
    const body = urls
      .map((u) => `<url><loc>${escapeXml(u.loc)}</loc>${'lastmod' in u && u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
      .join('\n');
    return sendXml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
    );
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(['User-agent: *', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${site}/sitemap.xml`, ''].join('\n')),
  );
}

function sendXml(reply: FastifyReply, body: string) {
  return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
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
  const items = stories
    .map((s) =>
      [
        '<item>',
        `<title>${escapeXml(s.headline)}</title>`,
        `<link>${escapeXml(`${site}${paths.story(s.slug)}`)}</link>`,
        `<guid isPermaLink="true">${escapeXml(`${site}${paths.story(s.slug)}`)}</guid>`,
        `<pubDate>${new Date(s.publishedAt).toUTCString()}</pubDate>`,
        `<description>${escapeXml(s.standfirst)}</description>`,
        ...s.authors.map((a) => `<dc:creator>${escapeXml(a.name)}</dc:creator>`),
        `<category>${escapeXml(s.topic.name)}</category>`,
        '</item>',
      ].join(''),
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>${escapeXml(title)}</title>
<link>${escapeXml(link)}</link>
<description>${escapeXml(description)}</description>
<language>en-gb</language>
<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>
${items}
</channel>
</rss>
`;
}
