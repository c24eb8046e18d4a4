// HTTP for the product session: POST /api/auth (§7) exchanges the identity session cookie for the
// two readable token cookies, GET /.well-known/jwks.json publishes the public keys, and
// `pageSessionUser` does the same exchange for page requests.
import { parse as parseQueryString } from 'node:querystring';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { safeText } from '../../shared/validation/formats.ts';
import { limitPerAddress, type LimitStore } from '../../platform/rate-limits.ts';
import { SESSION_COOKIE } from '../identity/identity-routes.ts';
import { MAIN_TOKEN_COOKIE, PAYWALL_TOKEN_COOKIE } from '../../shared/auth/cookies.ts';
import type { SessionUser } from '../../shared/auth/session-user.ts';
import { JWKS_MAX_AGE_SECONDS } from './keys.ts';
import type { CookieAction } from './resolve-user.ts';
import type { IssuedTokens, SessionService } from './session-service.ts';

export const JWKS_PATH = '/.well-known/jwks.json';

export interface SessionRouteOptions {
  session: SessionService;
  /** Path of the auth endpoint (config.endpoints.auth). */
  authPath: string;
  /** The site's origin; requests from the origin they were sent to are accepted too. */
  siteOrigin: string;
  secureCookies: boolean;
  /** Refreshes per minute per IP. */
  limitPerMinute?: number;
  /** Where that limit counts (Redis or memory). */
  limits: LimitStore;
}

const authBody = z.object({
  castleRequestToken: safeText().max(8192),
  currentUrl: safeText().max(4096).optional(),
});

export async function registerSessionRoutes(app: FastifyInstance, options: SessionRouteOptions) {
  const { session, authPath, siteOrigin, secureCookies } = options;

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, parseQueryString(String(body)));
    });
    const limit = limitPerAddress(
      options.limits.limiter({ name: 'auth', points: options.limitPerMinute ?? 120, durationSeconds: 60 }),
      (_request, reply, seconds) =>
        reply
          .code(429)
          .header('cache-control', 'no-store')
          .send({ error: { message: `Too many requests. Please wait ${seconds} seconds and try again.` } }),
    );

    scope.post(authPath, { onRequest: limit }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // CSRF: the cookies are SameSite=Lax, but a cross-site form can still POST; only our pages may.
      const origins = new Set([siteOrigin, requestOrigin(request)]);
      if (!origins.has(callerOrigin(request) ?? ''))
        return reply.code(403).send({ error: { message: 'Cross-origin requests are not allowed.' } });
      const body = authBody.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ error: { message: 'Send castleRequestToken (a string) and currentUrl.' } });
      if (body.data.currentUrl && !origins.has(originOf(body.data.currentUrl, siteOrigin) ?? '')) {
        return reply.code(400).send({ error: { message: 'currentUrl must be a page of this site.' } });
      }
      // castleRequestToken is the bot-protection token; the risk issue decides what it may block.
      const issued = await session.refreshTokens({
        identitySessionToken: request.cookies[SESSION_COOKIE],
        cookieHeader: request.headers.cookie,
      });
      if (issued) setSessionCookies(reply, issued, { secure: secureCookies });
      else clearSessionCookies(reply, { secure: secureCookies });
      return reply.code(204).send();
    });

    scope.get(JWKS_PATH, async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
      return reply.type('application/json').send(await session.jwks());
    });
  });
}

/** Fresh tokens for the request's identity session, set on the reply (cleared when it has ended). */
export async function refreshPageSession(
  request: FastifyRequest,
  reply: FastifyReply,
  { session, secureCookies }: { session: SessionService; secureCookies: boolean },
): Promise<SessionUser | null> {
  const issued = await session.refreshTokens({
    identitySessionToken: request.cookies[SESSION_COOKIE],
    cookieHeader: request.headers.cookie,
  });
  applyCookieAction(reply, issued ? { kind: 'set', tokens: issued } : { kind: 'clear' }, { secure: secureCookies });
  return issued?.user ?? null;
}

export function applyCookieAction(reply: FastifyReply, action: CookieAction, { secure }: { secure: boolean }) {
  if (action.kind === 'set') setSessionCookies(reply, action.tokens, { secure });
  else if (action.kind === 'clear') clearSessionCookies(reply, { secure });
}

// Not HttpOnly: the browser auth layer reads both (§3); the HttpOnly identity cookie stays the root of trust.
const cookieOptions = (secure: boolean) => ({ path: '/', httpOnly: false, secure, sameSite: 'lax' as const });

export function setSessionCookies(reply: FastifyReply, issued: IssuedTokens, { secure }: { secure: boolean }) {
  reply.setCookie(MAIN_TOKEN_COOKIE, issued.main.token, { ...cookieOptions(secure), maxAge: issued.cookieMaxAgeSeconds });
  reply.setCookie(PAYWALL_TOKEN_COOKIE, issued.paywall.token, { ...cookieOptions(secure), maxAge: issued.cookieMaxAgeSeconds });
}

export function clearSessionCookies(reply: FastifyReply, { secure }: { secure: boolean }) {
  reply.clearCookie(MAIN_TOKEN_COOKIE, cookieOptions(secure));
  reply.clearCookie(PAYWALL_TOKEN_COOKIE, cookieOptions(secure));
}

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The Origin header, or the origin of the Referer when a browser left Origin out. */
function callerOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  return referer ? originOf(referer) : null;
}

function originOf(url: string, base?: string): string | null {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
}
