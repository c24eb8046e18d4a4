import { describe, expect, it, vi } from 'vitest';
import { personOf } from '../identity/people.ts';
import { combineClaimsSources, identityClaimsSource } from './claims-source.ts';
import { createKeyRing } from './keys.ts';
import { AuthError, createUserResolver, requireUser, type UserResolver } from './resolve-user.ts';
import type { IssuedTokens } from './session-service.ts';
import { createClock, createMemoryKeyStore, TEST_SECRET } from './session-test-fakes.ts';
import { createTokenIssuer, type MainTokenClaims } from './tokens.ts';

const TTL = 600;
const SUBJECT = '0b7a4a44-54b4-4a43-9d43-3e0d3c8e8a11';
const SESSION = '5f0c2a9e-7d3b-4c1e-9a8f-2b6d4e1c3a70';
/** Identity session tokens and the sessions they name: the token's own, another of the same person, another person's. */
const sessions = (): Record<string, { id: string; identityId: string; claimsChangedAt: Date | null }> => ({
  'live-session': { id: SESSION, identityId: SUBJECT, claimsChangedAt: null },
  'second-device': { id: '9d1e7b2c-0a4f-4e6b-8c3d-5f2a1b0e9c87', identityId: SUBJECT, claimsChangedAt: null },
  'someone-else': { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', identityId: '6c8e0a2b-4d6f-4a1c-9e3b-5d7f9a1c3e50', claimsChangedAt: null },
});
const claims: MainTokenClaims = {
  user_id: '7',
  email: 'ada@example.com',
  membership_level: 'None',
  membership_type: 'None',
  is_bof_admin: false,
  is_first_login: false,
  unclaimed_membership_account_id: null,
  is_challenged: false,
  is_user_data_complete: false,
  email_verified: true,
};
const paywallClaims = { entitlements: [], meter: { period: '2026-03', read: [] }, experiment_groups: [] };

async function setup() {
  const clock = createClock();
  const keys = createKeyRing({ store: createMemoryKeyStore(), secret: TEST_SECRET, tokenTtlSeconds: TTL, now: clock.now });
  const tokens = createTokenIssuer({ keys, issuer: 'https://atelier.test', ttlSeconds: TTL, now: clock.now });
  const holder = { identityId: SUBJECT, sessionId: SESSION };
  const main = (await tokens.mintMainToken(holder, claims)).token;
  const paywall = (await tokens.mintPaywallToken(holder, paywallClaims)).token;
  const issued = {
    main: { token: 'new-main' },
    paywall: { token: 'new-paywall' },
    user: { isLoggedIn: true, id: '7' },
  } as unknown as IssuedTokens;
  const refresh = vi.fn(async (token: string) => (token === 'live-session' ? issued : null));
  const known = sessions();
  const activeSession = vi.fn(async (token: string) => known[token] ?? null);
  const resolver = createUserResolver({ tokens, refresh, activeSession });
  return { clock, tokens, main, paywall, issued, refresh, resolver, known };
}

const header = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
/** The page's session for these cookies, parsed and as the header they came in. */
const pageSession = (resolver: UserResolver, values: Record<string, string>) => resolver.resolvePageSession(values, header(values));

describe('userFromRequest', () => {
  it('gives the verified claims with the identity cookie beside the token', async () => {
    const { resolver, main } = await setup();
    expect(await resolver.userFromRequest({ ory_kratos_session: 'live-session', bof_session: main })).toMatchObject({
      ...claims,
      sub: SUBJECT,
    });
  });

  it('is anonymous without cookies, after logout (no identity cookie), and for tampered or expired tokens', async () => {
    const { resolver, main, clock } = await setup();
    expect(await resolver.userFromRequest({})).toBeNull();
    expect(await resolver.userFromRequest({ bof_session: main })).toBeNull();
    const [h, p, s] = main.split('.');
    const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), is_bof_admin: true })).toString(
      'base64url',
    );
    expect(await resolver.userFromRequest({ ory_kratos_session: 'live-session', bof_session: `${h}.${raised}.${s}` })).toBeNull();
    clock.advance(TTL * 1000);
    expect(await resolver.userFromRequest({ ory_kratos_session: 'live-session', bof_session: main })).toBeNull();
  });

  it('is anonymous when the identity session cookie is not the one the token was minted from, or has ended', async () => {
    const { resolver, main, paywall } = await setup();
    for (const identity of ['x', 'someone-else', 'second-device', 'ended']) {
      expect(await resolver.userFromRequest({ ory_kratos_session: identity, bof_session: main })).toBeNull();
      expect(await resolver.paywallFromRequest({ ory_kratos_session: identity, blaize_jwt: paywall })).toBeNull();
    }
    expect(await resolver.paywallFromRequest({ ory_kratos_session: 'live-session', blaize_jwt: paywall })).toMatchObject({
      sub: SUBJECT,
      sid: SESSION,
    });
  });
});

describe('resolvePageSession', () => {
  it('keeps valid tokens and derives the §3 session user from them', async () => {
    const { resolver, main, paywall, refresh } = await setup();
    const page = await pageSession(resolver, { ory_kratos_session: 'live-session', bof_session: main, blaize_jwt: paywall });
    expect(page.cookies).toEqual({ kind: 'keep' });
    expect(page.user).toMatchObject({ isLoggedIn: true, id: '7', email: 'ada@example.com', isMember: false, zephrToken: paywall });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('mints both tokens for an identity session without valid tokens (just signed in, or expired while reading)', async () => {
    const { resolver, main, paywall, clock, issued } = await setup();
    expect(await pageSession(resolver, { ory_kratos_session: 'live-session' })).toEqual({
      user: issued.user,
      cookies: { kind: 'set', tokens: issued },
    });
    clock.advance(TTL * 1000);
    expect(await pageSession(resolver, { ory_kratos_session: 'live-session', bof_session: main, blaize_jwt: paywall })).toEqual({
      user: issued.user,
      cookies: { kind: 'set', tokens: issued },
    });
  });

  it('clears tokens left without an identity session, and leaves an anonymous reader’s cookies alone', async () => {
    const { resolver, main, paywall } = await setup();
    expect(await pageSession(resolver, { bof_session: main, blaize_jwt: paywall })).toEqual({ user: null, cookies: { kind: 'clear' } });
    expect(await pageSession(resolver, { ory_kratos_session: 'revoked', blaize_jwt: 'x' })).toEqual({
      user: null,
      cookies: { kind: 'clear' },
    });
    expect(await pageSession(resolver, { other: '1' })).toEqual({ user: null, cookies: { kind: 'keep' } });
  });

  it('mints again for the identity session in the cookie when the tokens came from another one', async () => {
    const { resolver, main, paywall, issued, refresh } = await setup();
    expect(await pageSession(resolver, { ory_kratos_session: 'live-session', bof_session: main, blaize_jwt: paywall })).toMatchObject({
      cookies: { kind: 'keep' },
    });
    expect(refresh).not.toHaveBeenCalled();
    expect(await pageSession(resolver, { ory_kratos_session: 'someone-else', bof_session: main, blaize_jwt: paywall })).toEqual({
      user: null,
      cookies: { kind: 'clear' },
    });
    expect(refresh).toHaveBeenLastCalledWith('someone-else', expect.any(String));
    refresh.mockResolvedValueOnce(issued);
    expect(await pageSession(resolver, { ory_kratos_session: 'second-device', bof_session: main, blaize_jwt: paywall })).toEqual({
      user: issued.user,
      cookies: { kind: 'set', tokens: issued },
    });
  });
});

describe('a change to what the tokens say (decision 046)', () => {
  it('makes tokens minted before it stale: the API answers anonymous (the browser refreshes), a page mints new ones', async () => {
    const { resolver, main, paywall, issued, known, tokens } = await setup();
    const cookies = { ory_kratos_session: 'live-session', bof_session: main, blaize_jwt: paywall };
    known['live-session']!.claimsChangedAt = new Date('2026-03-01T12:00:00.123Z');
    expect(await resolver.userFromRequest(cookies)).toBeNull();
    expect(await resolver.paywallFromRequest(cookies)).toBeNull();
    expect(await pageSession(resolver, cookies)).toEqual({ user: issued.user, cookies: { kind: 'set', tokens: issued } });

    // Tokens minted after the change carry its version, to the millisecond, and stand.
    const holder = { identityId: SUBJECT, sessionId: SESSION, claimsVersion: known['live-session']!.claimsChangedAt.getTime() };
    const fresh = { ...cookies, bof_session: (await tokens.mintMainToken(holder, claims)).token };
    expect(await resolver.userFromRequest(fresh)).toMatchObject({ sub: SUBJECT, claims_version: 1772366400123 });
    known['live-session']!.claimsChangedAt = new Date('2026-03-01T12:00:00.124Z');
    expect(await resolver.userFromRequest(fresh)).toBeNull();
  });
});

describe('AuthError', () => {
  it('is what an operation needing a user gets for an anonymous request', () => {
    expect(() => requireUser(null)).toThrow(AuthError);
    expect(() => requireUser(undefined)).toThrow(
      expect.objectContaining({ type: 'AuthError', statusCode: 401, message: 'You need to sign in to do that.' }),
    );
    expect(requireUser({ user_id: '7' })).toEqual({ user_id: '7' });
  });
});

describe('claims sources', () => {
  // The people port's `get`, answering with the person such an identity row makes.
  const identity = (traits: Record<string, unknown>, metadataAdmin: Record<string, unknown> | null = null) => ({
    get: vi.fn(async () => personOf({ traits, metadataAdmin } as never)),
  });

  it('reads admin from metadata_admin.is_bof_admin === true only, and completeness from both names', async () => {
    const source = (traits: Record<string, unknown>, admin: Record<string, unknown> | null) =>
      identityClaimsSource(identity(traits, admin) as never);
    expect(await source({ email: 'a@x.com', name: { first: 'Ada', last: 'Okafor' } }, { is_bof_admin: true }).claimsFor('id')).toEqual({
      isBofAdmin: true,
      isUserDataComplete: true,
    });
    expect(await source({ email: 'a@x.com', name: { first: 'Ada' } }, { is_bof_admin: 'true' }).claimsFor('id')).toEqual({
      isBofAdmin: false,
      isUserDataComplete: false,
    });
    expect(await source({ email: 'a@x.com', name: { first: ' ', last: 'Okafor' } }, null).claimsFor('id')).toEqual({
      isBofAdmin: false,
      isUserDataComplete: false,
    });
  });

  it('lets a later source override an earlier one, fact by fact', async () => {
    const combined = combineClaimsSources(
      { claimsFor: async () => ({ isBofAdmin: true, isUserDataComplete: false }) },
      {
        claimsFor: async () => ({
          membershipLevel: 'Premium',
          membershipType: 'Individual',
          isUserDataComplete: true,
          isBofAdmin: undefined,
        }),
      },
    );
    expect(await combined.claimsFor('id')).toEqual({
      isBofAdmin: true,
      isUserDataComplete: true,
      membershipLevel: 'Premium',
      membershipType: 'Individual',
    });
  });
});
