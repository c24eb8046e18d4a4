// The one auth object the app uses: the session user stream, the refresh rules and the journeys,
// wired from injected browser pieces. `browserAuthClientDeps` is the only place that touches
// window, document and navigator.
import { Configuration, FrontendApi } from '@ory/client-fetch';
import { createAuthActions, type AuthActions, type IdentityClient } from './auth-actions.ts';
import { createCookieReader, type CookieReader } from '../../shared/auth/cookies.ts';
import { refreshUntilChanged, type RefreshUntilChangedOptions } from './refresh-until-changed.ts';
import type { SessionUser } from '../../shared/auth/session-user.ts';
import { createExpiringStorage, createRedirectStore, type ExpiringStorage, type RedirectStore, type StorageLike } from './storage.ts';
import { createTokenRefresher, type TokenRefresher } from './token-refresher.ts';

export interface AuthClientDeps {
  identity: IdentityClient;
  fetch: typeof fetch;
  authEndpointUrl: string;
  getRiskToken: () => Promise<string>;
  cookies: CookieReader;
  storage: StorageLike;
  /** Milliseconds since the epoch. */
  now: () => number;
  currentUrl: () => string;
  onRefreshed?: (sessionId: string | null) => void;
  navigate: (url: string) => void;
  reload: () => void;
  isOnline: () => boolean;
  sleep: (ms: number) => Promise<void>;
}

export interface AuthClient extends Omit<TokenRefresher, 'isRefreshNeeded'>, AuthActions {
  refreshUntilChanged<K extends keyof SessionUser>(options: RefreshUntilChangedOptions<K>): Promise<SessionUser>;
  /** The §3 browser storage (fixed prefix, expiring values). */
  readonly storage: ExpiringStorage;
  /** The post-login / post-logout redirect (`bof-auth-redirect-to`). */
  readonly redirects: RedirectStore;
}

export function createAuthClient(deps: AuthClientDeps): AuthClient {
  const refresher = createTokenRefresher(deps);
  const storage = createExpiringStorage({ storage: deps.storage, now: deps.now });
  const redirects = createRedirectStore({ storage, currentUrl: deps.currentUrl });
  const actions = createAuthActions({
    identity: deps.identity,
    redirects,
    forceRefresh: refresher.forceRefresh,
    navigate: deps.navigate,
    reload: deps.reload,
    isOnline: deps.isOnline,
    sleep: deps.sleep,
  });
  return {
    subscribe: refresher.subscribe,
    getUser: refresher.getUser,
    isReady: refresher.isReady,
    ensureFresh: refresher.ensureFresh,
    forceRefresh: refresher.forceRefresh,
    refreshUntilChanged: (options) =>
      refreshUntilChanged({ forceRefresh: refresher.forceRefresh, getUser: refresher.getUser, sleep: deps.sleep }, options),
    login: actions.login,
    logout: actions.logout,
    register: actions.register,
    customRegistration: actions.customRegistration,
    storage,
    redirects,
  };
}

export interface BrowserAuthOptions {
  /** Identity provider public base URL (default config: /identity). */
  identityBaseUrl: string;
  /** Product auth endpoint (default config: /api/auth). */
  authEndpointUrl: string;
  getRiskToken: () => Promise<string>;
  /** The router's navigation; default is a full page load. */
  navigate?: (url: string) => void;
  /** See TokenRefresherDeps.onRefreshed. */
  onRefreshed?: (sessionId: string | null) => void;
}

/** Real browser dependencies; call only in the browser. */
export function browserAuthClientDeps(options: BrowserAuthOptions): AuthClientDeps {
  // Relative base URLs are resolved here because the SDK concatenates strings.
  const basePath = new URL(options.identityBaseUrl, window.location.href).href.replace(/\/$/, '');
  const identity = new FrontendApi(new Configuration({ basePath, credentials: 'include', headers: { Accept: 'application/json' } }));
  return {
    identity,
    // Called through window: an unbound fetch throws "Illegal invocation" in browsers.
    fetch: (input, init) => window.fetch(input, init),
    authEndpointUrl: options.authEndpointUrl,
    getRiskToken: options.getRiskToken,
    cookies: createCookieReader(() => document.cookie),
    storage: window.localStorage,
    now: () => Date.now(),
    currentUrl: () => window.location.href,
    navigate: options.navigate ?? ((url) => window.location.assign(url)),
    reload: () => window.location.reload(),
    isOnline: () => navigator.onLine,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    ...(options.onRefreshed ? { onRefreshed: options.onRefreshed } : {}),
  };
}

// In their own module so the API clients can recognise one without loading the identity SDK.
export { AUTH_ERROR_MAX_DEPTH, AUTH_ERROR_TYPE, isAuthError } from './is-auth-error.ts';
