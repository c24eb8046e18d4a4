// The product session over HTTP (fastify.inject): POST /api/auth, the JWKS, and pages resolving
// the reader from the cookies, on a fresh copy of the seeded database.
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2_TEST_PARAMS } from '../identity/credentials/password.ts';
import { identities } from '../identity/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { createDbSigningKeyStore, createKeyRing, ROTATION_INTERVAL_MS } from './keys.ts';
import { signingKeys } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
const SITE = 'https://atelier.test';
let counter = 0;
const newEmail = () => `session${Date.now()}${counter++}@example.com`;

beforeAll(async () => {
  app = await createTestApp({ IDENTITY_SECRET: 'session-int-secret-session-int-secret-01' }, { passwordParams: ARGON2_TEST_PARAMS });
});
afterAll(async () => {
  await app.close();
});

/** An identity with an active identity session; `token` is the ory_kratos_session cookie value. */
async function signedIn({ first = 'Ada', last = 'Okafor', verified = true }: { first?: string; last?: string; verified?: boolean } = {}) {
  const { identities: store, sessions } = app.services.identity;
  const email = newEmail();
  const person = await store.create({ traits: { email, name: { first, last } }, verified });
  const { token, session } = await sessions.create({ identityId: person.identity.id, method: 'password', device: {} });
  return { email, identityId: person.identity.id, userId: String(person.identity.metadataPublic!.user_id), token, sessionId: session.id };
}

function refresh({
  cookie,
  origin = SITE,
  headers = {},
  body = { castleRequestToken: '', currentUrl: `${SITE}/` },
  remoteAddress,
}: { cookie?: string; origin?: string | null; headers?: Record<string, string>; body?: unknown; remoteAddress?: string } = {}) {
  return app.inject({
    method: 'POST',
    remoteAddress,
    url: '/api/auth',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}), ...(cookie ? { cookie } : {}), ...headers },
    payload: JSON.stringify(body),
  });
}

/** name → { value, attributes } of the Set-Cookie headers. */
function setCookies(response: { headers: Record<string, unknown> }) {
  const raw = response.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? (raw as string[]) : [String(raw)];
  const out: Record<string, { value: string; attributes: string[] }> = {};
  for (const line of lines) {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const index = pair!.indexOf('=');
    out[pair!.slice(0, index)] = { value: pair!.slice(index + 1), attributes: attributes.map((a) => a.toLowerCase()) };
  }
  return out;
}

async function jwks(): Promise<JSONWebKeySet> {
  return (await app.inject('/.well-known/jwks.json')).json();
}

describe('POST /api/auth (§7)', () => {
  it('exchanges the identity session for bof_session and blaize_jwt, readable by the browser', async () => {
    const person = await signedIn();
    const response = await refresh({ cookie: `ory_kratos_session=${person.token}` });
    expect(response.statusCode).toBe(204);
    expect(response.headers['cache-control']).toBe('no-store');
    const cookies = setCookies(response);
    expect(Object.keys(cookies).sort()).toEqual(['blaize_jwt', 'bof_session']);
    for (const cookie of Object.values(cookies)) {
      expect(cookie.attributes).toEqual(expect.arrayContaining(['path=/', 'samesite=lax', 'secure']));
      expect(cookie.attributes).not.toContain('httponly');
      // The cookie outlives the token (the browser then refreshes it), never the identity session.
      const maxAge = Number(cookie.attributes.find((a) => a.startsWith('max-age='))!.slice(8));
      expect(maxAge).toBeGreaterThanOrEqual(600);
      expect(maxAge).toBeLessThanOrEqual(24 * 60 * 60);
    }

    const main = decodeJwt(cookies.bof_session!.value);
    expect(main).toEqual({
      user_id: person.userId,
      email: person.email,
      membership_level: 'None',
      membership_type: 'None',
      is_bof_admin: false,
      is_first_login: true,
      unclaimed_membership_account_id: null,
      is_challenged: false,
      // A name alone is not complete: one-more-step also asks for work details (decision 009).
      is_user_data_complete: false,
      email_verified: true,
      exp: main.iat! + 600,
      iat: expect.any(Number),
      iss: SITE,
      sub: person.identityId,
      sid: person.sessionId,
      jti: expect.any(String),
    });
    const paywall = decodeJwt(cookies.blaize_jwt!.value);
    expect(paywall).toMatchObject({
      sub: person.identityId,
      sid: person.sessionId,
      entitlements: ['registered'],
      meter: { period: new Date().toISOString().slice(0, 7), read: [] },
      experiment_groups: [expect.stringMatching(/^payoffer-[ab]#/)],
    });
    expect(paywall.exp! - paywall.iat!).toBe(600);
  });

  it('keeps the membership level of an unconfirmed address but holds back what it opens until the address is confirmed (decision 040)', async () => {
    const person = await signedIn({ verified: false });
    await app.services.memberships.grant({ identityId: person.identityId, level: 'Standard', type: 'Individual', source: 'subscription' });
    const before = setCookies(await refresh({ cookie: `ory_kratos_session=${person.token}` }));
    expect(decodeJwt(before.bof_session!.value)).toMatchObject({ membership_level: 'Standard', email_verified: false });
    expect(decodeJwt(before.blaize_jwt!.value)).toMatchObject({ entitlements: ['registered'] });

    await app.services.identity.identities.markVerified(person.identityId, person.email);
    const after = setCookies(await refresh({ cookie: `ory_kratos_session=${person.token}` }));
    expect(decodeJwt(after.bof_session!.value)).toMatchObject({ membership_level: 'Standard', email_verified: true });
    expect(decodeJwt(after.blaize_jwt!.value)).toMatchObject({ entitlements: ['registered', 'premium'] });
  });

  it('signs both tokens with a key published at /.well-known/jwks.json (public halves only)', async () => {
    const person = await signedIn();
    const cookies = setCookies(await refresh({ cookie: `ory_kratos_session=${person.token}` }));
    const response = await app.inject('/.well-known/jwks.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const set = response.json<JSONWebKeySet>();
    expect(set.keys.length).toBeGreaterThan(0);
    for (const key of set.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
      expect(key).not.toHaveProperty('d');
    }
    const keySet = createLocalJWKSet(set);
    const { payload } = await jwtVerify(cookies.bof_session!.value, keySet, { issuer: SITE, algorithms: ['ES256'] });
    expect(payload.user_id).toBe(person.userId);
    await expect(jwtVerify(cookies.blaize_jwt!.value, keySet, { issuer: SITE })).resolves.toBeTruthy();

    // At rest the private half is sealed, not stored as a JWK.
    const rows = await app.db.select().from(signingKeys);
    expect(rows.map((r) => r.kid)).toEqual(expect.arrayContaining(set.keys.map((k) => k.kid)));
    for (const row of rows) expect(row.privateJwkEncrypted).not.toMatch(/"d"/);
  });

  it('says is_first_login throughout the first identity session only', async () => {
    const person = await signedIn();
    const first = decodeJwt(setCookies(await refresh({ cookie: `ory_kratos_session=${person.token}` })).bof_session!.value);
    const again = decodeJwt(setCookies(await refresh({ cookie: `ory_kratos_session=${person.token}` })).bof_session!.value);
    expect([first.is_first_login, again.is_first_login]).toEqual([true, true]);
    const { token } = await app.services.identity.sessions.create({ identityId: person.identityId, method: 'password', device: {} });
    const later = decodeJwt(setCookies(await refresh({ cookie: `ory_kratos_session=${token}` })).bof_session!.value);
    expect(later.is_first_login).toBe(false);
  });

  it('reads admin from metadata_admin and data completeness from the names', async () => {
    const person = await signedIn({ last: '' });
    await app.db
      .update(identities)
      .set({ metadataAdmin: { is_bof_admin: true } })
      .where(eq(identities.id, person.identityId));
    const claims = decodeJwt(setCookies(await refresh({ cookie: `ory_kratos_session=${person.token}` })).bof_session!.value);
    expect(claims).toMatchObject({ is_bof_admin: true, is_user_data_complete: false });
  });

  it('works for a session made through the identity API (registration), and accepts a form body', async () => {
    const flow = (
      await app.inject({ method: 'GET', url: '/identity/self-service/registration/api', headers: { accept: 'application/json' } })
    ).json<{ id: string }>();
    const email = newEmail();
    const registered = await app.inject({
      method: 'POST',
      url: `/identity/self-service/registration?flow=${flow.id}`,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      payload: { method: 'password', password: 'Velvet-Orchid-Tannery-1987', traits: { email, name: { first: 'Grace', last: 'Mensah' } } },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const { session_token: token } = registered.json<{ session_token: string }>();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { origin: SITE, cookie: `ory_kratos_session=${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `castleRequestToken=&currentUrl=${encodeURIComponent(`${SITE}/articles/x/`)}`,
    });
    expect(response.statusCode).toBe(204);
    expect(decodeJwt(setCookies(response).bof_session!.value)).toMatchObject({ email, is_first_login: true, is_user_data_complete: false });
  });

  it('clears both cookies without an identity session, or with one that has ended', async () => {
    for (const cookie of [undefined, 'ory_kratos_session=ory_st_unknown', 'bof_session=a.b.c; blaize_jwt=a.b.c']) {
      const response = await refresh({ cookie });
      expect(response.statusCode).toBe(204);
      const cookies = setCookies(response);
      expect(Object.keys(cookies).sort()).toEqual(['blaize_jwt', 'bof_session']);
      for (const c of Object.values(cookies)) {
        expect(c.value).toBe('');
        expect(c.attributes.some((a) => a === 'max-age=0' || a.startsWith('expires=thu, 01 jan 1970'))).toBe(true);
      }
    }
    const person = await signedIn();
    await app.services.identity.sessions.revoke(person.sessionId);
    expect(setCookies(await refresh({ cookie: `ory_kratos_session=${person.token}` })).bof_session!.value).toBe('');
  });

  it('refuses cross-origin requests (CSRF) and accepts a same-origin Referer when Origin is missing', async () => {
    const person = await signedIn();
    const cookie = `ory_kratos_session=${person.token}`;
    const evil = await refresh({ cookie, origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.headers['set-cookie']).toBeUndefined();
    expect((await refresh({ cookie, origin: 'null' })).statusCode).toBe(403);
    expect((await refresh({ cookie, origin: null })).statusCode).toBe(403);
    expect((await refresh({ cookie, origin: null, headers: { referer: 'https://evil.example/atelier.test/' } })).statusCode).toBe(403);
    expect((await refresh({ cookie, origin: null, headers: { referer: `${SITE}/topics/retail/` } })).statusCode).toBe(204);
  });

  it('validates the body: strings only, and a currentUrl on this site', async () => {
    expect((await refresh({ body: {} })).statusCode).toBe(400);
    expect((await refresh({ body: { castleRequestToken: 42 } })).statusCode).toBe(400);
    expect((await refresh({ body: { castleRequestToken: 'x', currentUrl: 'https://evil.example/' } })).statusCode).toBe(400);
    expect((await refresh({ body: { castleRequestToken: 'x', currentUrl: '/articles/x/' } })).statusCode).toBe(204);
    expect((await refresh({ body: { castleRequestToken: 'x' } })).statusCode).toBe(204);
  });
});

describe('userFromRequest (pages, GraphQL, tRPC)', () => {
  it('gives the verified claims, and refuses tampered tokens and tokens without the identity session', async () => {
    const person = await signedIn();
    const cookies = setCookies(await refresh({ cookie: `ory_kratos_session=${person.token}` }));
    const main = cookies.bof_session!.value;
    const { session } = app.services;
    expect(await session.userFromRequest({ ory_kratos_session: person.token, bof_session: main })).toMatchObject({
      user_id: person.userId,
      email: person.email,
      sid: person.sessionId,
    });

    const [header, payload, signature] = main.split('.');
    const raised = Buffer.from(JSON.stringify({ ...decodeJwt(main), membership_level: 'AllAccess' })).toString('base64url');
    expect(await session.userFromRequest({ ory_kratos_session: person.token, bof_session: `${header}.${raised}.${signature}` })).toBeNull();
    expect(
      await session.userFromRequest({
        ory_kratos_session: person.token,
        bof_session: `${header}.${payload}.${signature!.slice(0, -4)}AAAA`,
      }),
    ).toBeNull();
    expect(await session.userFromRequest({ ory_kratos_session: person.token, bof_session: cookies.blaize_jwt!.value })).toBeNull();
    expect(await session.userFromRequest({ bof_session: main })).toBeNull();
    expect(await session.userFromRequest({})).toBeNull();
    // Every published key verifies it independently too.
    await expect(jwtVerify(main, createLocalJWKSet(await jwks()))).resolves.toBeTruthy();
  });
});

describe('pages (the header, correct on the first render)', () => {
  // The server renders the signed-in header from the audience; the page names no one (the browser
  // fills in "Signed in as" from the cookie, decision 034).
  const signedInHeader = (html: string, email: string) => {
    expect(html).toContain('My account');
    expect(html).not.toContain(email);
    expect(html).toContain('href="/user/logout/"');
    expect(html).not.toContain('>Sign in</a>');
  };

  it('shows the account menu for a request carrying the cookies, and Sign in otherwise', async () => {
    const person = await signedIn();
    const cookies = setCookies(await refresh({ cookie: `ory_kratos_session=${person.token}` }));
    const cookie = `ory_kratos_session=${person.token}; bof_session=${cookies.bof_session!.value}; blaize_jwt=${cookies.blaize_jwt!.value}`;
    const signed = await app.inject({ url: '/', headers: { cookie } });
    expect(signed.statusCode).toBe(200);
    signedInHeader(signed.body, person.email);
    expect(signed.headers['set-cookie']).toBeUndefined();

    const anonymous = await app.inject('/');
    expect(anonymous.body).toContain('>Sign in</a>');
    expect(anonymous.body).toContain('>Subscribe</a>');
    expect(anonymous.body).not.toContain('My account');
  });

  it('mints the cookies on the first page after sign-in, so that page is already signed in', async () => {
    const person = await signedIn();
    const response = await app.inject({ url: '/legal/', headers: { cookie: `ory_kratos_session=${person.token}` } });
    signedInHeader(response.body, person.email);
    const cookies = setCookies(response);
    expect(Object.keys(cookies).sort()).toEqual(['blaize_jwt', 'bof_session']);
    expect(decodeJwt(cookies.bof_session!.value).user_id).toBe(person.userId);
  });

  it('signs out a page whose identity session is gone, clearing the leftover tokens', async () => {
    const person = await signedIn();
    const cookies = setCookies(await refresh({ cookie: `ory_kratos_session=${person.token}` }));
    const response = await app.inject({
      url: '/',
      headers: { cookie: `bof_session=${cookies.bof_session!.value}; blaize_jwt=${cookies.blaize_jwt!.value}` },
    });
    expect(response.body).toContain('>Sign in</a>');
    expect(setCookies(response).bof_session!.value).toBe('');
  });

  it('treats a tampered token as no token: re-minted from the identity session', async () => {
    const person = await signedIn();
    const cookies = setCookies(await refresh({ cookie: `ory_kratos_session=${person.token}` }));
    const [header, , signature] = cookies.bof_session!.value.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(cookies.bof_session!.value), membership_level: 'AllAccess' })).toString(
      'base64url',
    );
    const response = await app.inject({
      url: '/',
      headers: {
        cookie: `ory_kratos_session=${person.token}; bof_session=${header}.${forged}.${signature}; blaize_jwt=${cookies.blaize_jwt!.value}`,
      },
    });
    signedInHeader(response.body, person.email);
    expect(response.body).not.toContain('>Member</span>');
    expect(decodeJwt(setCookies(response).bof_session!.value).membership_level).toBe('None');
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After after 120 refreshes a minute from one address, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++)
      statuses.push((await refresh({ remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': `198.51.100.${i % 250}` } })).statusCode);
    expect(statuses.every((s) => s === 204)).toBe(true);
    const refused = await refresh({ remoteAddress: '203.0.113.9' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
  });
});

// Last in the file: its clock runs days ahead and expires the app's own keys.
describe('the key ring on the database', () => {
  it('rotates, keeps the previous key published, and deletes keys whose tokens have all expired', async () => {
    let t = Date.now() + 2 * ROTATION_INTERVAL_MS;
    const ring = createKeyRing({
      store: createDbSigningKeyStore(app.db),
      secret: 'session-int-secret-session-int-secret-01',
      tokenTtlSeconds: 600,
      now: () => new Date(t),
    });
    const first = (await ring.signingKey()).kid;
    t += ROTATION_INTERVAL_MS;
    const second = (await ring.signingKey()).kid;
    expect(second).not.toBe(first);
    expect((await ring.publicJwks()).keys.map((k) => k.kid)).toEqual([second, first]);
    t += ROTATION_INTERVAL_MS;
    const third = (await ring.signingKey()).kid;
    const kids = (await app.db.select({ kid: signingKeys.kid }).from(signingKeys)).map((r) => r.kid);
    expect(kids).not.toContain(first);
    expect(kids).toEqual(expect.arrayContaining([second, third]));
  });
});
