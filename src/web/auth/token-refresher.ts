// Keeps the two session cookies fresh and turns them into the session user stream (§4 Auth state,
// Token refresh). The auth endpoint owns the cookies; this module only asks it to reissue them.
import { MAIN_TOKEN_COOKIE, PAYWALL_TOKEN_COOKIE, type CookieReader } from '../../shared/auth/cookies.ts';
import {
  decodeJwtPayload,
  LOGGED_OUT_USER,
  readMainTokenClaims,
  sessionUserFromTokens,
  type SessionUser,
} from '../../shared/auth/session-user.ts';

/** Refresh when the main token expires within this margin (§9). */
export const REFRESH_MARGIN_MS = 60_000;

export type SessionUserListener = (user: SessionUser) => void;

export interface TokenRefresherDeps {
  cookies: CookieReader;
  fetch: typeof fetch;
  /** POST target that sets or clears both cookies (default /api/auth). */
  authEndpointUrl: string;
  /** Bot-protection token sent as castleRequestToken; may resolve ''. */
  getRiskToken: () => Promise<string>;
  /** The page the user is on, sent as currentUrl. */
  currentUrl: () => string;
  /** Milliseconds since the epoch. */
  now: () => number;
  /**
   * Called after the auth endpoint reissued the cookies, with the identity session id the new
   * main token names (its `sid`), or null when signed out (§3 session refresh event).
   */
  onRefreshed?: (sessionId: string | null) => void;
}

export interface TokenRefresher {
  /** Called on every emitted user change; returns the unsubscribe function. */
  subscribe(listener: SessionUserListener): () => void;
  /** The last emitted user; logged out until a refresh emits (§4). */
  getUser(): SessionUser;
  /** True once the first user has been emitted. */
  isReady(): boolean;
  /** Whether the cookies call for a refresh right now. */
  isRefreshNeeded(): boolean;
  /**
   * Refreshes when needed, joining a refresh already under way; otherwise just re-reads the
   * cookies. Resolves with the current user.
   */
  ensureFresh(): Promise<SessionUser>;
  /** Always calls the auth endpoint and always emits. */
  forceRefresh(): Promise<SessionUser>;
}

interface InFlight {
  forced: boolean;
  promise: Promise<SessionUser>;
}

// Distinct from null (no main token) so the very first read always counts as a change.
const NOT_READ = Symbol('not read');

export function createTokenRefresher(deps: TokenRefresherDeps): TokenRefresher {
  const listeners = new Set<SessionUserListener>();
  let user: SessionUser = LOGGED_OUT_USER;
  let ready = false;
  let lastMainToken: string | null | typeof NOT_READ = NOT_READ;
  let inFlight: InFlight | null = null;

  const readTokens = (): { main: string | null; paywall: string | null } => {
    // A malformed token counts as missing.
    const main = deps.cookies.get(MAIN_TOKEN_COOKIE) ?? null;
    const paywall = deps.cookies.get(PAYWALL_TOKEN_COOKIE) ?? null;
    return {
      main: readMainTokenClaims(main) ? main : null,
      paywall: decodeJwtPayload(paywall) ? paywall : null,
    };
  };

  const isRefreshNeeded = (): boolean => {
    const { main, paywall } = readTokens();
    if ((main === null) !== (paywall === null)) return true;
    const claims = readMainTokenClaims(main);
    return claims !== null && claims.exp * 1000 - deps.now() < REFRESH_MARGIN_MS;
  };

  const emitFromCookies = (force: boolean): SessionUser => {
    const { main, paywall } = readTokens();
    if (!force && main === lastMainToken) return user;
    lastMainToken = main;
    user = sessionUserFromTokens(main, paywall);
    ready = true;
    for (const listener of [...listeners]) listener(user);
    return user;
  };

  const callEndpoint = async (): Promise<void> => {
    let castleRequestToken = '';
    try {
      castleRequestToken = await deps.getRiskToken();
    } catch {
      // Bot protection must not lock people out of their session; the server decides what an
      // empty token means.
    }
    const response = await deps.fetch(deps.authEndpointUrl, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ castleRequestToken, currentUrl: deps.currentUrl() }),
    });
    if (!response.ok) throw new Error(`The auth endpoint answered ${response.status}`);
  };

  // `after`: a refresh to let finish first, so its cookies cannot land after ours.
  const refresh = (forced: boolean, after?: Promise<unknown>): Promise<SessionUser> => {
    const run = async (): Promise<SessionUser> => {
      try {
        if (after) await after.catch(() => undefined);
        try {
          await callEndpoint();
        } catch (error) {
          // The cookies may still have changed (and the app may not be ready yet): publish what
          // they say now, then report the failure.
          emitFromCookies(forced);
          throw error;
        }
        const fresh = emitFromCookies(forced);
        const sid = decodeJwtPayload(readTokens().main)?.sid;
        deps.onRefreshed?.(typeof sid === 'string' && sid ? sid : null);
        return fresh;
      } finally {
        if (inFlight === entry) inFlight = null;
      }
    };
    const entry: InFlight = { forced, promise: run() };
    inFlight = entry;
    return entry.promise;
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getUser: () => user,
    isReady: () => ready,
    isRefreshNeeded,
    ensureFresh() {
      if (inFlight) return inFlight.promise;
      if (isRefreshNeeded()) return refresh(false);
      return Promise.resolve(emitFromCookies(false));
    },
    forceRefresh() {
      // Forced refreshes asked for at the same moment share one call. A plain refresh under way
      // may have started before whatever prompted this one, so a new call follows it.
      if (inFlight?.forced) return inFlight.promise;
      return refresh(true, inFlight?.promise);
    },
  };
}
