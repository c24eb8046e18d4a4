// GraphQL over HTTP for integration tests: requests through inject() as the browser client makes
// them (JSON POST, or GET with the CSRF header), and a signed-in user's cookies.
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read whatever shape a query asked for */
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
  const issued = await app.services.session.refreshTokens({ identitySessionToken: token });
  if (!issued) throw new Error('could not mint the session tokens');
  return {
    email: address,
    identityId: person.identity.id,
    userId: String(person.identity.metadataPublic!.user_id),
    identitySessionToken: token,
    cookie: `ory_kratos_session=${token}; bof_session=${issued.main.token}; blaize_jwt=${issued.paywall.token}`,
  };
}

export async function graphql<Data = Record<string, any>>(
  app: App,
  query: string,
  {
    variables,
    cookie,
    method = 'POST',
    headers = {},
  }: { variables?: Record<string, unknown>; cookie?: string; method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
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
