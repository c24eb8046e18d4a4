// The Brain of Fashion over HTTP on the demo content (issue 20 part 2, decision 052), on PGlite and
// PostgreSQL, with the embedded extractive provider: a sentence only a Premium story's body holds,
// asked about as a signed-out reader, a registered reader and a Premium member would; the stream's
// events; the page without JavaScript (the consent notice first, then the answer with its
// citations); errors as a human message; never cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../demo/accounts.ts';
import { createTestApp } from '../../test/app.ts';
import { freshCookie, signIn } from '../../test/graphql.ts';
import { escapeHtml, pageText } from '../../test/html.ts';
import { storiesWith } from '../../test/stories.ts';
import type { StoryBlock } from '../content/types.ts';
import { ARGON2_TEST_PARAMS } from '../identity/credentials/password.ts';
import { ANSWERS_RATE_LIMIT, type AnswerEvent, type AnswerFailure, type AnswerResult } from './answers-service.ts';
import { readEventStream } from './event-stream.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

// Words no demo story uses, so the sentence can only come from the story it is written into.
const SENTENCE = 'Zephyrine quillwork margins narrowed to eleven percent at the Ostrava atelier.';
const QUESTION = 'What happened to zephyrine quillwork margins at Ostrava?';
let premium: { id: string; slug: string; headline: string; standfirst: string };
let member = '';
let registered = '';

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
  premium = { id: story!.id, slug: story!.slug, headline: page!.story.headline, standfirst: page!.story.standfirst };
  await app.services.search.ensureIndexed();
  await app.services.search.refresh([`/articles/${story!.slug}/`]);
  const found = await app.services.identity.identities.findByIdentifier('premium@example.com');
  const { token } = await app.services.identity.sessions.create({ identityId: found!.id, method: 'password', device: {} });
  member = await freshCookie(app, token);
  registered = (await signIn(app)).cookie;
});
afterAll(async () => {
  await app.close();
});

/** Asks through the stream, as the page's script does, and collects its events. */
async function ask(question: string, cookie = '') {
  const response = await app.inject({
    url: `/the-brain-of-fashion/answer/?q=${encodeURIComponent(question)}`,
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
  });
  expect(response.statusCode).toBe(200);
  const events: AnswerEvent[] = [];
  for await (const { data } of readEventStream(new Response(response.body).body!)) events.push(JSON.parse(data) as AnswerEvent);
  const last = events.at(-1)!;
  return { response, events, raw: response.body, last };
}

function done(events: AnswerEvent[]): AnswerResult {
  const last = events.at(-1)!;
  if (last.type !== 'done') throw new Error(`the answer ended with ${JSON.stringify(last)}`);
  return last.result;
}

describe('a sentence only in a Premium body, asked about as a reader would', () => {
  it('is never in a signed-out reader’s answer, nor anywhere in what is sent', async () => {
    const { raw, events } = await ask(QUESTION);
    expect(raw).not.toContain('eleven percent');
    expect(raw).not.toContain('Zephyrine quillwork margins narrowed');
    expect(done(events).sources.map((s) => s.id)).not.toContain(premium.id);
  });

  it('is never in a registered reader’s answer', async () => {
    const { raw } = await ask(QUESTION, registered);
    expect(raw).not.toContain('eleven percent');
  });

  it('answers a Premium member with the sentence, cited, the citation leading to the story', async () => {
    const { events } = await ask(QUESTION, member);
    const result = done(events);
    expect(result.answer).toContain(SENTENCE);
    const source = result.sources.find((s) => s.id === premium.id)!;
    expect(result.answer).toContain(`${SENTENCE} [${source.n}]`);
    expect(source.url).toBe(`/articles/${premium.slug}/`);
    expect(result.cited).toContain(source.n);
    expect(result.analytics.sourcesIds).toContain(premium.id);
  });

  it('points a signed-out reader who asks about the story’s headline to it: members can read more there', async () => {
    const { events, raw } = await ask(premium.headline);
    const result = done(events);
    expect(result.membersCanReadMore).toContainEqual({ id: premium.id, title: premium.headline, url: `/articles/${premium.slug}/` });
    expect(raw).not.toContain('eleven percent');
    // What the answer says of that story comes from its headline and standfirst, which every reader may read.
    const source = result.sources.find((s) => s.id === premium.id);
    for (const [, sentence, n] of result.answer.matchAll(/\s*(.+?) \[(\d+)\]/g)) {
      if (Number(n) === source?.n) expect(`${premium.headline}\n${premium.standfirst}`).toContain(sentence);
    }
  });
});

describe('the stream', () => {
  it('sends the sources first, then the text as it is written, then the whole answer with its analytics', async () => {
    const { response, events } = await ask('What is quiet luxury?');
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(events[0]!.type).toBe('sources');
    expect(events.filter((e) => e.type === 'text').length).toBeGreaterThan(0);
    const result = done(events);
    // The glossary defines it: the first source, cited, and named in the analytics.
    expect(result.sources[0]).toMatchObject({ kind: 'glossary', id: 'quiet-luxury', url: '/the-brain-of-fashion/#glossary-quiet-luxury' });
    expect(result.answer).toMatch(/^Quiet luxury is .+ \[1\]/);
    expect(result.analytics).toMatchObject({ type: 'success', searchTerm: 'What is quiet luxury?', fashionGlossary: ['quiet-luxury'] });
  });

  it('names the people and organisations an answer speaks of, with their profiles', async () => {
    const result = done((await ask('What did Signe Ekholm say about the Middle East?', member)).events);
    expect(result.people.map((p) => p.name)).toContain('Signe Ekholm');
    expect(result.people.find((p) => p.name === 'Signe Ekholm')!.url).toBe('/people/signe-ekholm/');
    expect(result.analytics.peopleCompanyIds).toEqual(result.people.map((p) => p.id));
  });

  it('answers an address that asks too often with type error, the wait, and no search', async () => {
    const address = '203.0.113.41';
    const asked = (question: string) =>
      app.inject({ url: `/the-brain-of-fashion/answer/?q=${encodeURIComponent(question)}`, remoteAddress: address });
    for (let n = 0; n < ANSWERS_RATE_LIMIT.points; n++) expect((await asked('What is quiet luxury?')).body).toContain('"type":"done"');
    const refused = await asked('What is quiet luxury?');
    expect(refused.statusCode).toBe(200);
    expect(refused.body).not.toContain('"type":"sources"');
    expect(refused.body).toMatch(/"type":"error".*You have asked a lot of questions in a short time\. Please ask again in \d+ seconds?\./);
    // Another reader's address is answered.
    expect((await app.inject({ url: '/the-brain-of-fashion/answer/?q=quiet+luxury', remoteAddress: '203.0.113.42' })).body).toContain(
      '"type":"done"',
    );
  });

  it('answers a question it cannot take with type error and a message for the reader', async () => {
    for (const question of ['', 'a', 'x'.repeat(1025)]) {
      const { events } = await ask(question);
      expect(events).toHaveLength(1);
      const failure = (events[0] as { type: 'error'; failure: AnswerFailure }).failure;
      expect(events[0]!.type).toBe('error');
      expect(failure.message).toMatch(/question/i);
      expect(failure.analytics.type).toBe('error');
      expect(failure.analytics.searchTerm.length).toBeLessThanOrEqual(1024);
    }
  });
});

describe('the page without JavaScript', () => {
  it('shows the consent notice with the form, and answers nothing before it is accepted', async () => {
    const response = await app.inject({ url: `/the-brain-of-fashion/?q=${encodeURIComponent('What is quiet luxury?')}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const form = /<form[^>]*aria-label="Ask The Brain of Fashion"[^>]*>[\s\S]*?<\/form>/.exec(response.body)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/the-brain-of-fashion/"');
    const checkbox = /<input[^>]*type="checkbox"[^>]*>/.exec(form)?.[0] ?? '';
    expect(checkbox).toContain('name="consent"');
    expect(checkbox).toContain('required');
    expect(pageText(response.body)).not.toContain('Sources');
    // The glossary is on the page: the anchors glossary citations lead to.
    expect(response.body).toContain('id="glossary-quiet-luxury"');
  });

  it('renders the whole answer once accepted, each citation a link to its source', async () => {
    const response = await app.inject({
      url: `/the-brain-of-fashion/?q=${encodeURIComponent(QUESTION)}&consent=yes`,
      headers: { cookie: member },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(pageText(response.body)).toContain(escapeHtml(SENTENCE));
    expect(response.body).toMatch(new RegExp(`<a href="/articles/${premium.slug}/" class="brain__cite" aria-label="Source \\d+: `));
    const signedOut = await app.inject({ url: `/the-brain-of-fashion/?q=${encodeURIComponent(QUESTION)}&consent=yes` });
    expect(signedOut.body).not.toContain('eleven percent');
  });

  it('is linked from the search page with the words searched for', async () => {
    const response = await app.inject({ url: '/search/?q=quiet+luxury' });
    expect(response.body).toContain('href="/the-brain-of-fashion/?q=quiet%20luxury"');
  });
});
