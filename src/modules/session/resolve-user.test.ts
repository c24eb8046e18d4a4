import { describe, expect, it, vi } from 'vitest';
import { combineClaimsSources, identityClaimsSource } from './claims-source.ts';
import { createKeyRing } from './keys.ts';
import { AuthError, createUserResolver, requireUser } from './resolve-user.ts';
import type { IssuedTokens } from './session-service.ts';
import { createClock, createMemoryKeyStore, TEST_SECRET } from './session-test-fakes.ts';
import { createTokenIssuer, type MainTokenClaims } from './tokens.ts';

const TTL = 600;
const SUBJECT = '0b7a4a44-54b4-4a43-9d43-3e0d3c8e8a11';
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
};
const paywallClaims = { entitlements: [], meter: { period: '2026-03', read: [] }, experiment_groups: [] };

async function setup() {
  const clock = createClock();
  const keys = createKeyRing({ store: createMemoryKeyStore(), secret: TEST_SECRET, tokenTtlSeconds: TTL, now: clock.now });
  const tokens = createTokenIssuer({ keys, issuer: 'https://atelier.test', ttlSeconds: TTL, now: clock.now });
  const main = (await tokens.mintMainToken(SUBJECT, claims)).token;
  const paywall = (await tokens.mintPaywallToken(SUBJECT, paywallClaims)).token;
  const issued = { main: { token: 'new-main' }, paywall: { token: 'new-paywall' }, user: { isLoggedIn: true, id: '7' } } as unknown as IssuedTokens;
  const refresh = vi.fn(async (token: string) => (token === 'live-session' ? issued : null));
  const resolver = createUserResolver({ tokens, refresh });
  return { clock, tokens, main, paywall, issued, refresh, resolver };
}

const cookies = (values: Record<string, string>) => Object.entries(values).map(([name, value]) => `${name}=${value}`).join('; ');

describe('userFromRequest', () => {
  it('gives the verified claims with the identity cookie beside the token', async () => {
    const { resolver, main } = await setup();
    expect(await resolver.userFromRequest(cookies({ ory_kratos_session: 'live-session', bof_session: main }))).toMatchObject({ ...claims, sub: SUBJECT });
  });

  it('is anonymous without cookies, after logout (no identity cookie), and for tampered or expired tokens', async () => {
    const { resolver, main, clock } = await setup();
    expect(await resolver.userFromRequest(undefined)).toBeNull();
    expect(await resolver.userFromRequest(cookies({ bof_session: main }))).toBeNull();
    const [h, p, s] = main.split('.');
    const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), is_bof_admin: true })).toString('base64url');
    expect(await resolver.userFromRequest(cookies({ ory_kratos_session: 'live-session', bof_session: `${h}.${raised}.${s}` }))).toBeNull();
    clock.advance(TTL * 1000);
    expect(await resolver.userFromRequest(cookies({ ory_kratos_session: 'live-session', bof_session: main }))).toBeNull();
  });
});

describe('resolvePageSession', () => {
  it('keeps valid tokens and derives the §3 session user from them', async () => {
    const { resolver, main, paywall, refresh } = await setup();
    const page = await resolver.resolvePageSession(cookies({ ory_kratos_session: 'live-session', bof_session: main, blaize_jwt: paywall }));
    expect(page.cookies).toEqual({ kind: 'keep' });
    expect(page.user).toMatchObject({ isLoggedIn: true, id: '7', email: 'ada@example.com', isMember: false, zephrToken: paywall });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('mints both tokens for an identity session without valid tokens (just signed in, or expired while reading)', async () => {
    const { resolver, main, paywall, clock, issued } = await setup();
    expect(await resolver.resolvePageSession(cookies({ ory_kratos_session: 'live-session' }))).toEqual({ user: issued.user, cookies: { kind: 'set', tokens: issued } });
    clock.advance(TTL * 1000);
    expect(await resolver.resolvePageSession(cookies({ ory_kratos_session: 'live-session', bof_session: main, blaize_jwt: paywall }))).toEqual({ user: issued.user, cookies: { kind: 'set', tokens: issued } });
  });

  it('clears tokens left without an identity session, and leaves an anonymous reader’s cookies alone', async () => {
    const { resolver, main, paywall } = await setup();
    expect(await resolver.resolvePageSession(cookies({ bof_session: main, blaize_jwt: paywall }))).toEqual({ user: null, cookies: { kind: 'clear' } });
    expect(await resolver.resolvePageSession(cookies({ ory_kratos_session: 'revoked', blaize_jwt: 'x' }))).toEqual({ user: null, cookies: { kind: 'clear' } });
    expect(await resolver.resolvePageSession(cookies({ other: '1' }))).toEqual({ user: null, cookies: { kind: 'keep' } });
  });
});

describe('AuthError', () => {
  it('is what an operation needing a user gets for an anonymous request', () => {
    expect(() => requireUser(null)).toThrow(AuthError);
    expect(() => requireUser(undefined)).toThrow(expect.objectContaining({ type: 'AuthError', statusCode: 401, message: 'You need to sign in to do that.' }));
    expect(requireUser({ user_id: '7' })).toEqual({ user_id: '7' });
  });
});

describe('claims sources', () => {
  const identity = (traits: Record<string, unknown>, metadataAdmin: Record<string, unknown> | null = null) => ({
    get: vi.fn(async () => ({ identity: { traits, metadataAdmin }, addresses: [] })),
  });

  it('reads admin from metadata_admin.is_bof_admin === true only, and completeness from both names', async () => {
    const source = (traits: Record<string, unknown>, admin: Record<string, unknown> | null) => identityClaimsSource(identity(traits, admin) as never);
    expect(await source({ email: 'a@x.com', name: { first: 'Ada', last: 'Okafor' } }, { is_bof_admin: true }).claimsFor('id')).toEqual({ isBofAdmin: true, isUserDataComplete: true });
    expect(await source({ email: 'a@x.com', name: { first: 'Ada' } }, { is_bof_admin: 'true' }).claimsFor('id')).toEqual({ isBofAdmin: false, isUserDataComplete: false });
    expect(await source({ email: 'a@x.com', name: { first: ' ', last: 'Okafor' } }, null).claimsFor('id')).toEqual({ isBofAdmin: false, isUserDataComplete: false });
  });

  it('lets a later source override an earlier one, fact by fact', async () => {
    const combined = combineClaimsSources(
      { claimsFor: async () => ({ isBofAdmin: true, isUserDataComplete: false }) },
      { claimsFor: async () => ({ membershipLevel: 'Premium', membershipType: 'Individual', isUserDataComplete: true, isBofAdmin: undefined }) },
    );
    expect(await combined.claimsFor('id')).toEqual({ isBofAdmin: true, isUserDataComplete: true, membershipLevel: 'Premium', membershipType: 'Individual' });
  });
});
