import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeCookies, mainJwt, paywallJwt, START_MS, type FakeCookies } from './auth-test-fakes.ts';
import { MAIN_TOKEN_COOKIE, PAYWALL_TOKEN_COOKIE } from '../../shared/auth/cookies.ts';
import { LOGGED_OUT_USER, type SessionUser } from '../../shared/auth/session-user.ts';
import { createTokenRefresher, REFRESH_MARGIN_MS } from './token-refresher.ts';

const AUTH_URL = 'https://atelier.test/api/auth';
const PAGE = 'https://atelier.test/articles/a-story/';

interface Setup {
  cookies: FakeCookies;
  fetch: ReturnType<typeof vi.fn<typeof fetch>>;
  refresher: ReturnType<typeof createTokenRefresher>;
  emitted: SessionUser[];
  /** What the fake auth endpoint sets on the next call (null clears). */
  serverIssues: (main: string | null, paywall?: string | null) => void;
}

/**
 * A fake auth endpoint: answers after `latencyMs` (fake time) and then sets the cookies it was
 * told to issue, like the real Set-Cookie would.
 */
function setup({
  main,
  paywall,
  latencyMs = 50,
  onRefreshed,
}: { main?: string; paywall?: string; latencyMs?: number; onRefreshed?: (sessionId: string | null) => void } = {}): Setup {
  const cookies = createFakeCookies();
  if (main !== undefined) cookies.set(MAIN_TOKEN_COOKIE, main);
  if (paywall !== undefined) cookies.set(PAYWALL_TOKEN_COOKIE, paywall);
  let issue: { main: string | null; paywall: string | null } = { main: mainJwt({}, { nowMs: Date.now() }), paywall: paywallJwt() };
  const fetch = vi.fn<typeof globalThis.fetch>(
    () =>
      new Promise((resolve) => {
        setTimeout(() => {
          for (const [name, value] of [
            [MAIN_TOKEN_COOKIE, issue.main],
            [PAYWALL_TOKEN_COOKIE, issue.paywall],
          ] as const) {
            if (value === null) cookies.delete(name);
            else cookies.set(name, value);
          }
          resolve(new Response(null, { status: 204 }));
        }, latencyMs);
      }),
  );
  const refresher = createTokenRefresher({
    cookies,
    fetch,
    authEndpointUrl: AUTH_URL,
    getRiskToken: () => Promise.resolve('castle-token'),
    currentUrl: () => PAGE,
    now: () => Date.now(),
    ...(onRefreshed ? { onRefreshed } : {}),
  });
  const emitted: SessionUser[] = [];
  refresher.subscribe((user) => emitted.push(user));
  return {
    cookies,
    fetch,
    refresher,
    emitted,
    serverIssues: (m, p = paywallJwt()) => {
      issue = { main: m, paywall: m === null ? null : p };
    },
  };
}

/** Settles a refresh that is waiting on the fake endpoint. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  await vi.advanceTimersByTimeAsync(1000);
  return promise;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START_MS);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('auth state (§4)', () => {
  it('is logged out and not ready until a refresh emits a user; ready after the first emission', async () => {
    const { refresher, emitted } = setup({ main: mainJwt(), paywall: paywallJwt() });
    expect(refresher.getUser()).toBe(LOGGED_OUT_USER);
    expect(refresher.isReady()).toBe(false);
    await refresher.ensureFresh();
    expect(refresher.isReady()).toBe(true);
    expect(emitted).toHaveLength(1);
    expect(refresher.getUser()).toMatchObject({ isLoggedIn: true, id: '42' });
  });

  it('becomes ready as a logged-out user when there are no cookies at all, without calling the endpoint', async () => {
    const { refresher, emitted, fetch } = setup();
    await refresher.ensureFresh();
    expect(fetch).not.toHaveBeenCalled();
    expect(refresher.isReady()).toBe(true);
    expect(emitted).toEqual([LOGGED_OUT_USER]);
  });
});

describe('token refresh (§4)', () => {
  it('is needed when one of the two cookies exists and the other is missing', async () => {
    const onlyMain = setup({ main: mainJwt() });
    expect(onlyMain.refresher.isRefreshNeeded()).toBe(true);
    await settle(onlyMain.refresher.ensureFresh());
    expect(onlyMain.fetch).toHaveBeenCalledTimes(1);

    const onlyPaywall = setup({ paywall: paywallJwt() });
    expect(onlyPaywall.refresher.isRefreshNeeded()).toBe(true);
    // A malformed main token counts as missing.
    expect(setup({ main: 'garbage', paywall: paywallJwt() }).refresher.isRefreshNeeded()).toBe(true);
    expect(setup({ main: mainJwt(), paywall: paywallJwt() }).refresher.isRefreshNeeded()).toBe(false);
  });

  it('is needed when the main token expires within 60 seconds', async () => {
    const soon = setup({ main: mainJwt({}, { expiresInMs: REFRESH_MARGIN_MS - 1000 }), paywall: paywallJwt() });
    expect(soon.refresher.isRefreshNeeded()).toBe(true);
    await settle(soon.refresher.ensureFresh());
    expect(soon.fetch).toHaveBeenCalledTimes(1);

    const later = setup({ main: mainJwt({}, { expiresInMs: REFRESH_MARGIN_MS + 1000 }), paywall: paywallJwt() });
    expect(later.refresher.isRefreshNeeded()).toBe(false);
    await later.refresher.ensureFresh();
    expect(later.fetch).not.toHaveBeenCalled();
    // Time passes while reading: the same token now needs a refresh.
    vi.advanceTimersByTime(2000);
    expect(later.refresher.isRefreshNeeded()).toBe(true);
  });

  it('posts castleRequestToken and currentUrl to the auth endpoint with credentials, then re-reads the cookies', async () => {
    const { refresher, fetch, serverIssues } = setup({ main: mainJwt({}, { expiresInMs: 10_000 }), paywall: paywallJwt() });
    const fresh = mainJwt({ membership_level: 'Premium' }, { expiresInMs: 15 * 60_000 });
    serverIssues(fresh);
    const user = await settle(refresher.ensureFresh());
    expect(fetch).toHaveBeenCalledWith(AUTH_URL, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ castleRequestToken: 'castle-token', currentUrl: PAGE }),
    });
    expect(user.membershipLevel).toBe('Premium');
    expect(refresher.getUser()).toBe(user);
  });

  it('shares one request between concurrent refreshes', async () => {
    const { refresher, fetch } = setup({ main: mainJwt() });
    const first = refresher.ensureFresh();
    const second = refresher.ensureFresh();
    const [a, b] = await settle(Promise.all([first, second]));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    // Concurrent forced refreshes share one request too.
    const forced = await settle(Promise.all([refresher.forceRefresh(), refresher.forceRefresh()]));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(forced[0]).toBe(forced[1]);
  });

  it('always calls the endpoint on a forced refresh, even with fresh cookies or a plain refresh under way', async () => {
    const { refresher, fetch } = setup({ main: mainJwt(), paywall: paywallJwt() });
    await settle(refresher.forceRefresh());
    expect(fetch).toHaveBeenCalledTimes(1);

    const { refresher: busy, fetch: busyFetch } = setup({ main: mainJwt() });
    const plain = busy.ensureFresh();
    const forced = busy.forceRefresh();
    await vi.advanceTimersByTimeAsync(10);
    expect(busyFetch).toHaveBeenCalledTimes(1); // the forced call waits for the plain one
    await settle(Promise.all([plain, forced]));
    expect(busyFetch).toHaveBeenCalledTimes(2);
  });

  it('emits a user change only when the main token text changed, and always on a forced refresh', async () => {
    const token = mainJwt({}, { expiresInMs: 10_000 });
    const { refresher, emitted, serverIssues } = setup({ main: token, paywall: paywallJwt() });
    serverIssues(token, paywallJwt({ meter: 3 }));
    await settle(refresher.ensureFresh());
    expect(emitted).toHaveLength(1); // first emission only: the text did not change
    await settle(refresher.ensureFresh());
    expect(emitted).toHaveLength(1);

    await settle(refresher.forceRefresh());
    expect(emitted).toHaveLength(2);
    expect(emitted[1]?.zephrToken).toBe(paywallJwt({ meter: 3 }));

    serverIssues(mainJwt({ is_first_login: true }, { nowMs: Date.now() }));
    await settle(refresher.ensureFresh());
    expect(emitted).toHaveLength(3);
    expect(emitted[2]?.isFirstLogin).toBe(true);
  });

  it('emits the logged-out user when the endpoint clears the cookies', async () => {
    const { refresher, emitted, serverIssues } = setup({ main: mainJwt() });
    serverIssues(null);
    expect(await settle(refresher.ensureFresh())).toBe(LOGGED_OUT_USER);
    expect(emitted).toEqual([LOGGED_OUT_USER]);
    expect(refresher.isReady()).toBe(true);
  });

  it('sends an empty bot-protection token when getting one fails', async () => {
    const cookies = createFakeCookies({ [MAIN_TOKEN_COOKIE]: mainJwt() });
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
    const refresher = createTokenRefresher({
      cookies,
      fetch,
      authEndpointUrl: AUTH_URL,
      getRiskToken: () => Promise.reject(new Error('blocked by an ad blocker')),
      currentUrl: () => PAGE,
      now: () => Date.now(),
    });
    await refresher.forceRefresh();
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ castleRequestToken: '', currentUrl: PAGE });
  });

  it('rejects when the endpoint fails, still publishing what the cookies say and freeing the next call', async () => {
    const cookies = createFakeCookies({ [MAIN_TOKEN_COOKIE]: mainJwt(), [PAYWALL_TOKEN_COOKIE]: paywallJwt() });
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('oops', { status: 500 }))
      .mockResolvedValue(new Response(null, { status: 204 }));
    const refresher = createTokenRefresher({
      cookies,
      fetch,
      authEndpointUrl: AUTH_URL,
      getRiskToken: () => Promise.resolve(''),
      currentUrl: () => PAGE,
      now: () => Date.now(),
    });
    await expect(refresher.forceRefresh()).rejects.toThrow('Failed to fetch');
    expect(refresher.isReady()).toBe(true);
    expect(refresher.getUser().isLoggedIn).toBe(true);
    await expect(refresher.forceRefresh()).rejects.toThrow('The auth endpoint answered 500');
    await expect(refresher.forceRefresh()).resolves.toMatchObject({ id: '42' });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('stops calling a listener once it unsubscribes', async () => {
    const { refresher } = setup({ main: mainJwt(), paywall: paywallJwt() });
    const listener = vi.fn();
    const unsubscribe = refresher.subscribe(listener);
    await settle(refresher.forceRefresh());
    unsubscribe();
    await settle(refresher.forceRefresh());
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('after a refresh (§3 user_complete_session_refresh)', () => {
  it('reports the identity session the reissued main token names, only when the endpoint was called', async () => {
    const refreshed: (string | null)[] = [];
    const { refresher, serverIssues } = setup({
      main: mainJwt(),
      paywall: paywallJwt(),
      onRefreshed: (sessionId) => refreshed.push(sessionId),
    });
    await refresher.ensureFresh();
    expect(refreshed).toEqual([]);

    serverIssues(mainJwt({ sid: 'session-1' }, { nowMs: Date.now() }));
    await settle(refresher.forceRefresh());
    expect(refreshed).toEqual(['session-1']);

    // Signed out by the endpoint: no session to name.
    serverIssues(null);
    await settle(refresher.forceRefresh());
    expect(refreshed).toEqual(['session-1', null]);
  });
});
