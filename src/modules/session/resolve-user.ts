// Who is asking, from the request's cookies: pages, GraphQL and tRPC all ask here. A missing,
// expired or tampered main token is anonymous; operations that need a user turn that into an
// AuthError, which the browser answers with a forced refresh (§8, DESIGN §3).
import { SESSION_COOKIE } from '../identity/identity-routes.ts';
import { createCookieReader, MAIN_TOKEN_COOKIE, PAYWALL_TOKEN_COOKIE } from '../../web/auth/cookies.ts';
import { sessionUserFromTokens, type SessionUser } from '../../web/auth/session-user.ts';
import type { IssuedTokens } from './session-service.ts';
import type { TokenIssuer, VerifiedMainToken, VerifiedPaywallToken } from './tokens.ts';

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
}

export function createUserResolver({ tokens, refresh }: UserResolverDeps) {
  const read = (cookieHeader: string | undefined) => {
    const cookies = createCookieReader(() => cookieHeader ?? '');
    return { identity: cookies.get(SESSION_COOKIE), main: cookies.get(MAIN_TOKEN_COOKIE), paywall: cookies.get(PAYWALL_TOKEN_COOKIE) };
  };

  return {
    /**
     * The verified main-token claims, or null (anonymous). The identity session cookie must be
     * there too: logging out removes it at once, while the main token would live on for minutes.
     */
    async userFromRequest(cookieHeader: string | undefined): Promise<VerifiedMainToken | null> {
      const { identity, main } = read(cookieHeader);
      if (!identity) return null;
      const check = await tokens.verifyMainToken(main);
      return check.ok ? check.claims : null;
    },

    /** The verified paywall token of a signed-in reader, or null. */
    async paywallFromRequest(cookieHeader: string | undefined): Promise<VerifiedPaywallToken | null> {
      const { identity, paywall } = read(cookieHeader);
      if (!identity) return null;
      const check = await tokens.verifyPaywallToken(paywall);
      return check.ok ? check.claims : null;
    },

    /**
     * The user a page renders for. With an identity session but no valid tokens (just signed in,
     * or the tokens expired while reading) both are minted here, so the first render is already
     * right and the response carries fresh cookies; tokens without an identity session are cleared.
     */
    async resolvePageSession(cookieHeader: string | undefined): Promise<PageSession> {
      const { identity, main, paywall } = read(cookieHeader);
      const stale: CookieAction = main !== undefined || paywall !== undefined ? { kind: 'clear' } : { kind: 'keep' };
      if (!identity) return { user: null, cookies: stale };
      const [mainCheck, paywallCheck] = await Promise.all([tokens.verifyMainToken(main), tokens.verifyPaywallToken(paywall)]);
      if (mainCheck.ok && paywallCheck.ok) return { user: sessionUserFromTokens(main, paywall), cookies: { kind: 'keep' } };
      const issued = await refresh(identity, cookieHeader);
      if (!issued) return { user: null, cookies: stale };
      return { user: issued.user, cookies: { kind: 'set', tokens: issued } };
    },
  };
}

export type UserResolver = ReturnType<typeof createUserResolver>;

export const AUTH_ERROR_MESSAGE = 'You need to sign in to do that.';

/**
 * The §8 AuthError: the request needs a signed-in user and has none (no, expired or tampered
 * token). GraphQL returns it as the `AuthError` result type, tRPC as UNAUTHORIZED, HTTP as 401.
 */
export class AuthError extends Error {
  readonly type = 'AuthError';
  readonly statusCode = 401;
  constructor(message = AUTH_ERROR_MESSAGE) {
    super(message);
    this.name = 'AuthError';
  }
}

/** The user, or an AuthError for an anonymous request. */
export function requireUser<T>(user: T | null | undefined): T {
  if (user === null || user === undefined) throw new AuthError();
  return user;
}
