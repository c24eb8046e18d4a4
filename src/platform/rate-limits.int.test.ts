// Throttling over HTTP (issue 13; docs/decisions/016): per-address limits that a forged
// X-Forwarded-For does not escape, 429 answers with Retry-After in each endpoint's own shape,
// sign-in throttling that slows a guesser without locking the owner out, and counts shared
// through Redis by every process.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2_TEST_PARAMS } from '../modules/identity/credentials/password.ts';
import { createTestApp } from '../test/app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };
const PASSWORD = 'Velvet-Orchid-Tannery-1987';
const ATTACKER = '198.51.100.66';
const OWNER = '203.0.113.20';

const testApp = (env: Record<string, string> = {}) => createTestApp(env, { passwordParams: ARGON2_TEST_PARAMS });

/** A sign-in submission without a flow: refused by the identity API, but counted by its limit. */
const submit = (app: TestApp, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/identity/self-service/login', headers: { ...JSON_HEADERS, ...headers }, payload: {}, remoteAddress });

async function register(app: TestApp): Promise<string> {
  const email = `throttle-${randomUUID()}@example.com`;
  const flow = (await app.inject({ method: 'GET', url: '/identity/self-service/registration/api', headers: JSON_HEADERS })).json<{
    id: string;
  }>();
  const registered = await app.inject({
    method: 'POST',
    url: `/identity/self-service/registration?flow=${flow.id}`,
    headers: JSON_HEADERS,
    payload: { method: 'password', password: PASSWORD, traits: { email, name: { first: 'Grace', last: 'Mensah' } } },
  });
  expect(registered.statusCode, registered.body).toBe(200);
  return email;
}

/** A password sign-in through an API flow from `remoteAddress`: the status and the flow's messages. */
async function signIn(app: TestApp, identifier: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) {
  const flow = (await app.inject({ method: 'GET', url: '/identity/self-service/login/api', headers: JSON_HEADERS, remoteAddress })).json<{
    id: string;
  }>();
  const response = await app.inject({
    method: 'POST',
    url: `/identity/self-service/login?flow=${flow.id}`,
    headers: { ...JSON_HEADERS, ...headers },
    payload: { method: 'password', identifier, password },
    remoteAddress,
  });
  const body = response.json<{ session_token?: string; ui?: { messages?: { id: number; text: string }[] } }>();
  return { status: response.statusCode, token: body.session_token, messages: body.ui?.messages ?? [] };
}

/** The seconds a throttled sign-in is told to wait (message 4000001); 0 when it was not throttled. */
const waitOf = (answer: { messages: { id: number; text: string }[] }) =>
  Number(/Please wait (\d+) seconds/.exec(answer.messages[0]?.text ?? '')?.[1] ?? 0);

describe('the client address behind a proxy', () => {
  let app: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    app = await testApp();
    behindProxy = await testApp({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' });
  });
  afterAll(async () => {
    await app.close();
    await behindProxy.close();
  });

  it('ignores X-Forwarded-For by default: 70 submissions from one client, each naming a new address, hit the limit of 60', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) statuses.push((await submit(app, { 'x-forwarded-for': `192.0.2.${i}` })).statusCode);
    expect(statuses.slice(0, 60)).not.toContain(429);
    expect(statuses.slice(60)).toEqual(Array(10).fill(429));
  });

  it('answers the 61st with 429, Retry-After and Kratos’s error shape', async () => {
    const refused = await submit(app);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      error: {
        code: 429,
        status: 'Too Many Requests',
        message: 'Too many requests',
        reason: `Please wait ${retryAfter} seconds before trying again.`,
      },
    });
  });

  it('counts the forwarded address when the request comes from a configured proxy', async () => {
    for (let i = 0; i < 60; i++)
      expect((await submit(behindProxy, { 'x-forwarded-for': '192.0.2.1' }, '10.1.2.3')).statusCode).not.toBe(429);
    expect((await submit(behindProxy, { 'x-forwarded-for': '192.0.2.1' }, '10.1.2.3')).statusCode).toBe(429);
    // Another client behind the same proxy has its own count…
    expect((await submit(behindProxy, { 'x-forwarded-for': '192.0.2.2' })).statusCode).not.toBe(429);
    // …but a client that is not a configured proxy cannot borrow one's address.
    for (let i = 0; i < 60; i++)
      expect((await submit(behindProxy, { 'x-forwarded-for': `192.0.2.${100 + i}` }, '198.51.100.9')).statusCode).not.toBe(429);
    expect((await submit(behindProxy, { 'x-forwarded-for': '192.0.2.250' }, '198.51.100.9')).statusCode).toBe(429);
  });

  it('records the forwarded address on the session only from a configured proxy', async () => {
    const email = await register(behindProxy);
    const viaProxy = await signIn(behindProxy, email, PASSWORD, '10.9.9.9', { 'x-forwarded-for': '192.0.2.77' });
    const direct = await signIn(behindProxy, email, PASSWORD, '198.51.100.10', { 'x-forwarded-for': '192.0.2.78' });
    const devices = async (token: string) =>
      (
        await behindProxy.inject({
          method: 'GET',
          url: '/identity/sessions/whoami',
          headers: { accept: 'application/json', 'x-session-token': token },
        })
      )
        .json<{ devices: { ip_address: string }[] }>()
        .devices.map((d) => d.ip_address);
    expect(await devices(viaProxy.token!)).toEqual(['192.0.2.77']);
    expect(await devices(direct.token!)).toEqual(['198.51.100.10']);
  });
});

describe('sign-in throttling', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('slows the address guessing a password, while the owner elsewhere signs in at once', async () => {
    const email = await register(app);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await signIn(app, email, `wrong-guess-${i}`, ATTACKER));
    expect(answers.slice(0, 5).map((a) => a.messages[0]?.id)).toEqual(Array(5).fill(4000006)); // invalid credentials
    // Then each failure, and each try during the wait, doubles the wait: 20 tries leave about 15 minutes.
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect(answers.at(-1)!.messages[0]?.text).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(waitOf(answers.at(-1)!)).toBeGreaterThan(600);

    const owner = await signIn(app, email, PASSWORD, OWNER);
    expect(owner.status).toBe(200);
    expect(owner.token).toBeTruthy();

    // The guesser is still made to wait, even with the right password.
    const guesser = await signIn(app, email, PASSWORD, ATTACKER);
    expect(guesser.status).toBe(400);
    expect(waitOf(guesser)).toBeGreaterThan(600);
  });

  it('lets an address that signs in start afresh on that account', async () => {
    const email = await register(app);
    const address = '203.0.113.77';
    for (let i = 0; i < 5; i++) expect((await signIn(app, email, `wrong-${i}`, address)).messages[0]?.id).toBe(4000006);
    expect((await signIn(app, email, PASSWORD, address)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(app, email, `wrong-again-${i}`, address)).messages[0]?.id).toBe(4000006);
  });
});

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

describe.skipIf(!(await redisAnswers()))('limits shared through Redis', () => {
  const prefix = `atelier-test-${randomUUID()}`;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, IDENTITY_RATE_LIMIT_PER_MINUTE: '30' };
    [first, second] = await Promise.all([testApp(env), testApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts requests to either process against one limit', async () => {
    const statuses = [];
    for (let i = 0; i < 32; i++) statuses.push((await submit(i % 2 ? second : first, {}, '192.0.2.40')).statusCode);
    expect(statuses.slice(0, 30)).not.toContain(429);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('slows a password guesser on every process once one has seen the failures', async () => {
    const email = 'shared-throttle@example.com'; // the throttle counts whether or not the account exists here
    for (let i = 0; i < 20; i++) await signIn(first, email, `wrong-${i}`, '192.0.2.41');
    expect(waitOf(await signIn(second, email, 'wrong-20', '192.0.2.41'))).toBeGreaterThan(600);
    expect(waitOf(await signIn(second, email, 'wrong-21', '192.0.2.42'))).toBe(0);
  });
});
