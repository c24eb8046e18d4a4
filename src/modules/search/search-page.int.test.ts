// /search/ over HTTP on the demo content (issue 20, decision 049), on PGlite and PostgreSQL: the
// masthead's search box, a sentence that only a Premium story's body holds searched for as a
// signed-out reader, a registered reader and a member would, the filters' links and counts, an
// event among the results, and a page that is never stored in the page cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../demo/accounts.ts';
import { createTestApp } from '../../test/app.ts';
import { signIn } from '../../test/graphql.ts';
import { escapeHtml, pageText } from '../../test/html.ts';
import { storiesWith } from '../../test/stories.ts';
import { ARGON2_TEST_PARAMS } from '../identity/credentials/password.ts';
import type { StoryBlock } from '../content/types.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

// Words no demo story uses, so the sentence can only be found in the story it is written into.
const SENTENCE = 'Zephyrine quillwork margins narrowed to eleven percent at Ostrava.';
let premium: { slug: string; headline: string; standfirst: string };

beforeAll(async () => {
  app = await createTestApp({}, { passwordParams: ARGON2_TEST_PARAMS });
  await seedDemoAccounts(app.db, app.services);
  const [story] = await storiesWith(app.db, 'premium', 1);
  const body = story!.body as StoryBlock[];
  // Past the lead-in: only a reader the walls let read the story whole may meet this paragraph.
  await app.services.content.reviseStory({
    slug: story!.slug,
    body: [...body.slice(0, 3), { type: 'paragraph', text: SENTENCE }, ...body.slice(3)],
  });
  const page = await app.services.content.readStory({
    slug: story!.slug,
    decide: async () => ({ kind: 'full', reason: 'admin', countsTowardMeter: false }),
  });
  premium = { slug: story!.slug, headline: page!.story.headline, standfirst: page!.story.standfirst };
  // The index reads the revised story through the change bus; wait until a member finds it.
  await app.services.search.ensureIndexed();
  await app.services.search.refresh([`/articles/${story!.slug}/`]);
});
afterAll(async () => {
  await app.close();
});

async function demoCookie(email: string): Promise<string> {
  const found = await app.services.identity.identities.findByIdentifier(email);
  const { token } = await app.services.identity.sessions.create({ identityId: found!.id, method: 'password', device: {} });
  const issued = await app.services.session.refreshTokens({ identitySessionToken: token });
  return `ory_kratos_session=${token}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`;
}

async function searchPage(query: string, cookie = '') {
  const response = await app.inject({ url: `/search/?${query}`, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  expect(response.statusCode).toBe(200);
  return { response, text: pageText(response.body), html: response.body };
}

const q = (words: string) => `q=${encodeURIComponent(words)}`;

describe('the search box', () => {
  it('is a GET form to /search/ in the masthead of every page, so it works without JavaScript', async () => {
    const home = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    const box = /<form[^>]*role="search"[^>]*>[\s\S]*?<\/form>/.exec(home.body)?.[0] ?? '';
    expect(box).toContain('action="/search/"');
    expect(box).toContain('method="get"');
    expect(box).toMatch(/<input[^>]*name="q"/);
  });
});

describe('a sentence only in a Premium body, searched for as a reader would', () => {
  const words = 'zephyrine quillwork margins Ostrava';

  it('is not found signed out: no result, no snippet, no hint that a story holds it', async () => {
    const { text, html } = await searchPage(q(words));
    expect(text).toContain('No results for');
    expect(html).not.toContain('eleven percent');
    expect(text).not.toContain(escapeHtml(premium.headline));
  });

  it('is not found by a registered reader', async () => {
    const reader = await signIn(app);
    const { text, html } = await searchPage(q(words), reader.cookie);
    expect(text).toContain('No results for');
    expect(html).not.toContain('eleven percent');
  });

  it('is found by a member, with the sentence as the snippet and the words marked', async () => {
    const { text, html } = await searchPage(q(words), await demoCookie('premium@example.com'));
    expect(text).toContain('1 result for');
    expect(html).toContain(`href="/articles/${premium.slug}/"`);
    expect(text).toContain(escapeHtml(SENTENCE));
    expect(html).toContain('<mark>Zephyrine</mark>');
  });

  it('finds the story by its headline for everyone, showing only the headline and standfirst to those it is walled from', async () => {
    for (const cookie of ['', (await signIn(app)).cookie]) {
      const { text, html } = await searchPage(q(premium.headline), cookie);
      expect(html).toContain(`href="/articles/${premium.slug}/"`);
      expect(text).toContain(escapeHtml(premium.standfirst));
      expect(html).not.toContain('Zephyrine');
      expect(html).not.toContain('eleven percent');
    }
  });
});

describe('the page', () => {
  it('offers filters by type, topic and date with counts, each a link that keeps the query', async () => {
    const { html, text } = await searchPage(q('fashion'));
    expect(text).toMatch(/\d+ results for “fashion”/);
    for (const label of ['Stories', 'Case studies', 'People', 'Organisations', 'Any topic', 'Past year']) expect(text).toContain(label);
    expect(html).toContain('href="/search/?q=fashion&amp;type=story"');
    expect(html).toContain('href="/search/?q=fashion&amp;date=year"');
    const filtered = await searchPage(`${q('fashion')}&type=organisation`);
    const links = [...filtered.html.matchAll(/class="search-result__title"><a href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^\/organisations\/[a-z0-9-]+\/$/);
  });

  it('finds an event, with its series, its day where it happens and its place', async () => {
    const event = (await app.services.events.listEvents({})).find((e) => e.title === 'Crossroads: The Future of Clienteling')!;
    const { html, text } = await searchPage(`${q('clienteling')}&type=event`);
    expect(html).toContain(`class="search-result__title"><a href="/events/${event.slug}/"`);
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: event.timeZone });
    expect(text).toContain(`${day.format(new Date(event.startsAt))} · ${event.platform ? `Online (${event.platform})` : event.location}`);
    expect(text).toContain('Crossroads');
    expect(text).toMatch(/Events\s*1/);
  });

  it('is never stored in the page cache, and tells search engines not to index it', async () => {
    const { response, html } = await searchPage(q('fashion'));
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it('shows the form alone without a query, and refuses nothing a reader can type', async () => {
    const empty = await searchPage('');
    expect(empty.text).toContain('Type a few words');
    const odd = await searchPage(`${q('<script>alert(1)</script>')}&type=%00&page=99999`);
    expect(odd.html).not.toContain('<script>alert(1)');
    expect(odd.text).toContain('“&lt;script&gt;alert(1)&lt;/script&gt;”');
  });
});
