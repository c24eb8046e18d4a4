// What the tRPC server and the browser client agree on. No imports: the browser bundle reads it.

/** Calls in one batched request: more than any page makes at once, a bound on one request's work. */
export const TRPC_MAX_BATCH_SIZE = 20;
