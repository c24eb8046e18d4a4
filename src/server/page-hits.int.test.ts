// The page hit path (decision 070): over real HTTP, an anonymous reader's stored page is answered
// before Fastify, and that answer is the page route's answer to the same request (inject() never
// takes the hit path: it calls Fastify's handler) — status, headers and bytes — in every coding,
// for HEAD and for a revalidation. The meter still counts, and what the hit path may not answer
// (a signed-in reader, a form, a redirect, a gift link, a private page) reaches Fastify.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storiesWith } from '../test/stories.ts';
import { createTestApp } from '../test/app.ts';
import { signIn } from '../test/graphql.ts';
import { ARGON2_TEST_PARAMS } from '../modules/identity/credentials/password.ts';
import { DEFAULT_WALL_RULES } from '../modules/walls/rules.ts';
import { GIFT_PARAM } from '../modules/gifts/gift-rules.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let port: number;
/** Whether the hit path answered each request since the last reset, in order. */
let answered: boolean[] = [];
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const FREE = DEFAULT_WALL_RULES.meter.freeStories;

beforeAll(async () => {
  app = await createTestApp({}, { passwordParams: ARGON2_TEST_PARAMS });
  const serveHit = app.pages.serveHit;
  app.pages.serveHit = (request, response) => {
    const hit = serveHit(request, response);
    answered.push(hit);
    return hit;
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  await app.close();
});
beforeEach(() => {
  answered = [];
});

interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** One request over a kept-alive connection, its body as the bytes sent (no decoding). */
function over(method: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers as Answer['headers'], body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** The page route's answer to the same request: inject() goes straight to Fastify's handler. */
async function throughFastify(method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await app.inject({ method, url, headers });
  return { status: response.statusCode, headers: response.headers as Answer['headers'], body: response.rawPayload };
}

/** Headers that differ between any two answers (the clock, the request id, a new visitor's random id), and Node's connection headers. */
const PER_RESPONSE = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'set-cookie']);
function comparable({ status, headers, body }: Answer) {
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));
  // A cookie's name and attributes, not its (per-visitor) value.
  const cookies = [headers['set-cookie'] ?? []].flat().map((cookie) => cookie.replace(/=[^;]*/, '=…'));
  return { status, headers: kept, cookies, body: body.toString('base64') };
}

const meterOf = (answer: Answer) =>
  [answer.headers['set-cookie'] ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith('atelier_meter='));
const wallOf = (html: string) => /data-wall-variant="([^"]+)"/.exec(html)?.[1] ?? null;

describe('the page hit path', () => {
  it('answers an anonymous reader’s stored page exactly as the page route does, in every coding, for HEAD and a revalidation', async () => {
    const [story] = await storiesWith(app.db, 'free', 1);
    const returning = meterOf(await over('GET', `/articles/${story!.slug}/`))!;
    expect(returning).toBeDefined();
    for (const url of ['/', '/topics/luxury/', `/articles/${story!.slug}/`]) {
      // A new visitor, and on the story one who has read it (another decision: it does not count again).
      const readers: Record<string, string>[] = url.startsWith('/articles/') ? [{}, { cookie: returning }] : [{}];
      for (const reader of readers) {
        await over('GET', url, reader); // stored now, if it was not
        for (const coding of ['br', 'gzip', 'identity']) {
          const headers = { ...reader, 'accept-encoding': coding };
          answered = [];
          const hit = await over('GET', url, headers);
          expect(answered).toEqual([true]);
          expect(hit.status).toBe(200);
          expect(hit.headers['x-page-cache']).toBe('hit');
          expect(hit.headers['content-encoding']).toBe(coding === 'identity' ? undefined : coding);
          expect(comparable(hit)).toEqual(comparable(await throughFastify('GET', url, headers)));

          const head = await over('HEAD', url, headers);
          expect(head.body.length).toBe(0);
          expect(head.headers['content-length']).toBe(String(hit.body.length));
          expect(comparable(head)).toEqual(comparable(await throughFastify('HEAD', url, headers)));

          const revalidation = { ...headers, 'if-none-match': String(hit.headers.etag) };
          const notModified = await over('GET', url, revalidation);
          expect(notModified.status).toBe(304);
          expect(notModified.body.length).toBe(0);
          expect(comparable(notModified)).toEqual(comparable(await throughFastify('GET', url, revalidation)));
          expect(answered).toEqual([true, true, true]);
        }
      }
    }
  });

  it('counts a new visitor’s reads from its own meter cookie, and walls them at the limit', async () => {
    const free = await storiesWith(app.db, 'free', FREE + 1);
    const urls = free.map((story) => `/articles/${story.slug}/`);
    // Another visitor stores each free page at each count first, so the reader below reads them
    // from the store alone. The wall names the reader's experiment groups, so it is stored per
    // group: the reader's second look at it is from the store.
    for (const second of [false, true]) {
      let cookie = '';
      answered = [];
      for (const url of [...urls, urls[FREE]!]) {
        const answer = await over('GET', url, cookie ? { cookie, 'accept-encoding': 'identity' } : { 'accept-encoding': 'identity' });
        cookie = meterOf(answer) ?? cookie;
        const html = answer.body.toString();
        if (url === urls[FREE]) expect(wallOf(html)).toBe('registration-free-account');
        else expect(wallOf(html)).toBeNull();
      }
      if (second) expect([...answered.slice(0, FREE), answered.at(-1)]).toEqual([...urls.slice(0, FREE).map(() => true), true]);
    }
  });

  it('echoes a sane X-Request-ID and makes its own for any other', async () => {
    await over('GET', '/');
    const echoed = await over('GET', '/', { 'x-request-id': 'edge-7f3a9c21' });
    expect(echoed.headers['x-request-id']).toBe('edge-7f3a9c21');
    const replaced = await over('GET', '/', { 'x-request-id': 'bad id\u00e9' });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answered).toEqual([true, true, true]);
  });

  it('leaves a signed-in reader, a form, a redirect, a gift link, a private page and an unstored page to Fastify', async () => {
    const [story] = await storiesWith(app.db, 'free', 1);
    const url = `/articles/${story!.slug}/`;
    await over('GET', url);
    await over('GET', '/');
    answered = [];

    const member = await signIn(app);
    const issued = await app.services.session.refreshTokens({ identitySessionToken: member.identitySessionToken });
    const signedIn = await over('GET', url, {
      cookie: `ory_kratos_session=${member.identitySessionToken}; bof_session=${issued!.main.token}; blaize_jwt=${issued!.paywall.token}`,
    });
    expect(signedIn.status).toBe(200);
    expect(answered).toEqual([false]);

    const redirect = await over('GET', url.slice(0, -1));
    expect(redirect.status).toBe(301);
    const form = await over('POST', '/', { 'content-type': 'text/plain' });
    expect(form.status).toBe(415); // the page route's answer to a body that is not a form
    const gift = await over('GET', `${url}?${GIFT_PARAM}=00000000-0000-4000-8000-000000000000`);
    expect(gift.status).toBe(200);
    expect(gift.headers['x-page-cache']).toBeUndefined();
    const account = await over('GET', '/user/login/');
    expect(account.headers['x-page-cache']).toBeUndefined();
    app.pages.invalidate(['/']);
    const unstored = await over('GET', '/');
    expect(unstored.headers['x-page-cache']).toBe('miss');
    expect(answered).toEqual([false, false, false, false, false, false]);
  });
});
