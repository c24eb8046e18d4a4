// Who is asking, from the request's cookies: pages, GraphQL and tRPC all ask here. A missing,
// expired or tampered main token is anonymous, and so is a genuine one beside an identity session
// cookie that is not the session it was minted from (another user's, a made-up value, one that
// has ended): the token says who, the identity session proves it is still them (issue 13), and
// says whether what the token claims has changed since it was minted (decision 046).
// Operations that need a user turn anonymous into an AuthError, which the browser answers with a
// forced refresh (§8, DESIGN §3).
import { LRUCache } from 'lru-cache';
import { SESSION_COOKIE } from '../identity/identity-routes.ts';
import { MAIN_TOKEN_COOKIE, PAYWALL_TOKEN_COOKIE } from '../../shared/auth/cookies.ts';
import { sessionUserFromTokens, type SessionUser } from '../../shared/auth/session-user.ts';
import { APP_ERRORS, AuthError } from '../../shared/errors.ts';
import type { IssuedTokens } from './issued-tokens.ts';
import type { RegisteredClaims, TokenIssuer, VerifiedMainToken, VerifiedPaywallToken } from './tokens.ts';

/** The request's cookies as the server parsed them (request.cookies): one parser for every reader. */
export type RequestCookies = Partial<Record<string, string>>;

/** What a page request should do with the two cookies. */
export type CookieAction = { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; tokens: IssuedTokens };

export interface PageSession {
  /** The §3 session user, or null for an anonymous reader. */
  user: SessionUser | null;
  cookies: CookieAction;
}

export interface UserResolverDeps {
  tokens: Pick<TokenIssuer, 'verifyMainToken' | 'verifyPaywallToken'>;
  /** Mints both tokens from an identity session token; null when the session is not active. */
  refresh: (identitySessionToken: string, cookieHeader?: string) => Promise<IssuedTokens | null>;
  /** The active, unexpired identity session a token names (a short cache that ended sessions leave at once), or null. */
  activeSession: (identitySessionToken: string) => Promise<(ClaimsVersioned & { id: string; identityId: string }) | null>;
}

/** An identity session's record of when what its tokens say last changed (identity's claims_changed_at). */
export interface ClaimsVersioned {
  claimsChangedAt: Date | null;
}

/** The claims version a token minted now carries, and the least one the session accepts (decision 046). */
export const claimsVersionOf = (session: ClaimsVersioned): number => session.claimsChangedAt?.getTime() ?? 0;

export function createUserResolver({ tokens, refresh, activeSession }: UserResolverDeps) {
  // The session user of a verified token pair, decoded once: the pair comes back with every
  // request until it is refreshed (decoding both was ~5 % of a member's story page, issue 15).
  const usersOfTokens = new LRUCache<string, SessionUser>({ max: 10_000 });
  const userOf = (main: string | undefined, paywall: string | undefined): SessionUser => {
    const key = `${main} ${paywall}`;
    let user = usersOfTokens.get(key);
    if (!user) usersOfTokens.set(key, (user = Object.freeze(sessionUserFromTokens(main, paywall))));
    return user;
  };

  const read = (cookies: RequestCookies) => ({
    identity: cookies[SESSION_COOKIE],
    main: cookies[MAIN_TOKEN_COOKIE],
    paywall: cookies[PAYWALL_TOKEN_COOKIE],
  });

  /**
   * The token was minted from this identity session, which is still active and its subject's, and
   * after the last change to what it says (a seat removed ends access at the next request, not
   * at the token's expiry).
   */
  async function heldBy(identitySessionToken: string, claims: RegisteredClaims): Promise<boolean> {
    const session = await activeSession(identitySessionToken);
    return (
      session !== null &&
      session.id === claims.sid &&
      session.identityId === claims.sub &&
      claims.claims_version >= claimsVersionOf(session)
    );
  }

  return {
    /**
     * The verified main-token claims, or null (anonymous). The identity session cookie beside it
     * must be the token's own, still active: signing out ends it at once, while the token would
     * live on for minutes.
     */
    async userFromRequest(cookies: RequestCookies): Promise<VerifiedMainToken | null> {
      const { identity, main } = read(cookies);
      if (!identity) return null;
      const check = await tokens.verifyMainToken(main);
      return check.ok && (await heldBy(identity, check.claims)) ? check.claims : null;
    },

    /** The verified paywall token of a signed-in reader, or null (same rule as the main token). */
    async paywallFromRequest(cookies: RequestCookies): Promise<VerifiedPaywallToken | null> {
      const { identity, paywall } = read(cookies);
      if (!identity) return null;
      const check = await tokens.verifyPaywallToken(paywall);
      return check.ok && (await heldBy(identity, check.claims)) ? check.claims : null;
    },

    /**
     * The user a page renders for. With an identity session but no valid tokens (just signed in,
     * or the tokens expired while reading) both are minted here, so the first render is already
     * right and the response carries fresh cookies; tokens without an identity session are cleared.
     * Tokens minted from another identity session than the cookie's are minted again for the cookie's.
     */
    async resolvePageSession(cookies: RequestCookies, cookieHeader: string | undefined): Promise<PageSession> {
      const { identity, main, paywall } = read(cookies);
      const stale: CookieAction = main !== undefined || paywall !== undefined ? { kind: 'clear' } : { kind: 'keep' };
      if (!identity) return { user: null, cookies: stale };
      const [mainCheck, paywallCheck] = await Promise.all([tokens.verifyMainToken(main), tokens.verifyPaywallToken(paywall)]);
      // Both tokens valid and minted together (same holder), for the identity session in the cookie.
      const holder =
        mainCheck.ok &&
        paywallCheck.ok &&
        mainCheck.claims.sid === paywallCheck.claims.sid &&
        mainCheck.claims.sub === paywallCheck.claims.sub
          ? mainCheck.claims
          : null;
      if (holder && (await heldBy(identity, holder))) return { user: userOf(main, paywall), cookies: { kind: 'keep' } };
      const issued = await refresh(identity, cookieHeader);
      if (!issued) return { user: null, cookies: stale };
      return { user: issued.user, cookies: { kind: 'set', tokens: issued } };
    },
  };
}

export type UserResolver = ReturnType<typeof createUserResolver>;

// The §8 AuthError is one of the app's errors (src/shared/errors.ts, decision 027); re-exported
// here, where the request's user is resolved, for the callers that already import it from here.
export { AuthError };

export const AUTH_ERROR_MESSAGE = APP_ERRORS.UNAUTHENTICATED.defaultMessage;

/** The user, or an AuthError for an anonymous request. */
export function requireUser<T>(user: T | null | undefined): T {
  if (user === null || user === undefined) throw new AuthError();
  return user;
}
