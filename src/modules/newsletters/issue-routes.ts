// HTTP for sent issues (decision 048), outside the pages: what mail clients and mail providers call.
// - POST /newsletters/unsubscribe/one-click/?t=… — RFC 8058 one-click unsubscribe: the mail client
//   posts `List-Unsubscribe=One-Click` with no cookies; the signed token is the proof. No CSRF check
//   (there is no session to ride on, and the token names only one subscription), 60 a minute per IP.
// - GET /newsletters/r/?t=…&s=<story slug> — a story link: counts the click as consent allows, then
//   redirects to our own story page (never elsewhere).
// - POST /newsletters/bounces/ — the mail provider's webhook (JSON, bounceReportSchema) with
//   `Authorization: Bearer <token>` (shown to site admins on /admin/newsletters/).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createLimitStore, limitPerAddress, type LimitStore } from '../../platform/rate-limits.ts';
import type { IssuesService } from './issues-service.ts';

export const ONE_CLICK_PATH = '/newsletters/unsubscribe/one-click/';
export const CLICK_PATH = '/newsletters/r/';
export const BOUNCES_PATH = '/newsletters/bounces/';
const CONSENT_COOKIE = 'cc_cookie';

/** Did this browser allow analytics (the consent cookie's `nonessential` category)? */
export function analyticsAllowed(cookieHeader: string | undefined): boolean {
  const raw = (cookieHeader ?? '')
    .split(/;\s*/)
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  if (!raw) return false;
  try {
    const parsed = z.object({ categories: z.array(z.string()) }).safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success && parsed.data.categories.includes('nonessential');
  } catch {
    return false;
  }
}

const tokenQuery = z.object({ t: z.string().max(200) });

export async function registerIssueRoutes(app: FastifyInstance, { issues, limits }: { issues: IssuesService; limits?: LimitStore }) {
  const store = limits ?? createLimitStore({ keyPrefix: 'atelier' });
  const tooMany = (name: string, points: number) =>
    limitPerAddress(store.limiter({ name, points, durationSeconds: 60 }), (request, reply, seconds) =>
      reply
        .code(429)
        .send({ error: { message: `Too many requests. Please wait ${seconds} seconds and try again.`, requestId: request.id } }),
    );

  await app.register(async (scope) => {
    // Mail clients post a form; providers post JSON. Both are read here, in this scope only.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_r, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_r, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, undefined);
      }
    });
    scope.addContentTypeParser('*', (_r, _payload, done) => done(null));

    scope.post(ONE_CLICK_PATH, { onRequest: tooMany('newsletters-one-click', 60) }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const query = tokenQuery.safeParse(request.query);
      const result = query.success ? await issues.unsubscribe(query.data.t) : { ok: false as const };
      if (!result.ok) return reply.code(400).type('text/plain').send('This unsubscribe link is not valid.');
      return reply.type('text/plain').send(`You are unsubscribed from ${result.newsletterTitle}.`);
    });

    scope.get(CLICK_PATH, { onRequest: tooMany('newsletters-click', 120) }, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const to = await issues.click({ token: query.t, slug: query.s, analyticsAllowed: analyticsAllowed(request.headers.cookie) });
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(to, 302);
    });

    scope.post(BOUNCES_PATH, { onRequest: tooMany('newsletters-bounces', 120) }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const given = Buffer.from((request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
      const expected = Buffer.from(issues.webhookToken());
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply
          .code(401)
          .send({ error: { message: 'Give the webhook token as Authorization: Bearer <token>.', requestId: request.id } });
      const result = await issues.reportBounces(request.body);
      if (!result.ok) return reply.code(400).send({ error: { message: result.message, requestId: request.id } });
      return reply.send({ suppressed: result.suppressed });
    });
  });
}
