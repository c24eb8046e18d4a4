// The app's one browser auth client (web/auth), started after hydration for a reader with a
// session, and the reader the UI renders: the page's audience (root loader: a kind of reader, never
// a person, so the page can be shared, issue 15) until the browser has read the cookies, then the
// browser's user, which follows refreshes, sign-in and sign-out without a page load.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { trackEvent } from '../analytics/analytics.ts';
import type { AuthClient } from '../auth/auth-client.ts';
import { createCookieReader, MAIN_TOKEN_COOKIE, PAYWALL_TOKEN_COOKIE } from '../../shared/auth/cookies.ts';
import { readMainTokenClaims, sessionUserFromTokens, type SessionUser } from '../../shared/auth/session-user.ts';
import { audienceOf, type Audience } from '../../shared/auth/audience.ts';
import { REFRESH_MARGIN_MS } from '../auth/token-refresher.ts';

/** Never refresh on a timer more often than this, whatever the token lifetime. */
const MIN_TIMER_MS = 15_000;

export interface BrowserAuthOptions {
  identityBaseUrl: string;
  authEndpointUrl: string;
}

interface Snapshot {
  /** False until the client has emitted its first user. */
  ready: boolean;
  user: SessionUser | null;
}

let client: AuthClient | null = null;
let starting: Promise<AuthClient> | null = null;
let snapshot: Snapshot = { ready: false, user: null };
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

/** The started client, or null before start (and always on the server). */
export function browserAuth(): AuthClient | null {
  return client;
}

/** What the page configured the client with (useBrowserAuth), so a reader's first action can start it. */
let configuredOptions: BrowserAuthOptions | null = null;

/**
 * The client, loading it now if the page has not yet (an anonymous reader's page does not until
 * they act: sign in, sign up at a wall, call the API); null only before the page has hydrated.
 */
export function browserAuthStarting(): Promise<AuthClient> | null {
  return starting ?? (configuredOptions ? startBrowserAuth(configuredOptions) : null);
}

/** Starts the client once; later calls get the same one. Browser only. */
export function startBrowserAuth(options: BrowserAuthOptions): Promise<AuthClient> {
  starting ??= (async () => {
    // Loaded on demand: the identity SDK is not needed to render the first page.
    const { browserAuthClientDeps, createAuthClient } = await import('../auth/auth-client.ts');
    const created = createAuthClient(
      browserAuthClientDeps({
        identityBaseUrl: options.identityBaseUrl,
        authEndpointUrl: options.authEndpointUrl,
        // The fraud-detection library supplies this once it exists; the endpoint accepts ''.
        getRiskToken: async () => '',
        // §3: a refresh that reissued a signed-in reader's tokens.
        onRefreshed: (sessionId) => {
          if (sessionId) trackEvent('user_complete_session_refresh', { sessionId });
        },
      }),
    );
    client = created;
    created.subscribe((user) => {
      snapshot = { ready: true, user: user.isLoggedIn ? user : null };
      for (const listener of listeners) listener();
      scheduleRefresh();
    });
    const refreshSoon = () => void ensureFresh();
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && refreshSoon());
    window.addEventListener('online', refreshSoon);
    await ensureFresh();
    return created;
  })();
  return starting;
}

/** Refreshes the cookies when §4 says so; failures keep the last user (the next try may work). */
export async function ensureFresh(): Promise<void> {
  try {
    await client?.ensureFresh();
  } catch {
    // A failed refresh has already published what the cookies say.
  }
  scheduleRefresh();
}

// Wakes up just before the main token enters its refresh margin, so a reader who only reads
// still holds a fresh token when they next act.
function scheduleRefresh() {
  clearTimeout(timer);
  const claims = readMainTokenClaims(createCookieReader(() => document.cookie).get(MAIN_TOKEN_COOKIE));
  if (!claims) return;
  const delay = Math.max(claims.exp * 1000 - REFRESH_MARGIN_MS - Date.now(), MIN_TIMER_MS);
  timer = setTimeout(() => void ensureFresh(), delay);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const notReady: Snapshot = { ready: false, user: null };

// Before the client has started (or on a page where it never does: an anonymous reader's), the
// browser knows the reader from the readable cookie alone (§3); memoised per cookie text so
// useSyncExternalStore sees a stable snapshot.
let fromCookies: { text: string; snapshot: Snapshot } | null = null;
function cookieSnapshot(): Snapshot {
  const text = document.cookie;
  if (fromCookies?.text !== text) {
    const cookies = createCookieReader(() => text);
    const user = sessionUserFromTokens(cookies.get(MAIN_TOKEN_COOKIE), cookies.get(PAYWALL_TOKEN_COOKIE));
    fromCookies = { text, snapshot: { ready: true, user: user.isLoggedIn ? user : null } };
  }
  return fromCookies.snapshot;
}

const browserSnapshot = () => (snapshot.ready ? snapshot : cookieSnapshot());

/**
 * The signed-in reader as the browser knows them, or null: always null on the server and while
 * the page hydrates (a shared page carries no one's details, issue 15), then from the cookies.
 */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, browserSnapshot, () => notReady).user;
}

/**
 * The kind of reader to render for: the page's (the server's decision, in the root data) until
 * the browser has read the cookies, then the browser's, which follows sign-in and sign-out.
 */
export function useAudience(pageAudience: Audience): Audience {
  const current = useSyncExternalStore(subscribe, browserSnapshot, () => notReady);
  return current.ready ? audienceOf(current.user) : pageAudience;
}

/** Whether the readable session cookies are there: only then is there a session to keep fresh. */
function hasSessionCookies(): boolean {
  const cookies = createCookieReader(() => document.cookie);
  return cookies.get(MAIN_TOKEN_COOKIE) !== undefined || cookies.get(PAYWALL_TOKEN_COOKIE) !== undefined;
}

/**
 * Starts the client after hydration, keeps the tokens fresh on every navigation, and reloads the
 * route data when the client learns of another user than the server rendered for (signed in or
 * out without a page load), so loaders that depend on the reader run again.
 */
export function useBrowserAuth(options: BrowserAuthOptions | null, pageAudience: Audience) {
  const { pathname } = useLocation();
  const { revalidate } = useRevalidator();
  const live = useSyncExternalStore(subscribe, browserSnapshot, () => notReady);
  const revalidatedFor = useRef<Audience | null>(null);

  const configured = options !== null;
  useEffect(() => {
    configuredOptions = options;
    // An anonymous reader has no session to keep fresh: the identity client loads when they sign
    // in (the sign-in screens start it) or act (browserAuthStarting callers fall back to links).
    if (options && hasSessionCookies()) void startBrowserAuth(options).catch(() => undefined);
    // Started once per page, when the settings are known; they do not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [configured]);

  useEffect(() => {
    void ensureFresh();
  }, [pathname]);

  useEffect(() => {
    if (!live.ready || !configured) return;
    const liveAudience = audienceOf(live.user);
    if (liveAudience === pageAudience || revalidatedFor.current === liveAudience) return;
    revalidatedFor.current = liveAudience;
    // The server may disagree (it alone sees the identity cookie) and set or clear the tokens in
    // its answer: read them again afterwards, so both sides end up on the same reader.
    void revalidate().then(ensureFresh);
  }, [live, configured, pageAudience, revalidate]);
}
