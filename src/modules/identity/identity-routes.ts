// Kratos's public HTTP API (reference/ory-kratos-openapi.json) over the identity service:
// browser flows (cookies, CSRF, 303 for HTML, JSON for SPAs) and API flows (session tokens).
import { createHash, randomUUID } from 'node:crypto';
import { parse as parseQueryString } from 'node:querystring';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { isUnstorableTextError, UNSTORABLE_TEXT_MESSAGE } from '../../db/unstorable-text.ts';
import { fromThisMachine } from '../../platform/loopback.ts';
import { limitPerAddress, type LimitStore } from '../../platform/rate-limits.ts';
import { deviceLocation } from './device-location.ts';
import { IdentityError, identityErrors } from './errors.ts';
import { newCsrfToken, type FlowRow } from './flow-store.ts';
import type { ContinueWith, IdentityService, Outcome, RequestContext } from './identity-service.ts';
import { identityErrors as errorTable } from './schema.ts';
import { SESSION_LIFESPAN_MS, type SessionRow } from './session-store.ts';
import { identitySchema, IDENTITY_SCHEMA_ID } from './traits.ts';
import { webauthnScript } from './passkeys.ts';
import type { FlowKind } from './schema.ts';

export const SESSION_COOKIE = 'ory_kratos_session';
const FLOW_KINDS: FlowKind[] = ['login', 'registration', 'recovery', 'verification', 'settings'];

export interface IdentityRouteOptions {
  identity: IdentityService;
  db: Db;
  prefix: string;
  publicBaseUrl: string;
  uiUrls: Record<FlowKind | 'error', string>;
  secureCookies: boolean;
  /** Submissions per minute per IP (sign-in, codes, recovery). */
  submitLimitPerMinute?: number;
  /** Where that limit counts (Redis or memory). */
  limits: LimitStore;
  /** whoami's tokenize_as: a JWT of the session for a template, or null for an unknown template. */
  tokenize?: (template: string, session: SessionRow) => Promise<string | null>;
}

type Query = Record<string, string | undefined>;

export async function registerIdentityRoutes(app: FastifyInstance, options: IdentityRouteOptions) {
  const { identity, db, prefix, publicBaseUrl, uiUrls, secureCookies } = options;
  const csrfCookieName = `csrf_token_${createHash('sha256').update(publicBaseUrl).digest('hex')}`;

  await app.register(
    async (api) => {
      api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
        done(null, nestFormFields(parseQueryString(String(body))));
      });
      const submitLimit = limitPerAddress(
        options.limits.limiter({ name: 'identity:submit', points: options.submitLimitPerMinute ?? 60, durationSeconds: 60 }),
        (request, reply, seconds) => sendError(request, reply, identityErrors.tooManyRequests(seconds)),
      );

      api.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
        if (error instanceof IdentityError) return sendError(request, reply, error);
        if (error.statusCode && error.statusCode < 500) return sendError(request, reply, identityErrors.badRequest(error.message));
        if (isUnstorableTextError(error)) return sendError(request, reply, identityErrors.badRequest(UNSTORABLE_TEXT_MESSAGE));
        request.log.error({ err: error }, 'identity request failed');
        return sendError(
          request,
          reply,
          new IdentityError(500, undefined, 'An internal server error occurred, please contact the system administrator'),
        );
      });

      for (const kind of FLOW_KINDS) {
        api.get<{ Querystring: Query }>(`/self-service/${kind}/browser`, async (request, reply) => {
          const csrf = browserCsrfToken(request);
          try {
            const outcome = await identity.initFlow({
              kind,
              type: 'browser',
              requestUrl: absoluteRequestUrl(request),
              returnTo: request.query.return_to,
              refresh: request.query.refresh === 'true',
              aal: request.query.aal,
              params: identity.flowParams(kind, request.query),
              csrfToken: csrf,
              context: requestContext(request),
            });
            setCsrfCookie(reply, csrf);
            return sendOutcome(request, reply, outcome, 'browser', kind);
          } catch (error) {
            // Settings without a session: a browser goes to sign in first, then comes back.
            if (kind === 'settings' && error instanceof IdentityError && error.id === 'session_inactive' && !wantsJson(request)) {
              return reply.redirect(
                `${publicBaseUrl}/self-service/login/browser?return_to=${encodeURIComponent(absoluteRequestUrl(request))}`,
                303,
              );
            }
            throw error;
          }
        });

        api.get<{ Querystring: Query }>(`/self-service/${kind}/api`, async (request, reply) => {
          const outcome = await identity.initFlow({
            kind,
            type: 'api',
            requestUrl: absoluteRequestUrl(request),
            returnTo: request.query.return_to,
            refresh: request.query.refresh === 'true',
            aal: request.query.aal,
            returnSessionTokenExchangeCode: request.query.return_session_token_exchange_code === 'true',
            params: identity.flowParams(kind, request.query),
            context: requestContext(request, { apiOnly: true }),
          });
          return sendOutcome(request, reply, outcome, 'api', kind);
        });

        api.get<{ Querystring: Query }>(`/self-service/${kind}/flows`, async (request, reply) => {
          if (!request.query.id) throw identityErrors.badRequest('The flow query parameter is missing or malformed.');
          const flow = await identity.getFlow({
            kind,
            id: request.query.id,
            csrfCookie: request.cookies[csrfCookieName],
            sessionToken: sessionToken(request),
          });
          return reply.send(await identity.flowToJson(flow));
        });

        api.post<{ Querystring: Query; Body: Record<string, unknown> }>(
          `/self-service/${kind}`,
          { onRequest: submitLimit },
          async (request, reply) => {
            const id = request.query.flow;
            if (!id) throw identityErrors.badRequest('The flow query parameter is missing or malformed.');
            const flow = await identity.flows.get(id);
            if (flow?.type === 'api' && (request.headers.origin || hasCookies(request))) throw identityErrors.apiFlowWithBrowser();
            try {
              const outcome = await identity.submitFlow({
                kind,
                id,
                // Kratos reads JSON "in form format" too: {"traits.email": …} is {traits: {email: …}}.
                body: jsonInFormFormat(request.body),
                token: request.query.token,
                csrfCookie: request.cookies[csrfCookieName],
                context: requestContext(request, { apiOnly: flow?.type === 'api' }),
              });
              return sendOutcome(request, reply, outcome, flow?.type ?? 'browser', kind);
            } catch (error) {
              if (error instanceof IdentityError && !wantsJson(request) && flow?.type === 'browser') {
                if (error.id === 'self_service_flow_expired' && typeof error.extra.use_flow_id === 'string')
                  return reply.redirect(`${uiUrls[kind]}?flow=${error.extra.use_flow_id}`, 303);
                if (error.id === 'session_refresh_required') return reply.redirect(String(error.extra.redirect_browser_to), 303);
              }
              throw error;
            }
          },
        );
      }

      // Kratos's link address. Here a GET uses nothing up (mail scanners fetch links): it sends the
      // browser to the flow's screen, whose button confirms with a POST (docs/decisions/010). With a
      // token, the screen's flow must be one this browser can submit: openLink picks or makes it.
      for (const kind of ['recovery', 'verification'] as const) {
        api.get<{ Querystring: Query }>(`/self-service/${kind}`, async (request, reply) => {
          const { flow = '', token } = request.query;
          if (!token) return reply.redirect(`${uiUrls[kind]}?${new URLSearchParams({ flow })}`, 303);
          const csrf = browserCsrfToken(request);
          const opened = await identity.openLink({ kind, id: flow, csrfToken: csrf });
          setCsrfCookie(reply, csrf);
          const query = new URLSearchParams({ flow: opened.flow.id, ...(opened.confirm ? { token } : {}) });
          return reply.header('cache-control', 'no-store').redirect(`${uiUrls[kind]}?${query}`, 303);
        });
      }

      // Social sign-in returns here (GET, or POST for Apple's form_post).
      api.route<{ Params: { provider: string } }>({
        method: ['GET', 'POST'],
        url: '/self-service/methods/oidc/callback/:provider',
        handler: async (request, reply) => {
          const url = new URL(absoluteRequestUrl(request));
          if (request.method === 'POST' && request.body && typeof request.body === 'object') {
            for (const [key, value] of Object.entries(request.body as Record<string, unknown>))
              if (typeof value === 'string') url.searchParams.set(key, value);
          }
          const outcome = await identity.oidcCallback({ provider: request.params.provider, url, context: requestContext(request) });
          return sendOutcome(request, reply, outcome, 'browser', 'login');
        },
      });

      api.get<{ Querystring: Query }>('/self-service/logout/browser', async (request, reply) => {
        const urls = await identity.logoutUrl(sessionToken(request), request.query.return_to);
        return reply.send(urls);
      });

      api.get<{ Querystring: Query }>('/self-service/logout', async (request, reply) => {
        if (!request.query.token) throw identityErrors.badRequest('Please include a token in the URL query.');
        const target = await identity.logout({
          sessionToken: request.cookies[SESSION_COOKIE],
          logoutToken: request.query.token,
          returnTo: request.query.return_to,
        });
        clearSessionCookie(reply);
        if (wantsJson(request)) return reply.code(204).send();
        return reply.redirect(target, 303);
      });

      api.delete<{ Body: { session_token?: string } }>('/self-service/logout/api', async (request, reply) => {
        const token = request.body?.session_token;
        if (!token) throw identityErrors.badRequest('The session_token is missing.');
        await identity.logoutApi(token);
        return reply.code(204).send();
      });

      api.get<{ Querystring: Query }>('/self-service/errors', async (request, reply) => {
        const found = request.query.id ? await identity.getFlowError(request.query.id) : null;
        if (!found) throw identityErrors.notFound('Unable to locate the error');
        return reply.send(found);
      });

      api.get<{ Querystring: Query }>('/sessions/whoami', async (request, reply) => {
        const session = await identity.whoami(sessionToken(request));
        const template = request.query.tokenize_as;
        const tokenized = template ? await options.tokenize?.(template, session) : undefined;
        if (template && !tokenized) throw identityErrors.badRequest(`The tokenize template "${template}" does not exist.`);
        const body = { ...(await identity.sessionToJson(session)), ...(tokenized ? { tokenized } : {}) };
        reply.header('x-kratos-authenticated-identity-id', session.identityId);
        // Whoami keeps a browser's cookie alive for the session's remaining lifetime.
        if (request.cookies[SESSION_COOKIE]) setSessionCookie(reply, request.cookies[SESSION_COOKIE]!, session);
        return reply.header('cache-control', 'private, no-store').send(body);
      });

      api.get<{ Querystring: Query }>('/sessions/token-exchange', { onRequest: submitLimit }, async (request, reply) => {
        const { init_code: initCode, return_to_code: returnToCode } = request.query;
        if (!initCode || !returnToCode) throw identityErrors.badRequest('"init_code" and "return_to_code" query params must be set');
        const result = await identity.exchangeSessionToken(initCode, returnToCode);
        // The app first signs in to the account it is linking to: Kratos answers 422 with that flow.
        if ('continueWith' in result) return reply.code(422).send(await identity.flowToJson(result.continueWith));
        return reply
          .header('cache-control', 'private, no-store')
          .send({ session: await identity.sessionToJson(result.session), session_token: result.token });
      });

      api.get<{ Querystring: Query }>('/sessions', async (request, reply) => {
        const session = await identity.whoami(sessionToken(request));
        const { offset, limit } = pageOf(request.query);
        const { rows, total } = await identity.sessions.listOthers(session.identityId, session.id, { offset, limit });
        reply.header('x-total-count', String(total));
        if (offset + limit < total) {
          const next = Buffer.from(String(offset + limit)).toString('base64url');
          reply.header('link', `<${publicBaseUrl}/sessions?page_size=${limit}&page_token=${next}>; rel="next"`);
        }
        return reply.send(await Promise.all(rows.map((row) => identity.sessionToJson(row))));
      });

      api.delete('/sessions', async (request, reply) => {
        const session = await identity.whoami(sessionToken(request));
        return reply.send({ count: await identity.sessions.revokeOthers(session.identityId, session.id) });
      });

      api.delete<{ Params: { id: string } }>('/sessions/:id', async (request, reply) => {
        const session = await identity.whoami(sessionToken(request));
        if (request.params.id === session.id)
          throw identityErrors.badRequest('You can not revoke the session you are currently using. Use the logout flow instead.');
        const target = /^[0-9a-f-]{36}$/i.test(request.params.id) ? await identity.sessions.get(request.params.id) : null;
        if (!target || target.identityId !== session.identityId) throw identityErrors.notFound('Unable to locate the session');
        await identity.sessions.revoke(target.id);
        return reply.code(204).send();
      });

      api.get('/.well-known/ory/webauthn.js', async (_request, reply) =>
        reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(webauthnScript()),
      );

      api.get('/schemas', async (_request, reply) => reply.send([{ id: IDENTITY_SCHEMA_ID, schema: identitySchema }]));
      api.get<{ Params: { id: string } }>('/schemas/:id', async (request, reply) => {
        if (request.params.id !== IDENTITY_SCHEMA_ID) throw identityErrors.notFound('Unable to locate the schema');
        return reply.send(identitySchema);
      });
    },
    { prefix },
  );

  // ---------- mapping outcomes to HTTP ----------

  async function sendOutcome(request: FastifyRequest, reply: FastifyReply, outcome: Outcome, type: 'browser' | 'api', kind: FlowKind) {
    const json = type === 'api' || wantsJson(request);
    switch (outcome.kind) {
      case 'flow':
        if (json) {
          const code = outcome.sessionTokenExchangeCode;
          return reply
            .code(outcome.status)
            .send({ ...(await identity.flowToJson(outcome.flow)), ...(code ? { session_token_exchange_code: code } : {}) });
        }
        return reply.redirect(`${uiUrls[kind]}?flow=${outcome.flow.id}`, 303);
      case 'already_signed_in':
        if (json) throw identityErrors.sessionAlreadyAvailable();
        return reply.redirect(outcome.returnTo, 303);
      case 'signed_in':
      case 'registered': {
        const session = await identity.sessionToJson(outcome.session);
        if (type === 'browser') setSessionCookie(reply, outcome.token, outcome.session);
        const identityJson = identity.identityToJson(outcome.identity);
        if (type === 'api') {
          return reply.send({
            ...(outcome.kind === 'registered' ? { identity: identityJson } : {}),
            session,
            session_token: outcome.token,
            continue_with: outcome.continueWith.filter((c) => c.action !== 'redirect_browser_to'),
          });
        }
        if (json)
          return reply.send({
            ...(outcome.kind === 'registered' ? { identity: identityJson } : {}),
            session,
            continue_with: outcome.continueWith,
          });
        return reply.redirect(browserTarget(outcome.continueWith, outcome.flow), 303);
      }
      case 'redirect': {
        if (outcome.session && type === 'browser') setSessionCookie(reply, outcome.session.token, outcome.session.row);
        // Nothing signed in yet: an app opens the address in a browser (social sign-in).
        if (type === 'api' && !outcome.session) throw identityErrors.locationChange(outcome.to);
        if (type === 'api') {
          const continueWith: ContinueWith[] = outcome.session
            ? [{ action: 'set_ory_session_token', ory_session_token: outcome.session.token }]
            : [];
          const settingsId = new URL(outcome.to).searchParams.get('flow');
          if (settingsId) continueWith.push({ action: 'show_settings_ui', flow: { id: settingsId, url: outcome.to } });
          return reply.send({ ...(outcome.flow ? await identity.flowToJson(outcome.flow) : {}), continue_with: continueWith });
        }
        if (json) throw identityErrors.locationChange(outcome.to);
        return reply.redirect(outcome.to, 303);
      }
    }
  }

  function browserTarget(continueWith: ContinueWith[], flow: FlowRow): string {
    const verification = continueWith.find((c) => c.action === 'show_verification_ui');
    if (verification && verification.action === 'show_verification_ui') return verification.flow.url;
    const redirect = continueWith.find((c) => c.action === 'redirect_browser_to');
    if (redirect && redirect.action === 'redirect_browser_to') return redirect.redirect_browser_to;
    return flow.returnTo ?? '/';
  }

  async function sendError(request: FastifyRequest, reply: FastifyReply, error: IdentityError) {
    const isBrowserPage =
      !wantsJson(request) &&
      (/\/self-service\/[a-z]+\/browser$/.test(request.routeOptions.url ?? '') ||
        (request.routeOptions.url ?? '').includes('/oidc/callback/'));
    const isBrowserForm =
      !wantsJson(request) && request.method === 'POST' && request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
    if (isBrowserPage || isBrowserForm) {
      // Browsers see the error page; it reads the error through GET /self-service/errors?id=.
      const id = randomUUID();
      await db.insert(errorTable).values({ id, error: error.toJson().error });
      return reply.redirect(`${uiUrls.error}?id=${id}`, 303);
    }
    return reply.code(error.code).send(error.toJson());
  }

  // ---------- cookies and request details ----------

  function browserCsrfToken(request: FastifyRequest): string {
    const existing = request.cookies[csrfCookieName];
    return existing && /^[A-Za-z0-9_-]{20,100}$/.test(existing) ? existing : newCsrfToken();
  }

  function setCsrfCookie(reply: FastifyReply, token: string) {
    reply.setCookie(csrfCookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: 365 * 24 * 60 * 60,
    });
  }

  function setSessionCookie(reply: FastifyReply, token: string, session: SessionRow) {
    const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000)) || SESSION_LIFESPAN_MS / 1000;
    reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies, maxAge });
  }

  function clearSessionCookie(reply: FastifyReply) {
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies });
  }

  function absoluteRequestUrl(request: FastifyRequest): string {
    const path = request.url.startsWith(prefix) ? request.url.slice(prefix.length) : request.url;
    return `${publicBaseUrl}${path}`;
  }
}

/** The session token of a request: X-Session-Token, a bearer token, or the session cookie. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-session-token'];
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7);
  return request.cookies?.[SESSION_COOKIE];
}

function requestContext(request: FastifyRequest, { apiOnly = false } = {}): RequestContext {
  const header = request.headers['x-session-token'];
  const token = apiOnly ? (typeof header === 'string' ? header : undefined) : sessionToken(request);
  return {
    sessionToken: token,
    device: {
      ip_address: request.ip,
      user_agent: String(request.headers['user-agent'] ?? '').slice(0, 512),
      location: deviceLocation(request.headers),
    },
    fromThisMachine: fromThisMachine(request),
  };
}

function wantsJson(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return (
    accept.includes('application/json') ||
    (!accept.includes('text/html') && String(request.headers['content-type'] ?? '').startsWith('application/json'))
  );
}

function hasCookies(request: FastifyRequest): boolean {
  // Cloudflare's own cookies do not count (Kratos ignores them too).
  return Object.keys(request.cookies ?? {}).some((name) => !/^(__cf|_cf|cf_)/.test(name));
}

function pageOf(query: Query): { offset: number; limit: number } {
  const size = Number(query.page_size ?? query.per_page ?? 250);
  const limit = Number.isInteger(size) && size > 0 ? Math.min(size, 1000) : 250;
  if (query.page_token) {
    const offset = Number(Buffer.from(query.page_token, 'base64url').toString());
    return { offset: Number.isInteger(offset) && offset >= 0 ? offset : 0, limit };
  }
  const page = Number(query.page ?? 1);
  return { offset: Number.isInteger(page) && page > 1 ? (page - 1) * limit : 0, limit };
}

/**
 * A JSON body whose keys are dotted form names ({"traits.email": "a@b"}), as Kratos accepts it:
 * nested like a form, merged with any nested objects sent alongside.
 */
export function jsonInFormFormat(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const parts = name.split('.');
    if (parts.some((p) => p === '' || p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let target = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof target[part] !== 'object' || target[part] === null || Array.isArray(target[part])) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    const last = parts.at(-1)!;
    const existing = target[last];
    target[last] = isPlainObject(existing) && isPlainObject(value) ? { ...existing, ...value } : value;
  }
  return out;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Form fields named like traits.name.first become nested objects, as Kratos reads them. */
export function nestFormFields(fields: Record<string, string | string[] | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(fields)) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    const parts = name.split('.');
    if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let target = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof target[part] !== 'object' || target[part] === null) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[parts.at(-1)!] = value;
  }
  return out;
}
