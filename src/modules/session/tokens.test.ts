import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { readMainTokenClaims, sessionUserFromTokens } from '../../shared/auth/session-user.ts';
import { createKeyRing, ROTATION_INTERVAL_MS } from './keys.ts';
import { createClock, createMemoryKeyStore, TEST_SECRET } from './session-test-fakes.ts';
import { createTokenIssuer, MAIN_TOKEN_TYPE, meterPeriod, type MainTokenClaims } from './tokens.ts';

const ISSUER = 'https://atelier.test';
const TTL = 600;
const SUBJECT = '0b7a4a44-54b4-4a43-9d43-3e0d3c8e8a11';
const SESSION = '5f0c2a9e-7d3b-4c1e-9a8f-2b6d4e1c3a70';
const HOLDER = { identityId: SUBJECT, sessionId: SESSION };

const claims: MainTokenClaims = {
  user_id: '1042',
  email: 'ada@example.com',
  membership_level: 'None',
  membership_type: 'None',
  is_bof_admin: false,
  is_first_login: true,
  unclaimed_membership_account_id: null,
  is_challenged: false,
  is_user_data_complete: true,
  email_verified: true,
};

function setup() {
  const clock = createClock();
  const store = createMemoryKeyStore();
  const keys = createKeyRing({ store, secret: TEST_SECRET, tokenTtlSeconds: TTL, now: clock.now });
  const issuer = createTokenIssuer({ keys, issuer: ISSUER, ttlSeconds: TTL, now: clock.now });
  return { clock, store, keys, issuer };
}

/** The token with its payload replaced, signature kept. */
function withPayload(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, payload, signature] = token.split('.');
  const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  change(decoded);
  return [header, Buffer.from(JSON.stringify(decoded)).toString('base64url'), signature].join('.');
}

describe('the main token (bof_session)', () => {
  it('carries exactly the §3 claims plus iat, iss, sub, sid (the identity session) and jti, expiring after the lifetime', async () => {
    const { issuer, clock } = setup();
    const { token, expiresAt } = await issuer.mintMainToken(HOLDER, { ...claims, extra: 'dropped' } as MainTokenClaims);
    const payload = decodeJwt(token);
    const iat = Math.floor(clock.now().getTime() / 1000);
    expect(payload).toEqual({ ...claims, exp: iat + TTL, iat, iss: ISSUER, sub: SUBJECT, sid: SESSION, jti: expect.any(String) });
    expect(expiresAt.getTime()).toBe((iat + TTL) * 1000);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: expect.any(String), typ: MAIN_TOKEN_TYPE });
  });

  it('decodes in the browser auth layer into the §3 session user', async () => {
    const { issuer } = setup();
    const main = await issuer.mintMainToken(HOLDER, { ...claims, membership_level: 'Premium', membership_type: 'Student' });
    const paywall = await issuer.mintPaywallToken(HOLDER, {
      entitlements: [],
      meter: { period: '2026-03', read: [] },
      experiment_groups: [],
    });
    expect(readMainTokenClaims(main.token)?.userId).toBe('1042');
    expect(sessionUserFromTokens(main.token, paywall.token)).toEqual({
      isLoggedIn: true,
      isMember: true,
      isStudent: true,
      isBofAdmin: false,
      id: '1042',
      email: 'ada@example.com',
      initials: '',
      membershipType: 'Student',
      membershipLevel: 'Premium',
      isFirstLogin: true,
      zephrToken: paywall.token,
      unclaimedMembershipAccountId: null,
      isChallenged: false,
      isUserDataComplete: true,
      isEmailVerified: true,
    });
  });

  it('verifies, and verifies with plain jose against the published JWKS', async () => {
    const { issuer, keys, clock } = setup();
    const { token } = await issuer.mintMainToken(HOLDER, claims);
    const check = await issuer.verifyMainToken(token);
    expect(check).toEqual({ ok: true, claims: expect.objectContaining({ ...claims, sub: SUBJECT }) });
    const { payload } = await jwtVerify(token, createLocalJWKSet(await keys.publicJwks()), { issuer: ISSUER, currentDate: clock.now() });
    expect(payload.user_id).toBe('1042');
  });

  it('refuses a tampered payload, header or signature', async () => {
    const { issuer } = setup();
    const { token } = await issuer.mintMainToken(HOLDER, claims);
    const raised = withPayload(token, (p) => (p.membership_level = 'AllAccess'));
    expect(await issuer.verifyMainToken(raised)).toEqual({ ok: false, reason: 'invalid' });
    const otherUser = withPayload(token, (p) => (p.user_id = '1'));
    expect(await issuer.verifyMainToken(otherUser)).toEqual({ ok: false, reason: 'invalid' });
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature!.slice(0, 10)}${signature![10] === 'A' ? 'B' : 'A'}${signature!.slice(11)}`;
    expect(await issuer.verifyMainToken([header, payload, flipped].join('.'))).toEqual({ ok: false, reason: 'invalid' });
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: MAIN_TOKEN_TYPE })).toString('base64url')}.${payload}.`;
    expect(await issuer.verifyMainToken(none)).toEqual({ ok: false, reason: 'invalid' });
    expect(await issuer.verifyMainToken('garbage')).toEqual({ ok: false, reason: 'invalid' });
    expect(await issuer.verifyMainToken(undefined)).toEqual({ ok: false, reason: 'missing' });
  });

  it('refuses a token signed by a key it does not know, even with a known kid', async () => {
    const { issuer, keys } = setup();
    const { kid } = await keys.signingKey();
    const stranger = await generateKeyPair('ES256');
    const forged = await new SignJWT({ ...claims, sid: SESSION })
      .setProtectedHeader({ alg: 'ES256', kid, typ: MAIN_TOKEN_TYPE })
      .setIssuer(ISSUER)
      .setSubject(SUBJECT)
      .setIssuedAt()
      .setExpirationTime('5m')
      .setJti('x')
      .sign(stranger.privateKey);
    expect(await issuer.verifyMainToken(forged)).toEqual({ ok: false, reason: 'invalid' });
    const unknownKid = await new SignJWT({ ...claims, sid: SESSION })
      .setProtectedHeader({ alg: 'ES256', kid: 'unknown', typ: MAIN_TOKEN_TYPE })
      .setIssuer(ISSUER)
      .setSubject(SUBJECT)
      .setIssuedAt()
      .setExpirationTime('5m')
      .setJti('x')
      .sign(stranger.privateKey);
    expect(await issuer.verifyMainToken(unknownKid)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses another issuer’s token and a paywall token in its place', async () => {
    const { issuer, keys, clock } = setup();
    const elsewhere = createTokenIssuer({ keys, issuer: 'https://elsewhere.test', ttlSeconds: TTL, now: clock.now });
    expect(await issuer.verifyMainToken((await elsewhere.mintMainToken(HOLDER, claims)).token)).toEqual({ ok: false, reason: 'invalid' });
    const paywall = await issuer.mintPaywallToken(HOLDER, {
      entitlements: [],
      meter: { period: '2026-03', read: [] },
      experiment_groups: [],
    });
    expect(await issuer.verifyMainToken(paywall.token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses an expired token', async () => {
    const { issuer, clock } = setup();
    const { token } = await issuer.mintMainToken(HOLDER, claims);
    clock.advance(TTL * 1000 - 1000);
    expect((await issuer.verifyMainToken(token)).ok).toBe(true);
    clock.advance(1000);
    expect(await issuer.verifyMainToken(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('keeps verifying tokens of the previous key after rotation, until they expire', async () => {
    const { issuer, clock } = setup();
    await issuer.mintMainToken(HOLDER, claims);
    clock.advance(ROTATION_INTERVAL_MS - 60_000);
    const old = await issuer.mintMainToken(HOLDER, claims);
    // The next key was published with that mint; the first retires a minute later.
    clock.advance(60_000);
    const fresh = await issuer.mintMainToken(HOLDER, claims);
    expect(decodeProtectedHeader(fresh.token).kid).not.toBe(decodeProtectedHeader(old.token).kid);
    expect((await issuer.verifyMainToken(old.token)).ok).toBe(true);
    expect((await issuer.verifyMainToken(fresh.token)).ok).toBe(true);
  });
});

describe('the paywall token (blaize_jwt)', () => {
  it('carries entitlements, the meter and experiment groups for the subject', async () => {
    const { issuer, clock } = setup();
    const { token } = await issuer.mintPaywallToken(HOLDER, {
      entitlements: [],
      meter: { period: meterPeriod(clock.now()), read: [] },
      experiment_groups: [],
    });
    const iat = Math.floor(clock.now().getTime() / 1000);
    expect(decodeJwt(token)).toEqual({
      entitlements: [],
      meter: { period: '2026-03', read: [] },
      experiment_groups: [],
      sub: SUBJECT,
      sid: SESSION,
      iss: ISSUER,
      iat,
      exp: iat + TTL,
      jti: expect.any(String),
    });
    expect(await issuer.verifyPaywallToken(token)).toMatchObject({
      ok: true,
      claims: { sub: SUBJECT, meter: { period: '2026-03', read: [] } },
    });
  });

  it('refuses a main token in its place and a tampered meter', async () => {
    const { issuer } = setup();
    const main = await issuer.mintMainToken(HOLDER, claims);
    expect(await issuer.verifyPaywallToken(main.token)).toEqual({ ok: false, reason: 'invalid' });
    const { token } = await issuer.mintPaywallToken(HOLDER, {
      entitlements: [],
      meter: { period: '2026-03', read: ['a'] },
      experiment_groups: [],
    });
    expect(await issuer.verifyPaywallToken(withPayload(token, (p) => (p.meter = { period: '2026-03', read: [] })))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
