// The app's one GraphQL client and one tRPC client in the browser, wired to the public config and
// to the browser auth client that web/lib/session.ts starts after hydration. Browser only.
import type { PublicConfig } from '../../config/config.ts';
import { browserAuthStarting, ensureFresh } from '../lib/session.ts';
import { createGraphQLClient, type GraphQLClient } from './graphql-client.ts';
import { createTrpcClient, type TrpcClient } from './trpc-client.ts';

type ClientConfig = Pick<PublicConfig, 'version' | 'productName'> & { endpoints: Pick<PublicConfig['endpoints'], 'graphql' | 'trpc'> };

let graphQLClient: GraphQLClient | null = null;
let trpcClient: TrpcClient | null = null;

export function browserGraphQLClient(config: ClientConfig): GraphQLClient {
  graphQLClient ??= createGraphQLClient({
    url: config.endpoints.graphql,
    // Before the auth client has started there is nothing to refresh with; the retry still runs.
    auth: { forceRefresh: async () => (await browserAuthStarting())?.forceRefresh() },
    appVersion: config.version,
    appName: config.productName,
  });
  return graphQLClient;
}

export function browserTrpcClient(config: ClientConfig): TrpcClient {
  trpcClient ??= createTrpcClient({
    url: config.endpoints.trpc,
    // session.ts's refresh also keeps its expiry timer in step.
    auth: { ensureFresh },
    // Ready once the auth client has read (and if needed refreshed) the cookies; when nothing
    // started it, calls go at once with whatever cookies there are.
    credentialsReady: () => browserAuthStarting() ?? Promise.reject(new Error('The browser auth client has not started')),
  });
  return trpcClient;
}
