// The feeds and the sitemap as a feed reader and a crawler read them, whatever an editor typed
// (decision 038: written by `feed` and `sitemap`). Gating (no story text in a feed) is proved on
// real stories in app.int.test.ts and walls.int.test.ts.
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { parseSitemap } from 'sitemap';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config/config.ts';
import type { ContentService, StoryCard } from './content-service.ts';
import { registerSitemap } from '../../platform/sitemap.ts';
import { contentSitemap, registerFeedRoutes } from './feed-routes.ts';

const HOSTILE_HEADLINE = 'Ends ]]> and ]]> again, with <tags> & a bell\u0007';

function card(n: number, headline: string): StoryCard {
  return {
    id: String(n),
    slug: `story-${n}`,
    headline,
    standfirst: `Standfirst ${n}: “quotes” & <angles> ]]>\u0001`,
    publishedAt: new Date(Date.UTC(2026, 10, 20 - n)).toISOString(),
    topic: { slug: 'beauty', name: 'Beauty & Care' },
    authors: [
      { slug: 'ann', name: 'Ann <O’Neil>' },
      { slug: 'bo', name: 'Bo' },
    ],
  } as StoryCard;
}

const content = {
  listLatest: async ({ topicSlug }: { topicSlug?: string }) =>
    topicSlug ? [card(2, 'Plain')] : [card(1, HOSTILE_HEADLINE), card(2, 'Plain')],
  listTopics: async () => [{ slug: 'beauty', name: 'Beauty', description: 'All about beauty & care' }],
  listSitemapEntries: async () => ({
    topics: [{ slug: 'beauty' }],
    authors: [{ slug: 'ann' }],
    stories: [{ slug: 'story-1', updatedAt: new Date('2026-11-01T10:00:00Z') }],
  }),
} as unknown as ContentService;

const app = Fastify();
registerFeedRoutes(app, { content, config: { siteUrl: 'https://atelier.test', productName: 'Atelier' } as Config });
registerSitemap(app, {
  siteUrl: 'https://atelier.test',
  sources: [() => contentSitemap(content), async () => [{ path: '/people/ann-lee/', lastmod: new Date('2026-10-01T00:00:00Z') }]],
});
afterAll(() => app.close());

/** An element's text as an XML parser reads it: CDATA sections joined, entities decoded. */
function texts(xml: string, element: string): string[] {
  return [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>([\\s\\S]*?)</${element}>`, 'g'))].map(([, inner]) =>
    inner!.includes('<![CDATA[')
      ? [...inner!.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)].map(([, section]) => section).join('')
      : inner!.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
  );
}

describe('RSS', () => {
  it('lists the latest stories: headline, link, date, standfirst, topic and authors, as readers read them', async () => {
    const response = await app.inject('/rss.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<atom:link href="https://atelier.test/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(texts(xml, 'language')).toEqual(['en-gb']);
    expect(texts(xml, 'title')).toEqual(['Atelier — Latest', 'Ends ]]> and ]]> again, with <tags> & a bell', 'Plain']);
    expect(texts(xml, 'link')).toEqual([
      'https://atelier.test/',
      'https://atelier.test/articles/story-1/',
      'https://atelier.test/articles/story-2/',
    ]);
    expect(texts(xml, 'guid')).toEqual(['https://atelier.test/articles/story-1/', 'https://atelier.test/articles/story-2/']);
    expect(texts(xml, 'pubDate')).toEqual(['Thu, 19 Nov 2026 00:00:00 GMT', 'Wed, 18 Nov 2026 00:00:00 GMT']);
    expect(texts(xml, 'description')).toEqual([
      'The latest stories from Atelier.',
      'Standfirst 1: “quotes” & <angles> ]]>',
      'Standfirst 2: “quotes” & <angles> ]]>',
    ]);
    expect(texts(xml, 'category')).toEqual(['Beauty & Care', 'Beauty & Care']);
    expect(texts(xml, 'dc:creator')).toEqual(['Ann <O’Neil>', 'Bo', 'Ann <O’Neil>', 'Bo']);
    expect(xml).toContain('<dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">');
    // Nothing XML 1.0 forbids, and no markup outside CDATA but the feed's own.
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')).not.toMatch(/<(?:tags|angles|O’Neil)/);
  });

  it('has a feed per topic, and a 404 for a topic that does not exist', async () => {
    const topic = await app.inject('/topics/beauty/rss.xml');
    expect(topic.statusCode).toBe(200);
    expect(texts(topic.body, 'title')).toEqual(['Atelier — Beauty', 'Plain']);
    expect(texts(topic.body, 'description')[0]).toBe('All about beauty & care');
    expect(topic.body).toContain('<atom:link href="https://atelier.test/topics/beauty/rss.xml" rel="self"');
    expect((await app.inject('/topics/nope/rss.xml')).statusCode).toBe(404);
  });
});

describe('sitemap.xml', () => {
  it("lists the home page, the public pages, topics, authors and stories (with their last change), then the other modules' pages", async () => {
    const response = await app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const items = await parseSitemap(Readable.from([response.body]));
    expect(items.map((item) => [item.url, item.lastmod])).toEqual([
      ['https://atelier.test/', undefined],
      ['https://atelier.test/legal/', undefined],
      ['https://atelier.test/careers/', undefined],
      ['https://atelier.test/subscriptions/packages/', undefined],
      ['https://atelier.test/subscriptions/packages/students/', undefined],
      ['https://atelier.test/subscriptions/faq/', undefined],
      ['https://atelier.test/subscriptions/executive/', undefined],
      ['https://atelier.test/subscriptions/groups/', undefined],
      ['https://atelier.test/professional/', undefined],
      ['https://atelier.test/contact/professional/', undefined],
      ['https://atelier.test/contact/student/', undefined],
      ['https://atelier.test/contact/insights/', undefined],
      ['https://atelier.test/contact/media/', undefined],
      ['https://atelier.test/topics/beauty/', undefined],
      ['https://atelier.test/authors/ann/', undefined],
      ['https://atelier.test/articles/story-1/', '2026-11-01T10:00:00.000Z'],
      // The next module's list follows the content's.
      ['https://atelier.test/people/ann-lee/', '2026-10-01T00:00:00.000Z'],
    ]);
  });
});
