// What only kept parts of a page show (cards, a story's text) goes to the browser once, as the
// server's HTML, not a second time as the data the page hydrates with (decision 062). A data
// request (client-side navigation, a revalidation) renders in the browser, so it carries them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { storiesWith } from '../test/stories.ts';
import { escapeHtml, pageText } from '../test/html.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const get = (url: string) => app.inject({ url, headers: { 'accept-encoding': 'identity' } });

/** The data a document hands React Router to hydrate with (the turbo-stream chunks it enqueues). */
function hydrationData(html: string): string {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g)];
  expect(chunks.length).toBeGreaterThan(0);
  return chunks.map((chunk) => JSON.parse(chunk[1]!) as string).join('');
}

/** Every card's headline on a page, as the reader reads it. */
const headlines = (html: string) =>
  [...html.matchAll(/class="card__headline"><a [^>]*>([^<]+)<\/a>/g)].map((match) =>
    match[1]!.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"'),
  );

describe('kept parts are sent once', () => {
  it('the home page: every card in the HTML, none in its hydration data; its route data carries them all', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    const cards = headlines(page.body);
    expect(cards.length).toBeGreaterThan(20);
    const data = hydrationData(page.body);
    expect(data).toContain('keptOnServer');
    for (const headline of cards) expect(data).not.toContain(headline);
    // The document's data is the masthead's and footer's, not the page's: a few KB, not tens.
    expect(data.length).toBeLessThan(4_000);

    const routeData = await get('/_root.data');
    expect(routeData.statusCode).toBe(200);
    for (const headline of cards) expect(routeData.body).toContain(headline);
  });

  it('a topic: its cards are kept the same way', async () => {
    const page = await get('/topics/news/');
    const cards = headlines(page.body);
    expect(cards.length).toBeGreaterThan(5);
    const data = hydrationData(page.body);
    for (const headline of cards) expect(data).not.toContain(headline);
    const routeData = (await get('/topics/news.data')).body;
    for (const headline of cards) expect(routeData).toContain(headline);
  });

  it('a story: its text, topics and related stories are in the HTML only; the headline is in both', async () => {
    const [story] = await storiesWith(app.db, 'free', 1);
    const page = await get(`/articles/${story!.slug}/`);
    expect(page.statusCode).toBe(200);
    const paragraphs = story!.body.filter((block) => block.type === 'paragraph').map((block) => (block as { text: string }).text);
    expect(paragraphs.length).toBeGreaterThan(2);
    const data = hydrationData(page.body);
    for (const text of paragraphs) {
      expect(pageText(page.body)).toContain(escapeHtml(text).slice(0, 60));
      expect(data).not.toContain(text.slice(0, 60));
    }
    for (const headline of headlines(page.body)) expect(data).not.toContain(headline);
    // What the browser renders itself (the share and gift controls, the analytics) is still there.
    expect(data).toContain(`"${story!.slug}"`);

    const routeData = (await get(`/articles/${story!.slug}.data`)).body;
    for (const text of paragraphs) expect(routeData).toContain(text.slice(0, 60));
  });
});
