import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentityClient } from './auth-actions.ts';
import { browserAuthClientDeps, createAuthClient, isAuthError, type AuthClientDeps } from './auth-client.ts';
import {
  createFakeCookies,
  createMemoryStorage,
  loginFlow,
  logoutFlow,
  mainJwt,
  paywallJwt,
  registrationFlow,
  START_MS,
} from './auth-test-fakes.ts';
import { MAIN_TOKEN_COOKIE, PAYWALL_TOKEN_COOKIE } from '../../shared/auth/cookies.ts';

const PAGE = 'https://atelier.test/articles/a-story/';

function setup() {
  const cookies = createFakeCookies({ [MAIN_TOKEN_COOKIE]: mainJwt({ membership_level: 'None' }), [PAYWALL_TOKEN_COOKIE]: paywallJwt() });
  let nextMain = mainJwt({ membership_level: 'None' });
  const fetch = vi.fn<typeof globalThis.fetch>(() => {
    cookies.set(MAIN_TOKEN_COOKIE, nextMain);
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  const identity: IdentityClient = {
    createBrowserLoginFlow: () => Promise.resolve(loginFlow()),
    createBrowserRegistrationFlow: () => Promise.resolve(registrationFlow()),
    updateRegistrationFlow: () => Promise.reject(new Error('not used')),
    createBrowserLogoutFlow: () => Promise.resolve(logoutFlow()),
  };
  const storage = createMemoryStorage();
  const navigate = vi.fn<(url: string) => void>();
  const deps: AuthClientDeps = {
    identity,
    fetch,
    authEndpointUrl: '/api/auth',
    getRiskToken: () => Promise.resolve('risk'),
    cookies,
    storage,
    now: () => Date.now(),
    currentUrl: () => PAGE,
    navigate,
    reload: vi.fn(),
    isOnline: () => true,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  return { client: createAuthClient(deps), fetch, storage, navigate, issue: (token: string) => (nextMain = token) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START_MS);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createAuthClient', () => {
  it('publishes the user stream and the ready flag from the cookies', async () => {
    const { client } = setup();
    const seen = vi.fn();
    client.subscribe(seen);
    expect(client.isReady()).toBe(false);
    await client.ensureFresh();
    expect(client.isReady()).toBe(true);
    expect(seen).toHaveBeenCalledWith(client.getUser());
    expect(client.getUser()).toMatchObject({ isLoggedIn: true, isMember: false });
  });

  it('refreshes until the membership shows up, through the real refresher', async () => {
    const { client, fetch, issue } = setup();
    await client.ensureFresh();
    const result = client.refreshUntilChanged({ field: 'isMember' });
    await vi.advanceTimersByTimeAsync(0);
    issue(mainJwt({ membership_level: 'Premium' }, { nowMs: Date.now() }));
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toMatchObject({ isMember: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(client.getUser().isMember).toBe(true);
  });

  it('stores the login redirect under bof-auth-redirect-to and navigates to the login flow', async () => {
    const { client, storage, navigate } = setup();
    await client.login({ redirectTo: '/careers/' });
    expect(client.redirects.readAuthRedirect()).toBe('https://atelier.test/careers/');
    expect(storage.items.has('bof-auth-redirect-to')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/user/login/?flow=login-flow-1');
  });
});

describe('browserAuthClientDeps', () => {
  it('reads document.cookie, localStorage, location and navigator, and resolves a relative identity URL', async () => {
    const assign = vi.fn();
    const localStorage = createMemoryStorage();
    vi.stubGlobal('window', { location: { href: PAGE, assign, reload: vi.fn() }, localStorage, fetch: vi.fn() });
    vi.stubGlobal('document', { cookie: `${MAIN_TOKEN_COOKIE}=abc; other=1` });
    vi.stubGlobal('navigator', { onLine: false });
    const deps = browserAuthClientDeps({
      identityBaseUrl: '/identity',
      authEndpointUrl: '/api/auth',
      getRiskToken: () => Promise.resolve(''),
    });
    expect(deps.cookies.get(MAIN_TOKEN_COOKIE)).toBe('abc');
    expect(deps.storage).toBe(localStorage);
    expect(deps.currentUrl()).toBe(PAGE);
    expect(deps.isOnline()).toBe(false);
    deps.navigate('/user/login/');
    expect(assign).toHaveBeenCalledWith('/user/login/');
    const fetchSpy = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(loginFlow())));
    vi.stubGlobal('fetch', fetchSpy);
    await deps.identity.createBrowserLoginFlow();
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://atelier.test/identity/self-service/login/browser');
    expect(init).toMatchObject({ credentials: 'include' });
    expect(new Headers(init?.headers).get('accept')).toBe('application/json');
  });
});

describe('isAuthError (§8)', () => {
  it('finds the AuthError type up to 3 levels deep, by __typename or type', () => {
    expect(isAuthError({ __typename: 'AuthError' })).toBe(true);
    expect(isAuthError({ data: { __typename: 'AuthError' } })).toBe(true);
    expect(isAuthError({ data: { viewer: { __typename: 'AuthError', message: 'Not signed in' } } })).toBe(true);
    expect(isAuthError({ result: { data: { type: 'AuthError' } } })).toBe(true);
    expect(isAuthError([{ data: { type: 'AuthError' } }])).toBe(true);
  });

  it('does not look 4 levels deep', () => {
    expect(isAuthError({ data: { viewer: { follows: { __typename: 'AuthError' } } } })).toBe(false);
    expect(isAuthError([{ result: { data: { type: 'AuthError' } } }])).toBe(false);
  });

  it('is false for other values and other error types', () => {
    for (const value of [null, undefined, 'AuthError', 3, { __typename: 'BaseError' }, { data: { viewer: { __typename: 'User' } } }]) {
      expect(isAuthError(value)).toBe(false);
    }
  });
});
