// The browser's tRPC client (§7 "Typed RPC-style client"): calls made together leave as one
// batched request with the cookies (GET for queries, POST for mutations). Before a call goes, it
// waits for the credentials-ready signal and has the tokens refreshed if they need it; when the
// wait fails (rejects or takes too long) the call goes without it.
import { createTRPCClient, httpBatchLink, type TRPCClient, type TRPCLink } from '@trpc/client';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { TRPC_MAX_BATCH_SIZE } from '../../server/trpc/limits.ts';
import type { AppRouter } from '../../server/trpc/router.ts';

/** How long a call waits for the credentials-ready signal before going without it. */
export const CREDENTIALS_WAIT_MS = 5_000;
/** Longer batched GET URLs are split into several requests, so no proxy refuses them. */
const MAX_URL_LENGTH = 2_000;

export interface TrpcClientOptions {
  url: string;
  fetch?: typeof fetch;
  /** Refreshes the tokens when they need it (§4). */
  auth: { ensureFresh(): Promise<unknown> };
  /** Resolves once the browser holds its credentials (the auth client has read the cookies). */
  credentialsReady?: () => Promise<unknown>;
  credentialsWaitMs?: number;
}

export type TrpcClient = TRPCClient<AppRouter>;

export function createTrpcClient({
  url,
  fetch: fetchImpl,
  auth,
  credentialsReady,
  credentialsWaitMs = CREDENTIALS_WAIT_MS,
}: TrpcClientOptions): TrpcClient {
  const prepare = async () => {
    if (credentialsReady) await withinTime(credentialsReady(), credentialsWaitMs).catch(() => undefined);
    // A failed refresh has published what the cookies say; the server decides what they are worth.
    await auth.ensureFresh().catch(() => undefined);
  };
  return createTRPCClient<AppRouter>({
    links: [
      preparedCallsLink(prepare),
      httpBatchLink({
        url,
        maxItems: TRPC_MAX_BATCH_SIZE,
        maxURLLength: MAX_URL_LENGTH,
        fetch: async (input, init) => notJsonAsUnreadable(await (fetchImpl ?? fetch)(input, { ...init, credentials: 'include' })),
      }),
    ],
  });
}

/**
 * Holds every call until `prepare` has run. Calls made together wait on the same signal and the
 * same refresh (the refresher shares one), so they go on together and still leave in one batch.
 */
function preparedCallsLink(prepare: () => Promise<void>): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let cancelled = false;
        let subscription: Unsubscribable | undefined;
        void prepare().then(() => {
          if (!cancelled) subscription = next(op).subscribe(observer);
        });
        return () => {
          cancelled = true;
          subscription?.unsubscribe();
        };
      });
}

function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No credentials-ready signal within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * §8: an answer that is not JSON (a proxy's HTML error page) fails like any other answer that is
 * not tRPC's, with 'Unable to transform response from server', not with a JSON syntax error.
 */
function notJsonAsUnreadable(response: Response): Response {
  const parse = response.json.bind(response);
  return Object.assign(response, { json: () => parse().catch(() => null) });
}
