import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START_MS } from '../auth/auth-test-fakes.ts';
import { jsonResponse, settle } from './api-test-fakes.ts';

const session = vi.hoisted(() => ({
  browserAuthStarting: vi.fn<() => Promise<{ forceRefresh: () => Promise<unknown> }> | null>(() => null),
  ensureFresh: vi.fn(async () => undefined),
}));
vi.mock('../lib/session.ts', () => session);

const config = {
  version: '9.36.0',
  productName: 'Atelier',
  endpoints: { graphql: 'https://atelier.test/graphql', trpc: 'https://atelier.test/trpc' },
} as const;
const fetch = vi.fn<typeof globalThis.fetch>();

// The clients are created once per page: a fresh module per test.
async function load() {
  vi.resetModules();
  return import('./browser-clients.ts');
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START_MS);
  vi.stubGlobal('fetch', fetch);
  fetch.mockReset();
  session.browserAuthStarting.mockReset().mockReturnValue(null);
  session.ensureFresh.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the app’s tRPC client', () => {
  it('calls at once when the auth client has not started', async () => {
    fetch.mockImplementation(async () => jsonResponse([{ result: { data: null } }]));
    const { browserTrpcClient } = await load();
    await expect(settle(browserTrpcClient(config).session.me.query())).resolves.toBeNull();
    expect(Date.now()).toBe(START_MS);
    expect(session.ensureFresh).toHaveBeenCalledTimes(1);
  });

  it('waits for the auth client to have started, then refreshes if needed', async () => {
    let started!: () => void;
    session.browserAuthStarting.mockReturnValue(
      new Promise((resolve) => (started = () => resolve({ forceRefresh: async () => undefined }))),
    );
    fetch.mockImplementation(async () => jsonResponse([{ result: { data: null } }]));
    const { browserTrpcClient } = await load();
    const call = browserTrpcClient(config).session.me.query();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).not.toHaveBeenCalled();
    started();
    await settle(call);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(session.ensureFresh).toHaveBeenCalledTimes(1);
  });
});

describe('the app’s GraphQL client', () => {
  it('names the app and its version, and force-refreshes through the started auth client', async () => {
    const forceRefresh = vi.fn(async () => undefined);
    session.browserAuthStarting.mockReturnValue(Promise.resolve({ forceRefresh }));
    fetch
      .mockImplementationOnce(async () => jsonResponse({ data: { viewer: { __typename: 'AuthError' } } }))
      .mockImplementation(async () => jsonResponse({ data: { viewer: { __typename: 'Viewer' } } }));
    const { browserGraphQLClient } = await load();
    await expect(browserGraphQLClient(config).query('{ viewer { __typename } }', {})).resolves.toEqual({
      viewer: { __typename: 'Viewer' },
    });
    expect(forceRefresh).toHaveBeenCalledTimes(1);
    const headers = new Headers(fetch.mock.calls[0]![1]!.headers);
    expect([headers.get('x-app-version'), headers.get('x-app-name')]).toEqual(['9.36.0', 'Atelier']);
  });
});
