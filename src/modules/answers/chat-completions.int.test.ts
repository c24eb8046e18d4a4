// The provider contract (issue 20 part 2, decision 052): the whole app with ANSWERS_API_URL set to a
// local fake of the OpenAI chat-completions API — a real HTTP server in this test that checks each
// request it gets (the path, the key, the model, the stream flag, messages holding only passages the
// asking reader may read) and streams its answer back in pieces, as such an endpoint does. On the
// demo content, on PGlite and PostgreSQL.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../demo/accounts.ts';
import { createTestApp } from '../../test/app.ts';
import { freshCookie } from '../../test/graphql.ts';
import { storiesWith } from '../../test/stories.ts';
import type { StoryBlock } from '../content/types.ts';
import { ARGON2_TEST_PARAMS } from '../identity/credentials/password.ts';
import { UNAVAILABLE, type AnswerEvent } from './answers-service.ts';
import { SYSTEM_PROMPT } from './chat-completions-provider.ts';
import { readEventStream } from './event-stream.ts';

const SENTENCE = 'Velloria brocade orders doubled in the Tallinn atelier last spring.';
const QUESTION = 'What happened to velloria brocade orders in Tallinn?';
const CHUNKS = ['Velloria brocade ', 'orders doubled ', 'in Tallinn [2]', '.'];

interface ChatRequest {
  url: string;
  headers: IncomingMessage['headers'];
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

let fake: Server;
let requests: ChatRequest[] = [];
/** What the fake does with the next request. */
let mode: 'stream' | 'fail' = 'stream';
let app: Awaited<ReturnType<typeof createTestApp>>;
let member = '';

beforeAll(async () => {
  fake = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      requests.push({ url: request.url ?? '', headers: request.headers, body: JSON.parse(raw) as ChatRequest['body'] });
      if (mode === 'fail') {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"model overloaded"}}');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      // One chunk per write, as a model streams: the role first, then the content in pieces, then [DONE].
      const events = [
        { choices: [{ index: 0, delta: { role: 'assistant' } }] },
        ...CHUNKS.map((content) => ({ choices: [{ index: 0, delta: { content } }] })),
        { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
      ];
      for (const event of events)
        response.write(`data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', ...event })}\n\n`);
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as { port: number };
  app = await createTestApp(
    { ANSWERS_API_URL: `http://127.0.0.1:${port}/v1`, ANSWERS_API_KEY: 'test-key', ANSWERS_MODEL: 'fashion-test-model' },
    { passwordParams: ARGON2_TEST_PARAMS },
  );
  await seedDemoAccounts(app.db, app.services);
  const [story] = await storiesWith(app.db, 'premium', 1);
  const body = story!.body as StoryBlock[];
  await app.services.content.reviseStory({
    slug: story!.slug,
    body: [...body.slice(0, 3), { type: 'paragraph', text: SENTENCE }, ...body.slice(3)],
  });
  await app.services.search.ensureIndexed();
  await app.services.search.refresh([`/articles/${story!.slug}/`]);
  const found = await app.services.identity.identities.findByIdentifier('premium@example.com');
  const { token } = await app.services.identity.sessions.create({ identityId: found!.id, method: 'password', device: {} });
  member = await freshCookie(app, token);
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});
beforeEach(() => {
  requests = [];
  mode = 'stream';
});

async function ask(question: string, cookie = '') {
  const response = await app.inject({
    url: `/the-brain-of-fashion/answer/?q=${encodeURIComponent(question)}`,
    headers: cookie ? { cookie } : {},
  });
  const events: AnswerEvent[] = [];
  for await (const { data } of readEventStream(new Response(response.body).body!)) events.push(JSON.parse(data) as AnswerEvent);
  return events;
}

describe('an OpenAI-compatible chat-completions endpoint named by the settings', () => {
  it('gets one streamed request for the model, with the key, the question and numbered sources', async () => {
    await ask(QUESTION, member);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.url).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer test-key');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toMatchObject({ model: 'fashion-test-model', stream: true });
    expect(request!.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request!.body.messages[0]!.content).toBe(SYSTEM_PROMPT);
    expect(request!.body.messages[1]!.content).toMatch(
      /^Question: What happened to velloria brocade orders in Tallinn\?\n\nSources:\n\n\[1\] /,
    );
  });

  it('is given the Premium sentence when a Premium member asks, and never when a signed-out reader does', async () => {
    await ask(QUESTION, member);
    expect(requests[0]!.body.messages[1]!.content).toContain(SENTENCE);
    // Signed out, the question may find no source at all (then no request is made) or only open text.
    await ask(QUESTION);
    const sent = JSON.stringify(requests.slice(1).map((r) => r.body));
    expect(sent).not.toContain('Velloria brocade orders doubled');
    expect(sent).not.toContain('Tallinn atelier');
  });

  it('streams its answer into the page piece by piece, and the whole answer names what it cites', async () => {
    const events = await ask(QUESTION, member);
    expect(events[0]!.type).toBe('sources');
    expect(events.filter((e) => e.type === 'text').map((e) => (e.type === 'text' ? e.text : ''))).toEqual(CHUNKS);
    const last = events.at(-1)!;
    if (last.type !== 'done') throw new Error(JSON.stringify(last));
    expect(last.result.answer).toBe(CHUNKS.join(''));
    expect(last.result.cited).toEqual([2]);
    expect(last.result.analytics).toMatchObject({ type: 'success', answer: CHUNKS.join('') });
  });

  it('answers type error with a human message when the endpoint fails', async () => {
    mode = 'fail';
    const events = await ask(QUESTION, member);
    expect(requests).toHaveLength(1);
    const last = events.at(-1)!;
    expect(last).toMatchObject({
      type: 'error',
      failure: { type: 'error', message: UNAVAILABLE, analytics: { type: 'error', searchTerm: QUESTION } },
    });
  });
});
