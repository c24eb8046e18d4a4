// Where every rate limit counts (DESIGN §8; docs/decisions/016): in Redis when REDIS_URL is set,
// so all processes share the counts, else in this process's memory. While Redis does not answer,
// each limiter counts in memory instead (its insurance): limits stay on and requests do not fail.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimitOptions {
  /** Part of the key: limiters with different names never share counts. */
  name: string;
  /** How many actions a key may take per window. */
  points: number;
  durationSeconds: number;
}

export interface LimitStore {
  limiter(options: LimitOptions): RateLimiterAbstract;
  /** Resolves once Redis answers (at once without Redis), or after a few seconds without it. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface LimitStoreOptions {
  redisUrl?: string;
  keyPrefix: string;
  /** Told once each time Redis becomes unreachable. */
  onUnavailable?: (message: string) => void;
}

const CONNECT_WAIT_MS = 3000;

export function createLimitStore({ redisUrl, keyPrefix, onUnavailable }: LimitStoreOptions): LimitStore {
  const memory = ({ name, points, durationSeconds }: LimitOptions) =>
    new RateLimiterMemory({ keyPrefix: `${keyPrefix}:${name}`, points, duration: durationSeconds });
  if (!redisUrl) return { limiter: memory, ready: async () => {}, close: async () => {} };

  // No offline queue: a command while disconnected fails at once and the insurance answers.
  const client = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
  let reported = false;
  client.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    onUnavailable?.(
      `Redis at ${redactedUrl(redisUrl)} does not answer (${error.message}): rate limits count in this process until it does`,
    );
  });
  client.on('ready', () => {
    reported = false;
  });
  const connecting = client.connect().catch(() => {}); // reported above; ioredis keeps retrying

  return {
    limiter: (options) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${keyPrefix}:${options.name}`,
        points: options.points,
        duration: options.durationSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory(options),
      }),
    ready: () => Promise.race([connecting, new Promise<void>((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref())]),
    close: async () => {
      client.disconnect();
    },
  };
}

/** Seconds until `attempt` (a consume or penalty) would be allowed; 0 when it was. */
export async function retryAfterSeconds(attempt: Promise<RateLimiterRes>): Promise<number> {
  try {
    await attempt;
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}

/**
 * An onRequest hook counting each request against its client address (request.ip, which follows
 * TRUSTED_PROXIES). Past the limit it sets Retry-After and lets `refuse` answer 429 in the route's
 * own error shape.
 */
export function limitPerAddress(
  limiter: RateLimiterAbstract,
  refuse: (request: FastifyRequest, reply: FastifyReply, seconds: number) => unknown,
) {
  return async function limitPerAddressHook(request: FastifyRequest, reply: FastifyReply) {
    const seconds = await retryAfterSeconds(limiter.consume(request.ip));
    if (seconds === 0) return;
    reply.header('retry-after', String(seconds));
    await refuse(request, reply, seconds);
    return reply;
  };
}

function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = parsed.password ? '***' : '';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
