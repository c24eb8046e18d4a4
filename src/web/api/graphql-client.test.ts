import type { CombinedError } from '@urql/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START_MS } from '../auth/auth-test-fakes.ts';
import { createFakeBrowser, jsonResponse, rejectionOf, settle, type FakeApi, type SentRequest } from './api-test-fakes.ts';
import { createGraphQLClient, CSRF_HEADER, GRAPHQL_RESPONSE_ERROR, HttpStatusError, type GraphQLClientOptions } from './graphql-client.ts';

const URL_ = 'https://atelier.test/graphql';
const VIEWER = 'query Viewer { viewer { __typename ... on Viewer { isQuiltBetaTester } } }';
const FOLLOW = 'mutation Follow($id: ID!) { addUserFollow(id: $id) { __typename } }';
const VIEWER_DATA = { viewer: { __typename: 'Viewer', isQuiltBetaTester: false } };
const AUTH_ERROR = { __typename: 'AuthError', message: 'You need to sign in to do that.' };

function setup(api: FakeApi = () => jsonResponse({ data: VIEWER_DATA }), options: Partial<GraphQLClientOptions> = {}) {
  const browser = createFakeBrowser(api);
  const client = createGraphQLClient({ url: URL_, fetch: browser.fetch, auth: browser.auth, ...options });
  return { ...browser, client };
}

/** The GraphQL request as the server reads it, from the URL (GET) or the JSON body (POST). */
function operationOf(request: SentRequest): { query: string; variables: unknown } {
  if (request.method === 'GET') {
    const variables = request.url.searchParams.get('variables');
    return { query: request.url.searchParams.get('query') ?? '', variables: variables ? JSON.parse(variables) : undefined };
  }
  return request.body as { query: string; variables: unknown };
}

async function failureOf(promise: Promise<unknown>): Promise<Error & { cause: CombinedError }> {
  return (await rejectionOf(promise)) as Error & { cause: CombinedError };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START_MS);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('requests (§7 GraphQL API)', () => {
  it('sends queries by GET with the cookies and the CSRF header, and resolves to data', async () => {
    const { client, apiRequests } = setup();
    await expect(client.query(VIEWER, { first: 1 })).resolves.toEqual(VIEWER_DATA);
    const [request] = apiRequests();
    expect(request).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
    expect(operationOf(request!)).toMatchObject({ query: expect.stringContaining('query Viewer'), variables: { first: 1 } });
    expect(request!.headers.get(CSRF_HEADER)).toBe('1');
  });

  it('sends mutations by POST as JSON with the cookies and the CSRF header', async () => {
    const { client, apiRequests } = setup(() => jsonResponse({ data: { addUserFollow: { __typename: 'UserFollow' } } }));
    await client.mutation(FOLLOW, { id: 'a' });
    const [request] = apiRequests();
    expect(request).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(request!.headers.get(CSRF_HEADER)).toBe('1');
    expect(operationOf(request!)).toMatchObject({ query: expect.stringContaining('mutation Follow'), variables: { id: 'a' } });
  });

  it('falls back to POST for a query too long for a URL', async () => {
    const { client, apiRequests } = setup();
    await client.query(VIEWER, { filter: 'x'.repeat(3000) });
    expect(apiRequests()[0]!.method).toBe('POST');
  });

  it('sends x-app-version and x-app-name only when configured, and the configured CSRF value', async () => {
    const bare = setup();
    await bare.client.query(VIEWER, {});
    expect(bare.apiRequests()[0]!.headers.has('x-app-version')).toBe(false);
    expect(bare.apiRequests()[0]!.headers.has('x-app-name')).toBe(false);

    const named = setup(undefined, { appVersion: '9.36.0', appName: 'Atelier', csrfHeaderValue: 'atelier' });
    await named.client.query(VIEWER, {});
    await named.client.mutation(FOLLOW, { id: 'a' });
    for (const request of named.apiRequests()) {
      expect(request.headers.get('x-app-version')).toBe('9.36.0');
      expect(request.headers.get('x-app-name')).toBe('Atelier');
      expect(request.headers.get(CSRF_HEADER)).toBe('atelier');
    }
  });

  it('sends x-captcha-token only on the calls given one', async () => {
    const { client, apiRequests } = setup();
    await client.query(VIEWER, {}, { captchaToken: 'q-token' });
    await client.mutation(FOLLOW, { id: 'a' }, { captchaToken: 'm-token' });
    await client.query(VIEWER, {});
    expect(apiRequests().map((request) => request.headers.get('x-captcha-token'))).toEqual(['q-token', 'm-token', null]);
  });

  it('passes the request policy through: network-only by default, the cache when asked', async () => {
    const { client, apiRequests } = setup();
    await client.query(VIEWER, {});
    await client.query(VIEWER, {});
    expect(apiRequests()).toHaveLength(2);
    await expect(client.query(VIEWER, {}, { requestPolicy: 'cache-first' })).resolves.toEqual(VIEWER_DATA);
    expect(apiRequests()).toHaveLength(2);
    await client.query(VIEWER, {}, { requestPolicy: 'network-only' });
    expect(apiRequests()).toHaveLength(3);
  });
});

describe('auth errors (§4, §8: an AuthError up to 3 levels deep)', () => {
  // Each answer is an AuthError until the request carries the token the forced refresh reissued.
  const authErrorAt: Record<1 | 2 | 3, () => Response> = {
    1: () => jsonResponse({ type: 'AuthError', message: AUTH_ERROR.message }, 401),
    2: () => jsonResponse({ data: AUTH_ERROR }),
    3: () => jsonResponse({ data: { viewer: AUTH_ERROR } }),
  };

  for (const depth of [1, 2, 3] as const) {
    it(`answers one at level ${depth} with one forced refresh and one retry that carries the new token`, async () => {
      const { client, apiRequests, authCalls } = setup((request) =>
        request.carriesReissuedToken ? jsonResponse({ data: VIEWER_DATA }) : authErrorAt[depth](),
      );
      await expect(settle(client.query(VIEWER, {}))).resolves.toEqual(VIEWER_DATA);
      expect(authCalls()).toBe(1);
      expect(apiRequests().map((request) => request.carriesReissuedToken)).toEqual([false, true]);
    });
  }

  it('does the same for mutations', async () => {
    const { client, apiRequests, authCalls } = setup((request) =>
      jsonResponse({ data: { addUserFollow: request.carriesReissuedToken ? { __typename: 'UserFollow' } : AUTH_ERROR } }),
    );
    await expect(settle(client.mutation(FOLLOW, { id: 'a' }))).resolves.toEqual({ addUserFollow: { __typename: 'UserFollow' } });
    expect(authCalls()).toBe(1);
    expect(apiRequests().map((request) => request.method)).toEqual(['POST', 'POST']);
  });

  it('ignores one at level 4', async () => {
    const deep = { data: { viewer: { result: AUTH_ERROR } } };
    const { client, apiRequests, authCalls } = setup(() => jsonResponse(deep));
    await expect(settle(client.query(VIEWER, {}))).resolves.toEqual(deep.data);
    expect(authCalls()).toBe(0);
    expect(apiRequests()).toHaveLength(1);
  });

  it('returns a second AuthError to the caller instead of refreshing again', async () => {
    const { client, apiRequests, authCalls } = setup(() => jsonResponse({ data: { viewer: AUTH_ERROR } }));
    await expect(settle(client.query(VIEWER, {}))).resolves.toEqual({ viewer: AUTH_ERROR });
    expect(authCalls()).toBe(1);
    expect(apiRequests()).toHaveLength(2);
  });

  it('retries from the network even when the caller asked for the cache', async () => {
    const { client, apiRequests } = setup((request) =>
      jsonResponse({ data: request.carriesReissuedToken ? VIEWER_DATA : { viewer: AUTH_ERROR } }),
    );
    await expect(settle(client.query(VIEWER, {}, { requestPolicy: 'cache-first' }))).resolves.toEqual(VIEWER_DATA);
    expect(apiRequests()).toHaveLength(2);
  });

  it('still retries once when the forced refresh fails', async () => {
    const forceRefresh = vi.fn(() => Promise.reject(new Error('The auth endpoint answered 503')));
    const { client, apiRequests } = setup(() => jsonResponse({ data: { viewer: AUTH_ERROR } }), { auth: { forceRefresh } });
    await expect(client.query(VIEWER, {})).resolves.toEqual({ viewer: AUTH_ERROR });
    expect(forceRefresh).toHaveBeenCalledTimes(1);
    expect(apiRequests()).toHaveLength(2);
  });
});

describe('transport errors (§8)', () => {
  it("throws 'GraphQL Response Error' when the answer has errors, with them as the cause", async () => {
    const { client } = setup(() => jsonResponse({ data: null, errors: [{ message: 'Cannot query field "nope" on type "Query".' }] }));
    const error = await failureOf(client.query(VIEWER, {}));
    expect(error.message).toBe(GRAPHQL_RESPONSE_ERROR);
    expect(error.cause.graphQLErrors.map((graphQLError) => graphQLError.message)).toEqual(['Cannot query field "nope" on type "Query".']);
  });

  it("throws 'GraphQL Response Error' when the status is not ok, with the body parsed as the error", async () => {
    const { client } = setup(() => jsonResponse({ errors: [{ message: 'Something went wrong!' }] }, 500));
    const error = await failureOf(client.mutation(FOLLOW, { id: 'a' }));
    expect(error.message).toBe(GRAPHQL_RESPONSE_ERROR);
    expect(error.cause.networkError).toBeInstanceOf(HttpStatusError);
    expect(error.cause.networkError).toMatchObject({ status: 500, body: { errors: [{ message: 'Something went wrong!' }] } });
  });

  it('keeps a body that is not JSON as text', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await failureOf(client.query(VIEWER, {}));
    expect(error.message).toBe(GRAPHQL_RESPONSE_ERROR);
    expect(error.cause.networkError).toMatchObject({ status: 502, body: '<html>Bad gateway</html>' });
  });

  it("throws 'GraphQL Response Error' when the network fails", async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(client.query(VIEWER, {}));
    expect(error.message).toBe(GRAPHQL_RESPONSE_ERROR);
    expect(error.cause.networkError?.message).toBe('Failed to fetch');
  });
});
