// POST /api/consent and the consent assets over HTTP (inject) on a fresh copy of the template database.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestDatabase } from '../../test/database.ts';
import { BANNER_VERSION } from './browser/cookie-consent.ts';
import { createConsentService, type ConsentService } from './consent-service.ts';
import { registerConsentRoutes, type ConsentRoutesOptions } from './consent-routes.ts';

let database: Database;
let consent: ConsentService;
let app: FastifyInstance;

async function build(options: Partial<ConsentRoutesOptions> = {}) {
  const instance = Fastify();
  await registerConsentRoutes(instance, { consent, apiPrefix: '/api', staticPrefix: '/static', ...options });
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  database = await createTestDatabase();
  consent = createConsentService({ db: database.db });
  app = await build();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function decision(overrides: Record<string, unknown> = {}) {
  return {
    consentId: randomUUID(),
    userId: null,
    categories: ['nonessential', 'embeds'],
    action: 'accept_all',
    variant: 'banner',
    bannerVersion: BANNER_VERSION,
    ...overrides,
  };
}

describe('POST /api/consent', () => {
  it('records when, what, which banner and whose, so consent can be proven later', async () => {
    const body = decision({ userId: '1234' });
    const before = Date.now();
    const response = await app.inject({ method: 'POST', url: '/api/consent', payload: body });
    expect(response.statusCode).toBe(201);
    const { id, recordedAt } = response.json<{ id: string; recordedAt: string }>();
    expect(Date.parse(recordedAt)).toBeGreaterThanOrEqual(before - 1000);

    const [record] = await consent.listConsentRecords({ userId: '1234' });
    expect(record).toMatchObject({
      id,
      consentId: body.consentId,
      userId: '1234',
      categories: ['nonessential', 'embeds'],
      action: 'accept_all',
      variant: 'banner',
      bannerVersion: BANNER_VERSION,
    });
  });

  it('keeps every decision of an anonymous browser under its consent id, newest first', async () => {
    const consentId = randomUUID();
    await app.inject({ method: 'POST', url: '/api/consent', payload: decision({ consentId }) });
    await app.inject({
      method: 'POST',
      url: '/api/consent',
      payload: decision({ consentId, categories: ['embeds'], action: 'custom', variant: 'popup' }),
    });
    const records = await consent.listConsentRecords({ consentId });
    expect(records.map((r) => [r.action, r.categories])).toEqual([
      ['custom', ['embeds']],
      ['accept_all', ['nonessential', 'embeds']],
    ]);
    expect(records.every((r) => r.userId === null)).toBe(true);
  });

  it('accepts "reject non-essential" as an empty list', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/consent', payload: decision({ categories: [], action: 'reject_all' }) });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['an unknown category', { categories: ['marketing'] }],
    ['a category twice', { categories: ['embeds', 'embeds'] }],
    ['a consent id that is not a UUID', { consentId: 'abc' }],
    ['an unknown action', { action: 'maybe' }],
    ['an unknown variant', { variant: 'modal' }],
    ['no banner version', { bannerVersion: '' }],
    ['an extra field', { ip: '1.2.3.4' }],
    ['a 256-character user id', { userId: 'u'.repeat(256) }],
  ])('refuses %s with 400', async (_what, overrides) => {
    const response = await app.inject({ method: 'POST', url: '/api/consent', payload: decision(overrides) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Invalid consent record');
  });

  it('refuses a body that is not JSON or too large', async () => {
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/consent',
          payload: 'categories=all',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(415);
    expect(
      (await app.inject({ method: 'POST', url: '/api/consent', payload: { ...decision(), bannerVersion: 'v'.repeat(5000) } })).statusCode,
    ).toBe(413);
  });

  it('is rate limited per client', async () => {
    const limited = await build({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
    const statuses = [];
    for (let i = 0; i < 2; i += 1)
      statuses.push((await limited.inject({ method: 'POST', url: '/api/consent', payload: decision() })).statusCode);
    const refused = await limited.inject({ method: 'POST', url: '/api/consent', payload: decision() });
    expect([...statuses, refused.statusCode]).toEqual([201, 201, 429]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    await limited.close();
  });
});

describe('the consent assets under the static base URL', () => {
  it('serves cookie-consent.js as a self-contained script', async () => {
    const response = await app.inject({ method: 'GET', url: '/static/cookie-consent.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toContain('window.atelierConsent');
    expect(response.body).toContain(`'${BANNER_VERSION}'`);
    // Compiled: no type syntax, and nothing imported that the browser would have to fetch.
    expect(response.body).not.toMatch(/^import /m);
    expect(response.body).not.toContain('interface ConsentApi');
    const again = await app.inject({
      method: 'GET',
      url: '/static/cookie-consent.js',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves cookie-consent.css', async () => {
    const response = await app.inject({ method: 'GET', url: '/static/cookie-consent.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.body).toContain('.cc-banner');
  });

  it('follows the configured prefixes', async () => {
    const moved = await build({ staticPrefix: '/assets-static', apiPrefix: '/v2/api' });
    expect((await moved.inject({ method: 'GET', url: '/assets-static/cookie-consent.css' })).statusCode).toBe(200);
    expect((await moved.inject({ method: 'POST', url: '/v2/api/consent', payload: decision() })).statusCode).toBe(201);
    await moved.close();
  });
});
