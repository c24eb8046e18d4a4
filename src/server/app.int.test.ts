// The site through HTTP (fastify.inject) on a fresh copy of the seeded database.
import { brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stories } from '../modules/content/schema.ts';
import { createTestApp } from '../test/app.ts';
import { escapeHtml, pageText } from '../test/html.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function page(url: string) {
  const response = await app.inject({ method: 'GET', url });
  return { response, html: response.body };
}

function expectShell(html: string, path: string) {
  expect(html).toContain('<title>Atelier</title>');
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1"/>');
  expect(html).toContain(`<link rel="canonical" href="https://atelier.test${path}"/>`);
}

describe('health', () => {
  it('answers /healthz and /readyz with the database kind', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ok');
  });
});

describe('the shell (§1, §2)', () => {
  it.each(['/', '/legal/', '/careers/', '/series/bof-insights/', '/case-studies/', '/topics/luxury/'])(
    '%s has the title, viewport and trailing-slash canonical',
    async (path) => {
      const { response, html } = await page(path);
      expect(response.statusCode).toBe(200);
      expectShell(html, path);
    },
  );

  it('drops the query string from the canonical link', async () => {
    const { html } = await page('/topics/retail/?page=2');
    expect(html).toContain('<link rel="canonical" href="https://atelier.test/topics/retail/"/>');
  });

  it('redirects paths without a trailing slash, keeping the query', async () => {
    const legal = await app.inject('/legal');
    expect(legal.statusCode).toBe(301);
    expect(legal.headers.location).toBe('/legal/');
    const topic = await app.inject('/topics/retail?page=2');
    expect(topic.headers.location).toBe('/topics/retail/?page=2');
  });

  it('does not redirect /user/confirm-email (§2: no trailing slash)', async () => {
    const response = await app.inject('/user/confirm-email');
    expect(response.statusCode).not.toBe(301);
  });

  it('sends a nonce-based CSP on a page rendered for one request and gives every inline script the nonce', async () => {
    const { response, html } = await page('/subscriptions/packages/');
    const csp = String(response.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).not.toContain('unsafe-inline');
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('serves anonymous readers a cached page whose CSP lists the hashes of its inline scripts, never an account page', async () => {
    const first = await app.inject('/careers/');
    const second = await app.inject('/careers/');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(String(second.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-/);
    expect(second.body).not.toMatch(/\snonce=/);
    // A session cookie that names no session is an anonymous reader: the anonymous page (page-decision.ts).
    const bogus = await app.inject({ url: '/careers/', headers: { cookie: 'ory_kratos_session=anything' } });
    expect(bogus.headers['x-page-cache']).toBe('hit');
    expect(bogus.body).toBe(first.body);
    const account = await app.inject('/user/confirm-email');
    expect(account.headers['x-page-cache']).toBeUndefined();
  });

  it('gives each response a request id, reusing a valid incoming one', async () => {
    const fresh = await app.inject('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'req-abc-12345' } });
    expect(echoed.headers['x-request-id']).toBe('req-abc-12345');
  });

  it('compresses pages for clients that accept it', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

describe('reading pages', () => {
  it('home has a lead story, rails, latest and most read', async () => {
    const { html } = await page('/');
    expect(html).toContain('aria-label="Top stories"');
    expect(html).toContain('>Latest</h2>');
    expect(html).toContain('>Most read</h2>');
    expect((html.match(/class="card card--/g) ?? []).length).toBeGreaterThan(20);
  });

  it('a free story has its body, hero image, byline, JSON-LD and social meta', async () => {
    const home = await app.services.content.getHomePage();
    const free = [home.lead!, ...home.topStories, ...home.latest].find((s) => s.access === 'free')!;
    const { response, html } = await page(`/articles/${free.slug}/`);
    expect(response.statusCode).toBe(200);
    expectShell(html, `/articles/${free.slug}/`);
    const paragraphs = (await fullBody(free.slug)).filter((b) => b.type === 'paragraph');
    expect(paragraphs.length).toBeGreaterThan(2);
    for (const p of paragraphs) expect(pageText(html)).toContain(escapeHtml(p.text));
    expect(html).toContain('"@type":"NewsArticle"');
    expect(html).toContain('"isAccessibleForFree":true');
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toMatch(/<img[^>]+srcSet="\/img\/[^"]+ 160w/);
  });

  it('a premium story gives an anonymous reader only its lead-in and the pay wall', async () => {
    const premiumSlug = (await findStory(app, 'premium'))!;
    const { html } = await page(`/articles/${premiumSlug}/`);
    expect(html).toContain('This story is for members');
    expect(html).toContain('"isAccessibleForFree":false');
    const gated = await fullBody(premiumSlug);
    const hidden = gated.filter((b) => b.type === 'paragraph').slice(2);
    expect(hidden.length).toBeGreaterThan(0);
    for (const p of hidden) expect(pageText(html)).not.toContain(escapeHtml(p.text).slice(0, 80));
  });

  it('topic and author pages list stories with pagination', async () => {
    const { html } = await page('/topics/luxury/');
    expect(html).toContain('<h1 class="display">Luxury</h1>');
    const authors = await app.services.content.getAuthorPage({ slug: (await firstAuthorSlug())!, page: 1 });
    const { response, html: authorHtml } = await page(`/authors/${authors!.author.slug}/`);
    expect(response.statusCode).toBe(200);
    expect(authorHtml).toContain(`Stories by ${escapeHtml(authors!.author.name)}`);
    const topics = await app.services.content.listTopics();
    const pages = await Promise.all(topics.map((t) => app.services.content.getTopicPage({ slug: t.slug, page: 1 })));
    const long = pages.find((p) => p!.stories.pageCount > 1 && p!.topic.kind === 'topic')!;
    const second = await page(`/topics/${long.topic.slug}/?page=2`);
    expect(second.html).toContain(`Page 2 of ${long.stories.pageCount}`);
    expect(second.html).toContain('rel="prev"');
  });

  it('answers 404 with the designed page for unknown stories, topics, authors and paths', async () => {
    for (const path of ['/articles/no-such-story/', '/topics/no-such-topic/', '/authors/nobody/', '/no/such/page/']) {
      const { response, html } = await page(path);
      expect(response.statusCode, path).toBe(404);
      expect(html).toContain('We couldn’t find that page');
      expectShell(html, path);
    }
  });

  it('legal has #privacy and #terms anchors; careers links to the partner pages', async () => {
    const { html } = await page('/legal/');
    expect(html).toContain('id="privacy"');
    expect(html).toContain('id="terms"');
    const careers = await page('/careers/');
    expect(careers.html).toContain('href="https://careers.atelier-partners.example/jobs"');
    expect(careers.html).toContain('href="https://careers.atelier-partners.example/contact"');
  });
});

describe('the 500 page', () => {
  it('answers a failure with the designed page and the product message, never a stack trace', async () => {
    const broken = await createTestApp();
    // The content tables go missing under a running site: every loader that reads them fails.
    await broken.db.execute(sql`drop table story_topics, story_authors, stories, topics cascade`);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await broken.inject('/topics/luxury/');
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('Something went wrong!');
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(response.body).toContain('<title>Atelier</title>');
    errors.mockRestore();
    await broken.close().catch(() => {});
  });
});

describe('feeds, sitemap, robots, images, assets', () => {
  it('serves RSS of the latest stories and per topic, with standfirsts only', async () => {
    const latest = await app.inject('/rss.xml');
    expect(latest.headers['content-type']).toContain('application/xml');
    expect((latest.body.match(/<item>/g) ?? []).length).toBe(30);
    const topic = await app.inject('/topics/beauty/rss.xml');
    expect(topic.statusCode).toBe(200);
    expect(topic.body).toContain('<category>');
    expect((await app.inject('/topics/nope/rss.xml')).statusCode).toBe(404);
    const premiumSlug = (await findStory(app, 'premium'))!;
    const hidden = (await fullBody(premiumSlug)).filter((b) => b.type === 'paragraph');
    for (const p of hidden) expect(latest.body).not.toContain(p.text.slice(0, 60));
  });

  it('lists every story in sitemap.xml and points robots.txt at it', async () => {
    const sitemap = await app.inject('/sitemap.xml');
    expect((sitemap.body.match(/<loc>https:\/\/atelier\.test\/articles\//g) ?? []).length).toBeGreaterThanOrEqual(150);
    expect(sitemap.body).toContain('<loc>https://atelier.test/subscriptions/packages/</loc>');
    expect(sitemap.body).toContain('<loc>https://atelier.test/subscriptions/faq/</loc>');
    const robots = await app.inject('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://atelier.test/sitemap.xml');
  });

  it('draws demo images at the asked width, cached for a year', async () => {
    const home = await app.services.content.getHomePage();
    const response = await app.inject(`/img/${home.lead!.heroKey}/3x2/480.webp`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect((await app.inject(`/img/${home.lead!.heroKey}/3x2/481.webp`)).statusCode).toBe(404);
    expect((await app.inject('/img/no-such-image/3x2/480.webp')).statusCode).toBe(404);
  });

  it('serves hashed assets with long-lived caching', async () => {
    const { html } = await page('/');
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeDefined();
    const response = await app.inject(css!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Compressed once, at build time (decision 033), and sent as it is.
    const brotli = await app.inject({ url: css!, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(response.body);
  });
});

async function findStory(app: App, access: string): Promise<string | undefined> {
  for (let pageNumber = 1; pageNumber < 20; pageNumber++) {
    const topic = await app.services.content.getTopicPage({ slug: 'news', page: pageNumber });
    const hit = topic?.stories.items.find((s) => s.access === access);
    if (hit) return hit.slug;
    if (!topic || pageNumber >= topic.stories.pageCount) break;
  }
  const latest = await app.services.content.listLatest({ limit: 200 });
  return latest.find((s) => s.access === access)?.slug;
}

async function fullBody(slug: string) {
  const [row] = await app.db.select({ body: stories.body }).from(stories).where(eq(stories.slug, slug));
  return row!.body;
}

async function firstAuthorSlug() {
  const home = await app.services.content.getHomePage();
  return home.lead?.authors[0]?.slug;
}
