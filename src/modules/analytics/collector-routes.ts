// The Snowplow-protocol collector over HTTP (DESIGN §1, §6; field notes "Snowplow tracker
// protocol"): POST /com.snowplowanalytics.snowplow/tp2 for batches, GET /i for one event, OPTIONS
// preflights. Status codes follow what the tracker does with them: 200 once stored; 400 for a
// payload it should drop; 429/5xx for "try again later".
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLimitStore, limitPerAddress, type LimitStore } from '../../platform/rate-limits.ts';
import { warnOnlyRequestLog } from '../../platform/route-log.ts';
import type { AnalyticsService } from './analytics-service.ts';
import { decodePayload } from './collector.ts';

export const COLLECTOR_POST_PATH = '/com.snowplowanalytics.snowplow/tp2';
export const COLLECTOR_GET_PATH = '/i';
/** Comfortably above the tracker's maxPostBytes (40000 + 88). */
export const COLLECTOR_BODY_LIMIT = 65_536;
export const NETWORK_USER_COOKIE = 'sp';
/** 2 years, like the Snowplow collector's cookie (§9). */
export const NETWORK_USER_COOKIE_MAX_AGE = 63_072_000;
export const DEFAULT_COLLECTOR_RATE_LIMIT = { max: 600, timeWindowMs: 60_000 };

/** 1×1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CollectorRoutesOptions {
  analytics: AnalyticsService;
  /** Origins whose pages may send events with credentials; echoed back, never `*`. */
  allowedOrigins: readonly string[];
  /** Per client IP; defaults to 600 requests a minute. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Where the limit counts; this process's memory when omitted. */
  limits?: LimitStore;
}

export async function registerCollectorRoutes(
  app: FastifyInstance,
  {
    analytics,
    allowedOrigins,
    rateLimit: limit = DEFAULT_COLLECTOR_RATE_LIMIT,
    limits = createLimitStore({ keyPrefix: 'atelier' }),
  }: CollectorRoutesOptions,
): Promise<void> {
  const origins = new Set(allowedOrigins);
  // At LOG_LEVEL=info, Fastify's two lines per request (received, completed) would be most of what
  // the site logs, two thousand a second under a busy tracker: the collector's requests log only
  // what is wrong (a refused payload warns, a failure is an error), as cached pages do (decision 030).
  // LOG_LEVEL=debug logs every request again.
  const routeLog = warnOnlyRequestLog(app);

  // Encapsulated: the rate limit, body parser and CORS headers apply to the collector routes only.
  await app.register(async (scope) => {
    // Before the rate limit's own hook, so a 429 still carries CORS headers the browser can read.
    scope.addHook('onRequest', async (request, reply) => {
      reply.header('vary', 'Origin');
      // The pixel is loaded by pages on other origins; helmet's default same-origin CORP would block it.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      const origin = request.headers.origin;
      if (origin && origins.has(origin)) {
        reply.header('access-control-allow-origin', origin);
        reply.header('access-control-allow-credentials', 'true');
        reply.header('access-control-allow-headers', 'Content-Type, SP-Anonymous');
      }
    });
    const perAddress = limitPerAddress(
      limits.limiter({ name: 'collector', points: limit.max, durationSeconds: Math.ceil(limit.timeWindowMs / 1000) }),
      (_request, reply) => reply.code(429).type('text/plain; charset=utf-8').send('too many requests'),
    );

    // Every body is read as text so a malformed one can be kept as a bad row rather than refused
    // by Fastify's JSON parser before we see it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: COLLECTOR_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post(COLLECTOR_POST_PATH, { ...routeLog, bodyLimit: COLLECTOR_BODY_LIMIT, onRequest: perAddress }, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : undefined;
      const client = identifyClient(request, reply);
      const payload = decodePayload(body);
      if (!payload.ok) {
        await analytics.recordBadPayload({ raw: body ?? '', reason: payload.reason, source: 'post' });
        request.log.warn({ reason: payload.reason }, 'analytics payload refused');
        return reply.code(400).type('text/plain; charset=utf-8').send(`bad payload: ${payload.reason}`);
      }
      await analytics.collect(payload.events, { ...client, source: 'post' });
      return reply.type('text/plain; charset=utf-8').send('ok');
    });

    scope.get(COLLECTOR_GET_PATH, { ...routeLog, onRequest: perAddress }, async (request, reply) => {
      const client = identifyClient(request, reply);
      await analytics.collect([request.query], { ...client, source: 'get' });
      return reply.header('cache-control', 'no-cache, no-store, must-revalidate').type('image/gif').send(PIXEL);
    });

    for (const url of [COLLECTOR_POST_PATH, COLLECTOR_GET_PATH]) {
      // A preflight precedes each cross-origin POST; counting it would halve the real limit.
      scope.options(url, routeLog, async (_request, reply) =>
        reply.code(204).header('access-control-allow-methods', 'POST, GET, OPTIONS').header('access-control-max-age', '7200').send(),
      );
    }
  });
}

/** Who sent the request, and the `sp` network user id cookie — unless SP-Anonymous asks for neither. */
function identifyClient(request: FastifyRequest, reply: FastifyReply) {
  const anonymous = request.headers['sp-anonymous'] !== undefined;
  const userAgent = request.headers['user-agent'] ?? null;
  if (anonymous) return { ip: null, userAgent, anonymous, networkUserId: null };
  const existing = readCookie(request.headers.cookie, NETWORK_USER_COOKIE);
  const networkUserId = existing && UUID.test(existing) ? existing.toLowerCase() : randomUUID();
  // Renewed on every hit, as the Snowplow collector does. SameSite=None needs Secure, so plain
  // http (development) falls back to Lax.
  const secure = request.protocol === 'https';
  const expires = new Date(Date.now() + NETWORK_USER_COOKIE_MAX_AGE * 1000).toUTCString();
  reply.header(
    'set-cookie',
    `${NETWORK_USER_COOKIE}=${networkUserId}; Max-Age=${NETWORK_USER_COOKIE_MAX_AGE}; Expires=${expires}; Path=/; HttpOnly; ${secure ? 'SameSite=None; Secure' : 'SameSite=Lax'}`,
  );
  return { ip: request.ip, userAgent, anonymous, networkUserId };
}

// No @fastify/cookie here: the app may register it globally, and a second registration would clash.
function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
