// The product session: exchanges an identity session for the two signed tokens (the auth
// endpoint and first page loads call it), publishes the keys, and resolves users from cookies.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Db } from '../../db/database.ts';
import type { IdentityService } from '../identity/identity-service.ts';
import { sessionUserFromTokens } from '../../shared/auth/session-user.ts';
import { DEFAULT_CLAIM_FACTS, identityClaimsSource, type ClaimsSource } from './claims-source.ts';
import { createDbSigningKeyStore, createKeyRing, type KeyRing } from './keys.ts';
import type { IssuedTokens } from './issued-tokens.ts';
import { claimsVersionOf, createUserResolver } from './resolve-user.ts';
import { sessionFirstSeen } from './schema.ts';
import { createTokenIssuer, meterPeriod, type MainTokenClaims, type PaywallClaims, type TokenIssuer } from './tokens.ts';

/** The paywall token's state; the walls issue supplies the real one. */
export interface PaywallSource {
  /** `cookieHeader`: the request's cookies, for state the reader built up before signing in (the anonymous meter). */
  paywallFor(
    reader: { userId: string | null; membershipLevel: string; isBofAdmin: boolean; emailVerified?: boolean },
    at: Date,
    cookieHeader?: string,
  ): Promise<PaywallClaims>;
}

export const emptyPaywallSource: PaywallSource = {
  paywallFor: async (_reader, at) => ({ entitlements: [], meter: { period: meterPeriod(at), read: [] }, experiment_groups: [] }),
};

export type { IssuedTokens } from './issued-tokens.ts';

export interface SessionServiceOptions {
  db: Db;
  identity: Pick<IdentityService, 'whoami' | 'people' | 'activeSession'>;
  /** IDENTITY_SECRET: seals the private signing keys. */
  secret: string;
  /** The site's URL (`iss`). */
  issuer: string;
  tokenTtlSeconds: number;
  /** Membership and user-data facts; the identity's own facts when omitted. */
  claimsSource?: ClaimsSource;
  paywallSource?: PaywallSource;
  now?: () => Date;
  /** Tests pass their own ring (a controllable clock, an in-memory store). */
  keys?: KeyRing;
}

/**
 * tokenize_as templates and their lifetimes in seconds (Kratos's default ttl is a minute). A Map,
 * so a template named like an object's own property (__proto__, constructor) is simply unknown.
 */
export const TOKENIZE_TEMPLATES: ReadonlyMap<string, number> = new Map([['default', 60]]);

export function createSessionService(options: SessionServiceOptions) {
  const { db, identity, issuer, tokenTtlSeconds, now = () => new Date() } = options;
  const keys = options.keys ?? createKeyRing({ store: createDbSigningKeyStore(db), secret: options.secret, tokenTtlSeconds, now });
  const tokens: TokenIssuer = createTokenIssuer({ keys, issuer, ttlSeconds: tokenTtlSeconds, now });
  const claimsSource = options.claimsSource ?? identityClaimsSource(identity.people);
  const paywallSource = options.paywallSource ?? emptyPaywallSource;

  /** True for tokens minted within the identity session in which the identity was first seen. */
  async function isFirstLogin(identityId: string, sessionId: string, at: Date): Promise<boolean> {
    const [row] = await db
      .insert(sessionFirstSeen)
      .values({ identityId, firstSeenAt: at, firstSessionId: sessionId })
      // A no-op update so the existing row comes back in the same statement.
      .onConflictDoUpdate({ target: sessionFirstSeen.identityId, set: { identityId: sql`${sessionFirstSeen.identityId}` } })
      .returning();
    return row!.firstSessionId === sessionId;
  }

  /**
   * The two tokens for the holder of an identity session token, or null when it names no active
   * session (the caller clears the cookies).
   */
  async function refreshTokens({
    identitySessionToken,
    cookieHeader,
  }: {
    identitySessionToken: string | undefined;
    cookieHeader?: string;
  }): Promise<IssuedTokens | null> {
    if (!identitySessionToken) return null;
    const session = await identity.whoami(identitySessionToken).catch(() => null);
    if (!session) return null;
    const person = await identity.people.get(session.identityId);
    if (!person || !person.active || person.userId === null) return null;
    const { userId } = person;
    const at = now();
    const [facts, firstLogin] = await Promise.all([
      claimsSource.claimsFor(person.identityId),
      isFirstLogin(person.identityId, session.id, at),
    ]);
    const merged = { ...DEFAULT_CLAIM_FACTS, ...facts };
    // The paywall token follows from the same facts (its entitlements from the membership level).
    const paywallClaims = await paywallSource.paywallFor(
      { userId, membershipLevel: merged.membershipLevel, isBofAdmin: merged.isBofAdmin, emailVerified: person.emailVerified },
      at,
      cookieHeader,
    );
    const claims: MainTokenClaims = {
      user_id: userId,
      email: person.email,
      membership_level: merged.membershipLevel,
      membership_type: merged.membershipType,
      is_bof_admin: merged.isBofAdmin,
      is_first_login: firstLogin,
      unclaimed_membership_account_id: merged.unclaimedMembershipAccountId,
      is_challenged: merged.isChallenged,
      is_user_data_complete: merged.isUserDataComplete,
      // The membership level stays (the account pages show what was bought); the walls and the
      // paywall token's entitlements hold it back until the address is confirmed (decision 040).
      email_verified: person.emailVerified,
    };
    // The session was read before the claims: a change after this read marks these tokens stale.
    const holder = { identityId: person.identityId, sessionId: session.id, claimsVersion: claimsVersionOf(session) };
    const [main, paywall] = await Promise.all([tokens.mintMainToken(holder, claims), tokens.mintPaywallToken(holder, paywallClaims)]);
    const sessionSeconds = Math.floor((session.expiresAt.getTime() - at.getTime()) / 1000);
    return {
      main,
      paywall,
      claims,
      user: sessionUserFromTokens(main.token, paywall.token),
      cookieMaxAgeSeconds: Math.max(sessionSeconds, tokenTtlSeconds),
    };
  }

  const resolver = createUserResolver({
    tokens,
    refresh: (identitySessionToken, cookieHeader) => refreshTokens({ identitySessionToken, cookieHeader }),
    activeSession: (identitySessionToken) => identity.activeSession(identitySessionToken),
  });

  /**
   * Kratos's whoami `tokenize_as`: the identity session as a short JWT (base claims jti, iss,
   * exp, nbf, iat, sid, sub plus the email), signed with the same published keys. Null for a
   * template that does not exist.
   */
  async function tokenizeSession(template: string, session: { id: string; identityId: string }): Promise<string | null> {
    const ttl = TOKENIZE_TEMPLATES.get(template);
    if (ttl === undefined) return null;
    const person = await identity.people.get(session.identityId);
    const { kid, key } = await keys.signingKey();
    const at = Math.floor(now().getTime() / 1000);
    return new SignJWT({ sid: session.id, email: person?.email, user_id: person?.userId ?? undefined })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setJti(randomUUID())
      .setIssuer(issuer)
      .setSubject(session.identityId)
      .setIssuedAt(at)
      .setNotBefore(at)
      .setExpirationTime(at + ttl)
      .sign(key);
  }

  return {
    tokenTtlSeconds,
    refreshTokens,
    tokenizeSession,
    /** The JWKS document (public keys only). */
    jwks: () => keys.publicJwks(),
    verifyMainToken: tokens.verifyMainToken,
    verifyPaywallToken: tokens.verifyPaywallToken,
    userFromRequest: resolver.userFromRequest,
    paywallFromRequest: resolver.paywallFromRequest,
    resolvePageSession: resolver.resolvePageSession,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
