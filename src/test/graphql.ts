// GraphQL over HTTP for integration tests: requests through inject() as the browser client makes
// them (JSON POST, or GET with the CSRF header), and a signed-in user's cookies. Like the browser
// client, which refreshes tokens the server refuses and asks again, stale tokens are replaced
// before asking: a membership change makes the tokens minted before it stale (decision 046).
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read whatever shape a query asked for */
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '../modules/identity/identity-routes.ts';
import { identities } from '../modules/identity/schema.ts';
import { MAIN_TOKEN_COOKIE, PAYWALL_TOKEN_COOKIE } from '../shared/auth/cookies.ts';
import { isAuthError } from '../web/auth/is-auth-error.ts';
import type { createTestApp } from './app.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;

export interface GraphQLResponse<Data = Record<string, any>> {
  status: number;
  data?: Data;
  errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> }[];
}

let counter = 0;

/** A fresh identity with an active identity session and the product session cookies. */
export async function signIn(app: App, { first = 'Ada', last = 'Okafor', email }: { first?: string; last?: string; email?: string } = {}) {
  const address = email ?? `reader${Date.now()}${counter++}@example.com`;
  const { identities, sessions } = app.services.identity;
  const person = await identities.create({ traits: { email: address, name: { first, last } }, verified: true });
  const { token } = await sessions.create({ identityId: person.identity.id, method: 'password', device: {} });
  return {
    email: address,
    identityId: person.identity.id,
    userId: String(person.identity.metadataPublic!.user_id),
    identitySessionToken: token,
    cookie: await freshCookie(app, token),
  };
}

/** A fresh identity made a site admin (`metadata_admin.is_bof_admin`), with cookies minted after it became one. */
export async function signInAsSiteAdmin(app: App, name: { first: string; last: string } = { first: 'Ann', last: 'Admin' }) {
  const admin = await signIn(app, name);
  await app.db
    .update(identities)
    .set({ metadataAdmin: { is_bof_admin: true } })
    .where(eq(identities.id, admin.identityId));
  return { ...admin, cookie: await freshCookie(app, admin.identitySessionToken) };
}

/** Both tokens minted for an identity session, and the cookie header a browser then sends. */
export async function sessionCookies(app: App, identitySessionToken: string): Promise<{ cookie: string; mainToken: string }> {
  const issued = await app.services.session.refreshTokens({ identitySessionToken });
  if (!issued) throw new Error('could not mint the session tokens');
  return {
    cookie: `${SESSION_COOKIE}=${identitySessionToken}; ${MAIN_TOKEN_COOKIE}=${issued.main.token}; ${PAYWALL_TOKEN_COOKIE}=${issued.paywall.token}`,
    mainToken: issued.main.token,
  };
}

/** Cookies with both tokens minted again: after a membership change the ones before it are stale (decision 046). */
export async function freshCookie(app: App, identitySessionToken: string): Promise<string> {
  return (await sessionCookies(app, identitySessionToken)).cookie;
}

/** A cookie header read into name → value, as the server's parser reads it (a value may hold `=`). */
function cookiesOf(header: string): Record<string, string> {
  return Object.fromEntries(
    header.split(/;\s*/).map((pair) => {
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
}

export async function graphql<Data = Record<string, any>>(
  app: App,
  query: string,
  {
    variables,
    cookie,
    method = 'POST',
    headers = {},
    refreshStaleTokens = true,
  }: {
    variables?: Record<string, unknown>;
    cookie?: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    /** False to send the cookies as they are and see the refusal, as a client that never refreshes would. */
    refreshStaleTokens?: boolean;
  } = {},
): Promise<GraphQLResponse<Data>> {
  const cookies = cookie ? cookiesOf(cookie) : {};
  const identitySession = cookies[SESSION_COOKIE];
  if (!refreshStaleTokens || !identitySession) return ask<Data>(app, query, { variables, cookie, method, headers });
  // Tokens the server would no longer take (a membership changed since, or they expired) are
  // replaced first, as the browser's refresh-and-retry ends up doing.
  const current = (await app.services.session.userFromRequest(cookies)) !== null;
  const sent = current ? cookie : ((await freshCookie(app, identitySession).catch(() => null)) ?? cookie);
  const answer = await ask<Data>(app, query, { variables, cookie: sent, method, headers });
  // A change while the request was on its way (another request of the same person bought something).
  if (!isAuthError(answer)) return answer;
  const again = await freshCookie(app, identitySession).catch(() => null);
  return again ? ask<Data>(app, query, { variables, cookie: again, method, headers }) : answer;
}

async function ask<Data>(
  app: App,
  query: string,
  {
    variables,
    cookie,
    method,
    headers,
  }: { variables?: Record<string, unknown>; cookie?: string; method: 'GET' | 'POST'; headers: Record<string, string> },
): Promise<GraphQLResponse<Data>> {
  const common = { ...(cookie ? { cookie } : {}), 'x-atelier-csrf': '1', ...headers };
  const response =
    method === 'GET'
      ? await app.inject({
          method: 'GET',
          url: `/graphql?${new URLSearchParams({ query, ...(variables ? { variables: JSON.stringify(variables) } : {}) })}`,
          headers: common,
        })
      : await app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', ...common },
          payload: JSON.stringify({ query, variables }),
        });
  const body = response.body ? (JSON.parse(response.body) as Omit<GraphQLResponse<Data>, 'status'>) : {};
  return { status: response.statusCode, ...body };
}
