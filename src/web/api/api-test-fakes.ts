// Test doubles for the API client tests (imported only by *.test.ts): a browser with a fake cookie
// jar, the real token refresher, and one fetch that reaches either the auth endpoint or a fake API.
import { vi } from 'vitest';
import { createFakeCookies, mainJwt, paywallJwt, START_MS, type FakeCookies } from '../auth/auth-test-fakes.ts';
import { MAIN_TOKEN_COOKIE, PAYWALL_TOKEN_COOKIE } from '../../shared/auth/cookies.ts';
import { createTokenRefresher, type TokenRefresher } from '../auth/token-refresher.ts';

export const AUTH_URL = 'https://atelier.test/api/auth';
/** How long the fake auth endpoint takes to reissue the tokens (fake time). */
export const AUTH_LATENCY_MS = 50;

export interface SentRequest {
  url: URL;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
  /** The request carried the cookies, and the main token in them is the one the auth endpoint reissued. */
  carriesReissuedToken: boolean;
  /** When it was sent (fake time, ms since the epoch). */
  at: number;
}

export type FakeApi = (request: SentRequest) => Response | Promise<Response>;

export interface FakeBrowser {
  cookies: FakeCookies;
  fetch: typeof fetch;
  auth: TokenRefresher;
  /** Every request, in the order sent. */
  sent: SentRequest[];
  /** Requests to the API (not the auth endpoint). */
  apiRequests(): SentRequest[];
  /** How many times the auth endpoint was called. */
  authCalls(): number;
}

/**
 * A signed-in browser at START_MS whose main token expires in `mainTokenExpiresInMs`. The auth
 * endpoint reissues the main token; requests carry the jar's cookies only with credentials: 'include',
 * as a browser does for a cross-origin-capable call.
 */
export function createFakeBrowser(api: FakeApi, { mainTokenExpiresInMs = 10 * 60_000 } = {}): FakeBrowser {
  const cookies = createFakeCookies({
    [MAIN_TOKEN_COOKIE]: mainJwt({}, { expiresInMs: mainTokenExpiresInMs }),
    [PAYWALL_TOKEN_COOKIE]: paywallJwt(),
  });
  const reissuedToken = mainJwt({ jti: 'reissued' }, { nowMs: START_MS + AUTH_LATENCY_MS });
  const sent: SentRequest[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: SentRequest = {
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      credentials: init.credentials,
      body,
      carriesReissuedToken: init.credentials === 'include' && cookies.get(MAIN_TOKEN_COOKIE) === reissuedToken,
      at: Date.now(),
    };
    sent.push(request);
    if (url.href !== AUTH_URL) return api(request);
    await new Promise((resolve) => setTimeout(resolve, AUTH_LATENCY_MS));
    cookies.set(MAIN_TOKEN_COOKIE, reissuedToken);
    return new Response(null, { status: 204 });
  });
  const auth = createTokenRefresher({
    cookies,
    fetch,
    authEndpointUrl: AUTH_URL,
    getRiskToken: async () => '',
    currentUrl: () => 'https://atelier.test/',
    now: () => Date.now(),
  });
  return {
    cookies,
    fetch,
    auth,
    sent,
    apiRequests: () => sent.filter((request) => request.url.href !== AUTH_URL),
    authCalls: () => sent.filter((request) => request.url.href === AUTH_URL).length,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Runs fake time until no timer is left (the fake auth endpoint, tRPC's batch timer), then gives
 * the call's outcome. Its rejection is handled from the start, so it is never reported unhandled.
 */
export async function settle<T>(promise: Promise<T>): Promise<T> {
  const outcome = promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  await vi.runAllTimersAsync();
  const result = await outcome;
  if (!result.ok) throw result.error;
  return result.value;
}

/** What the call threw, once settled; fails the test when it resolved. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  const result = await settle(promise).then(
    () => ({ resolved: true as const }),
    (error: unknown) => ({ resolved: false as const, error }),
  );
  if (result.resolved) throw new Error('expected the call to fail');
  return result.error;
}
