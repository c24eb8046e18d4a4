// The browser's GraphQL client against the real server (listening on a port): the CSRF header and
// GET queries get through, and an AuthError is answered by a real forced refresh through /api/auth
// with a cookie jar standing in for the browser's.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { signIn } from '../../test/graphql.ts';
import { MAIN_TOKEN_COOKIE } from '../../shared/auth/cookies.ts';
import { createTokenRefresher } from '../auth/token-refresher.ts';
import { createGraphQLClient, GRAPHQL_RESPONSE_ERROR } from './graphql-client.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let baseUrl: string;

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

const VIEWER = 'query Viewer { viewer { __typename ... on Viewer { userData { firstName } } ... on AuthError { message } } }';
// The document cache adds __typename to every selection.
const SIGNED_IN_VIEWER = { viewer: { __typename: 'Viewer', userData: { __typename: 'UserData', firstName: 'Ada' } } };
const UPDATE =
  'mutation Update($input: UpdatePersonalDetailsInput!) { updatePersonalDetails(input: $input) { __typename ... on UserData { firstName } ... on ZodError { fieldErrors { path } } } }';

/**
 * A page on the server's origin: fetch sends the jar's cookies (and Origin on POST, as browsers
 * do) and keeps what Set-Cookie says; the real token refresher reads the jar.
 */
function browserPage(initialCookies: string) {
  const jar = new Map(initialCookies.split('; ').map((pair) => pair.split('=') as [string, string]));
  const sent: string[] = [];
  const pageFetch: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    const method = init.method ?? 'GET';
    if (method !== 'GET') headers.set('origin', baseUrl);
    if (jar.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    sent.push(`${method} ${new URL(String(input)).pathname}`);
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [name = '', value = ''] = line.split(';')[0]!.split('=');
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  };
  const auth = createTokenRefresher({
    cookies: { get: (name) => jar.get(name) },
    fetch: pageFetch,
    authEndpointUrl: `${baseUrl}/api/auth`,
    getRiskToken: async () => '',
    currentUrl: () => `${baseUrl}/`,
    now: () => Date.now(),
  });
  const client = createGraphQLClient({ url: `${baseUrl}/graphql`, fetch: pageFetch, auth, appVersion: '9.36.0', appName: 'Atelier' });
  return { client, jar, sent };
}

describe('the GraphQL client against the server', () => {
  it('reads the viewer by GET with the cookies', async () => {
    const reader = await signIn(app, { first: 'Ada' });
    const { client, sent } = browserPage(reader.cookie);
    await expect(client.query(VIEWER, {})).resolves.toEqual(SIGNED_IN_VIEWER);
    expect(sent).toEqual(['GET /graphql']);
  });

  it('answers an AuthError (a tampered token) with a forced refresh, then retries with the new token', async () => {
    const reader = await signIn(app, { first: 'Ada' });
    const tamperedToken = `${/bof_session=([^;]+)/.exec(reader.cookie)![1]!.slice(0, -4)}AAAA`;
    const { client, jar, sent } = browserPage(reader.cookie.replace(/bof_session=[^;]+/, `bof_session=${tamperedToken}`));
    await expect(client.query(VIEWER, {})).resolves.toEqual(SIGNED_IN_VIEWER);
    expect(sent).toEqual(['GET /graphql', 'POST /api/auth', 'GET /graphql']);
    expect(jar.get(MAIN_TOKEN_COOKIE)).not.toBe(tamperedToken);
  });

  it('gives a second AuthError to the caller (signed out: the refresh cannot help)', async () => {
    const { client, sent } = browserPage('');
    await expect(client.query(VIEWER, {})).resolves.toEqual({ viewer: { __typename: 'AuthError', message: expect.any(String) } });
    expect(sent).toEqual(['GET /graphql', 'POST /api/auth', 'GET /graphql']);
  });

  it('sends mutations by POST; a refused input is a result, not an exception', async () => {
    const reader = await signIn(app, { first: 'Ada' });
    const { client, sent } = browserPage(reader.cookie);
    await expect(client.mutation(UPDATE, { input: { firstName: 'Ada', lastName: 'Okafor' } })).resolves.toEqual({
      updatePersonalDetails: { __typename: 'UserData', firstName: 'Ada' },
    });
    await expect(client.mutation(UPDATE, { input: { firstName: '', lastName: 'Okafor' } })).resolves.toMatchObject({
      updatePersonalDetails: { __typename: 'ZodError', fieldErrors: [{ path: ['firstName'] }] },
    });
    expect(sent).toEqual(['POST /graphql', 'POST /graphql']);
  });

  it("throws 'GraphQL Response Error' for a query the schema refuses", async () => {
    const { client } = browserPage('');
    await expect(client.query('{ nope }', {})).rejects.toThrow(GRAPHQL_RESPONSE_ERROR);
  });
});
