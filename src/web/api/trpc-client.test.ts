import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAuthError } from '../auth/auth-client.ts';
import { START_MS } from '../auth/auth-test-fakes.ts';
import { REFRESH_MARGIN_MS } from '../auth/token-refresher.ts';
import { AUTH_LATENCY_MS, createFakeBrowser, jsonResponse, rejectionOf, settle, type FakeApi, type SentRequest } from './api-test-fakes.ts';
import { createTrpcClient, CREDENTIALS_WAIT_MS, type TrpcClientOptions } from './trpc-client.ts';

const URL_ = 'https://atelier.test/trpc';
const ME = { userId: '42', email: 'ana@example.com' };
const COUNTRIES = [{ key: 'GB', title: 'United Kingdom' }];

/** The calls of one request: procedure paths and their inputs, batched (`?batch=1`) or not. */
function callsOf(request: SentRequest): { path: string; input: unknown }[] {
  const paths = request.url.pathname.slice(new URL(URL_).pathname.length + 1).split(',');
  const batched = request.url.searchParams.get('batch') === '1';
  const rawInput = request.url.searchParams.get('input');
  const inputs = (request.method === 'GET' ? (rawInput ? JSON.parse(rawInput) : {}) : request.body) as Record<number, unknown>;
  return paths.map((path, index) => ({ path, input: batched ? inputs[index] : inputs }));
}

/** A tRPC endpoint answering every call with `answer(path, input)` as data. */
function fakeTrpc(answer: (path: string, input: unknown) => unknown): FakeApi {
  return (request) => jsonResponse(callsOf(request).map(({ path, input }) => ({ result: { data: answer(path, input) } })));
}

const everything = fakeTrpc((path, input) => ({ 'session.me': ME, 'lookups.countries': COUNTRIES })[path] ?? input);

function setup(
  api: FakeApi = everything,
  { mainTokenExpiresInMs, ...options }: Partial<TrpcClientOptions> & { mainTokenExpiresInMs?: number } = {},
) {
  const browser = createFakeBrowser(api, { mainTokenExpiresInMs });
  const client = createTrpcClient({ url: URL_, fetch: browser.fetch, auth: browser.auth, ...options });
  return { ...browser, client };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function failureOf(promise: Promise<unknown>): Promise<TRPCClientError<never>> {
  const error = await rejectionOf(promise);
  if (!(error instanceof TRPCClientError)) throw new Error(`expected a TRPCClientError, got ${String(error)}`);
  return error;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START_MS);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('requests (§7 typed RPC-style client)', () => {
  it('sends calls made together as one batched GET with the cookies', async () => {
    const { client, apiRequests } = setup();
    await expect(settle(Promise.all([client.session.me.query(), client.lookups.countries.query()]))).resolves.toEqual([ME, COUNTRIES]);
    expect(apiRequests()).toHaveLength(1);
    const [request] = apiRequests();
    expect(request).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(request!.url.searchParams.get('batch')).toBe('1');
    expect(callsOf(request!).map((call) => call.path)).toEqual(['session.me', 'lookups.countries']);
  });

  it('sends mutations by POST with the input as JSON and the cookies', async () => {
    const { client, apiRequests } = setup();
    const details = { firstName: 'Ada', lastName: 'Okafor' };
    await settle(client.account.updatePersonalDetails.mutate(details));
    const [request] = apiRequests();
    expect(request).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(callsOf(request!)).toEqual([{ path: 'account.updatePersonalDetails', input: details }]);
  });
});

describe('before each call (§7: refresh, credentials-ready signal)', () => {
  it('refreshes the tokens first when they need it, so the call carries the new one', async () => {
    const { client, sent } = setup(everything, { mainTokenExpiresInMs: REFRESH_MARGIN_MS - 1000 });
    await settle(client.session.me.query());
    expect(sent.map((request) => request.url.pathname)).toEqual(['/api/auth', '/trpc/session.me']);
    expect(sent[1]).toMatchObject({ carriesReissuedToken: true, at: START_MS + AUTH_LATENCY_MS });
  });

  it('does not call the auth endpoint when the tokens are fresh', async () => {
    const { client, authCalls, apiRequests } = setup();
    await settle(client.session.me.query());
    expect(authCalls()).toBe(0);
    expect(apiRequests()).toHaveLength(1);
  });

  it('shares one refresh among calls made together, which still leave in one batch', async () => {
    const { client, authCalls, apiRequests } = setup(everything, { mainTokenExpiresInMs: REFRESH_MARGIN_MS - 1000 });
    await settle(Promise.all([client.session.me.query(), client.lookups.countries.query()]));
    expect(authCalls()).toBe(1);
    expect(apiRequests()).toHaveLength(1);
    expect(apiRequests()[0]!.carriesReissuedToken).toBe(true);
  });

  it('still sends the call when the refresh fails', async () => {
    const { client, apiRequests } = setup(everything, {
      auth: { ensureFresh: () => Promise.reject(new Error('The auth endpoint answered 503')) },
    });
    await expect(settle(client.session.me.query())).resolves.toEqual(ME);
    expect(apiRequests()).toHaveLength(1);
  });

  it('waits for the credentials-ready signal', async () => {
    const ready = deferred();
    const { client, apiRequests } = setup(everything, { credentialsReady: () => ready.promise });
    const call = client.session.me.query();
    await vi.advanceTimersByTimeAsync(CREDENTIALS_WAIT_MS - 1);
    expect(apiRequests()).toHaveLength(0);
    ready.resolve();
    await expect(settle(call)).resolves.toEqual(ME);
    expect(apiRequests().map((request) => request.at - START_MS)).toEqual([CREDENTIALS_WAIT_MS - 1]);
  });

  it('goes without waiting when the signal fails', async () => {
    const { client, apiRequests } = setup(everything, {
      credentialsReady: () => Promise.reject(new Error('the auth client did not start')),
    });
    await expect(settle(client.session.me.query())).resolves.toEqual(ME);
    expect(apiRequests().map((request) => request.at - START_MS)).toEqual([0]);
  });

  it('goes without the signal once it has waited CREDENTIALS_WAIT_MS', async () => {
    const { client, apiRequests } = setup(everything, { credentialsReady: () => new Promise(() => undefined) });
    await expect(settle(Promise.all([client.session.me.query(), client.lookups.countries.query()]))).resolves.toEqual([ME, COUNTRIES]);
    expect(apiRequests().map((request) => [request.at - START_MS, callsOf(request).length])).toEqual([[CREDENTIALS_WAIT_MS, 2]]);
  });

  it('refreshes after the signal, with the cookies it made ready', async () => {
    const ready = deferred();
    const { client, sent } = setup(everything, { credentialsReady: () => ready.promise, mainTokenExpiresInMs: REFRESH_MARGIN_MS - 1000 });
    const call = client.session.me.query();
    await vi.advanceTimersByTimeAsync(AUTH_LATENCY_MS);
    expect(sent).toHaveLength(0);
    ready.resolve();
    await settle(call);
    expect(sent.map((request) => [request.url.pathname, request.at - START_MS])).toEqual([
      ['/api/auth', AUTH_LATENCY_MS],
      ['/trpc/session.me', 2 * AUTH_LATENCY_MS],
    ]);
  });
});

describe('errors (§8)', () => {
  it('surfaces the server’s error as a TRPCClientError; an AuthError is recognisable by isAuthError', async () => {
    const unauthorized = {
      message: 'You need to sign in to do that.',
      code: -32001,
      data: { code: 'UNAUTHORIZED', httpStatus: 401, path: 'account.userData', type: 'AuthError' },
    };
    const { client } = setup(() => jsonResponse([{ error: unauthorized }], 401));
    const error = await failureOf(settle(client.account.userData.query()));
    expect(error.message).toBe('You need to sign in to do that.');
    expect(error.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    expect(isAuthError(error)).toBe(true);
  });

  it("throws 'Unable to transform response from server' when the answer is not JSON", async () => {
    const { client } = setup(
      () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const error = await failureOf(settle(client.session.me.query()));
    expect(error.message).toBe('Unable to transform response from server');
  });

  it("throws 'Unable to transform response from server' when the JSON is not a tRPC answer", async () => {
    const { client } = setup(() => jsonResponse({ error: { message: 'Something went wrong!', requestId: 'r-1' } }, 500));
    const error = await failureOf(settle(client.session.me.query()));
    expect(error.message).toBe('Unable to transform response from server');
    expect(error.meta?.response).toMatchObject({ status: 500 });
  });
});
