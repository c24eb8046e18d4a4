// Serves the React Router app: decides what the reader may see (decide), answers from the page
// cache when that decision's page is stored (page-cache.ts), else turns the Fastify request into a
// Fetch Request, hands it to the server build with our load context, and streams the Response back.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { createCachedPageWriter } from './cached-page-response.ts';
import type { HitPath } from './http-server.ts';
import type { AppLoadContextValue } from './load-context.ts';
import type { PageRequest } from './page-decision.ts';
import { requestIdOf } from './request-id.ts';
import { isFromOwnSite } from './same-origin.ts';
import { warnOnlyRequestLog } from '../platform/route-log.ts';
import {
  allowsSharedCaching,
  createPageCache,
  encodePage,
  isAnonymousRequest,
  isCacheablePath,
  isDataRequest,
  replaceNonceWithHashes,
  type CachedPage,
  type PageCache,
  type PageCspSources,
  type PageDecision,
} from './page-cache.ts';

/** Paths that are pages but keep their exact form (§2: /user/confirm-email has no trailing slash). */
const NO_TRAILING_SLASH = new Set(['/user/confirm-email']);
/** React Router's own endpoints (route discovery at /__manifest) keep their form too. */
const isFrameworkPath = (pathname: string) => pathname.startsWith('/__');

/** What registerPages gives back: the page cache's invalidation (wired to the change bus in app.ts). */
export interface Pages {
  /** No paths: every cached page. Otherwise every variant and query string of each path. */
  invalidate(paths?: readonly string[]): void;
  /** The hit path (serveHit below): true when it answered the request. */
  serveHit: HitPath;
}

/** Without a `decide` (tests, development): the anonymous rule — no session cookie, one shared variant. */
const anonymousDecision = async (request: FastifyRequest): Promise<PageDecision> => ({
  variant: isAnonymousRequest(request.cookies) ? 'anon' : null,
  cookies: [],
});

export async function registerPages(
  app: FastifyInstance,
  {
    build,
    mode,
    context,
    siteOrigin,
    decide,
    decideNow,
  }: {
    build: ServerBuild | (() => Promise<ServerBuild>);
    mode: 'production' | 'development';
    context: (
      request: FastifyRequest,
      reply: FastifyReply,
      decision: PageDecision,
    ) => Omit<AppLoadContextValue, 'keptOnServer'> | Promise<Omit<AppLoadContextValue, 'keptOnServer'>>;
    /** Form posts (React Router actions) are accepted from this origin only. */
    siteOrigin: string;
    /**
     * The access decision, from the request alone (no database read): called once for every page
     * request that reaches rendering (after redirects and refused forms), before the cache is
     * looked up. Its `variant` keys the cache; its `cookies` are sent on a hit and on a miss.
     * With it, a page rendered for a signed-in reader may be stored: the decision says who shares it.
     */
    decide?: (request: FastifyRequest, reply: FastifyReply) => Promise<PageDecision>;
    /**
     * The same decision when it needs no wait (page-decision.ts decideNow), for the hit path:
     * without it every request goes through Fastify.
     */
    decideNow?: (request: PageRequest) => PageDecision | undefined;
  },
): Promise<Pages> {
  const handle = createRequestHandler(build, mode);
  // Development renders every request afresh, so edits show at once.
  const cache: PageCache | null = mode === 'production' ? createPageCache() : null;
  /**
   * Renders under way, per cached page: when a page's time to live ends, every reader at that
   * moment misses at once (50 renders of the home page under load); all but the first wait for it.
   */
  const rendering = new Map<string, Promise<void>>();
  const decidePage = decide ?? anonymousDecision;
  const cachedPageCsp = (sources: PageCspSources) => (app.hasDecorator('cachedPageCsp') ? app.cachedPageCsp(sources) : null);
  const writeCachedPage = createCachedPageWriter(app.hasDecorator('securityHeaders') ? app.securityHeaders : {});
  /** What each page request that a stored page answered was, for the request log (a hit logs nothing). */
  const answeredFromCache = new WeakMap<FastifyRequest, 'hit' | 'miss'>();
  function sendStoredPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, cookies: string[], state: 'hit' | 'miss') {
    answeredFromCache.set(request, state);
    reply.hijack();
    writeCachedPage(request.raw, reply.raw, page, { cookies, state, requestId: request.id });
  }
  // The hit path answers nothing once the server is closing: Fastify answers 503 (return503OnClosing).
  // Nor at debug level, where Fastify logs every request.
  let hitPathOpen = cache !== null && decideNow !== undefined && !['debug', 'trace'].includes(app.log.level);
  app.addHook('preClose', (done) => {
    hitPathOpen = false;
    done();
  });

  /**
   * The hit path (decision 070), offered every request before Fastify (http-server.ts): a GET or
   * HEAD whose decision needs no wait (an anonymous reader) and whose page is stored is answered
   * here, exactly as the page route would answer it (one writer, cached-page-response.ts).
   * A page is stored only under the URL the page route rendered it for, so a stored page means
   * Fastify would have routed this URL to the pages too. Anything else: false, and Fastify answers.
   */
  function serveHit(request: IncomingMessage, response: ServerResponse): boolean {
    if (!hitPathOpen || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const url = request.url;
    if (url === undefined || !isCacheablePath(url)) return false;
    const cookieHeader = request.headers.cookie;
    let decision: PageDecision | undefined;
    try {
      decision = decideNow!({
        method: request.method,
        url,
        headers: request.headers,
        cookies: cookieHeader ? app.parseCookie(cookieHeader) : {},
      });
    } catch {
      // Outside Fastify nothing would catch it: Fastify decides again, and answers and logs any error.
      return false;
    }
    if (!decision || decision.variant === null) return false;
    const page = cache!.get(url, decision.variant);
    if (!page) return false;
    writeCachedPage(request, response, page, { cookies: decision.cookies, state: 'hit', requestId: requestIdOf(request.headers) });
    return true;
  }

  await app.register(async (pages) => {
    // Page actions read forms (request.formData()): the two form encodings are kept as bytes for
    // the Fetch Request; any other body is left unread and refused below with 415.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // A multipart form may carry an image upload (5 MB, decision 047) and its fields.
    pages.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MULTIPART_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));

    // Request logging (decision 030): Fastify's two info lines per request cost a cache hit about a
    // third of its CPU. At LOG_LEVEL=info, page requests log one line when they finish instead, for
    // a render only; a cache hit logs nothing (LOG_LEVEL=debug logs every request as Fastify does).
    // Warnings and errors are unchanged.
    // The development server logs every request its own way (dev.ts).
    const leanLog = mode === 'production' && app.log.level === 'info';
    if (leanLog) {
      // A callback hook, not an async one: no promise for every cache hit.
      pages.addHook('onResponse', (request, reply, done) => {
        const pageCache = answeredFromCache.get(request);
        if (pageCache === 'hit') return done();
        app.log.info(
          {
            reqId: request.id,
            method: request.method,
            url: request.url,
            statusCode: reply.statusCode,
            responseTime: reply.elapsedTime,
            pageCache,
          },
          'page served',
        );
        done();
      });
    }

    pages.all('/*', leanLog ? warnOnlyRequestLog(app) : {}, async (request, reply) => {
      const { pathname, search } = splitUrl(request.url);
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.endsWith('/') &&
        !NO_TRAILING_SLASH.has(pathname) &&
        !isFrameworkPath(pathname) &&
        !pathname.includes('.')
      ) {
        return reply.redirect(`${pathname}/${search}`, 301);
      }
      if (!isSafeMethod(request.method) && !isFromOwnSite(request, siteOrigin)) {
        return reply
          .code(403)
          .type('text/plain; charset=utf-8')
          .send('This form was sent from another site, so it was not accepted. Go back, reload the page and try again.');
      }
      if (!isSafeMethod(request.method)) {
        const refused = await refusedForm(request);
        if (refused)
          return reply
            .code(refused.status)
            .type('text/plain; charset=utf-8')
            .header('accept-post', FORM_TYPES.join(', '))
            .send(refused.message);
      }
      const decision = await decidePage(request, reply);
      const variant =
        cache !== null && (request.method === 'GET' || request.method === 'HEAD') && isCacheablePath(request.url) ? decision.variant : null;
      // A stored page: a lookup and the reader's cookies; no Fetch Request, no React Router, no load
      // context. Most anonymous readers' hits never get here (serveHit answered them); signed-in ones do.
      if (variant !== null) {
        const page = cache!.get(request.url, variant);
        if (page) return sendStoredPage(request, reply, page, decision.cookies, 'hit');
      }
      const key = variant === null ? null : `${variant}\0${request.url}`;
      // Another reader's render of this very page is under way: wait for it rather than render again.
      const underway = key === null ? undefined : rendering.get(key);
      if (underway) {
        await underway;
        const stored = cache!.get(request.url, variant!);
        if (stored) return sendStoredPage(request, reply, stored, decision.cookies, 'hit');
      }
      let finished: (() => void) | undefined;
      if (key !== null && !rendering.has(key)) rendering.set(key, new Promise<void>((resolve) => (finished = resolve)));
      try {
        return await render(request, reply, decision, variant);
      } finally {
        // By now a cacheable page is stored: the readers who waited find it.
        if (finished) {
          rendering.delete(key!);
          finished();
        }
      }
    });
  });

  /** Renders the page with React Router and stores it when every reader with this decision may have it. */
  async function render(request: FastifyRequest, reply: FastifyReply, decision: PageDecision, variant: string | null) {
    const renderedAt = cache?.generation() ?? 0;
    // AppLoadContext is declared open-ended by React Router; ours is the typed value it is augmented with.
    const loadContext: AppLoadContextValue = {
      ...(await context(request, reply, decision)),
      // React Router's data requests (`….data`) render in the browser; a document is written here.
      keptOnServer: isDataRequest(request.url) ? null : [],
    };
    const response = await handle(toFetchRequest(request, reply), loadContext as unknown as AppLoadContext);
    // A render that set a cookie the decision did not name did something for this reader alone; without
    // a decision, a render that knew a reader is theirs alone too.
    const renderCookies = [...headerValues(reply.getHeader('set-cookie')), ...response.headers.getSetCookie()];
    const personal = (decide === undefined && loadContext.user !== null) || renderCookies.some((c) => !decision.cookies.includes(c));
    if (
      variant !== null &&
      request.method === 'GET' &&
      !personal &&
      response.status === 200 &&
      response.headers.get('content-type')?.startsWith('text/html') &&
      allowsSharedCaching(response.headers.get('cache-control'))
    ) {
      const html = await response.text();
      const rendered = replaceNonceWithHashes(html, loadContext.nonce);
      if (rendered) {
        const page: CachedPage = {
          headers: storedHeaders(response.headers),
          csp: cachedPageCsp(rendered.sources),
          ...(await encodePage(rendered.html, variant)),
        };
        cache!.set(request.url, variant, page, renderedAt);
        reply.removeHeader('set-cookie'); // only the decision's cookies, which the render's all were
        return sendStoredPage(request, reply, page, decision.cookies, 'miss');
      }
      request.log.warn({ url: request.url }, 'page not cached: its CSP nonce is in it outside a nonce attribute');
      return sendFetchResponse(reply, new Response(html, response), decision.cookies);
    }
    return sendFetchResponse(reply, response, decision.cookies);
  }

  return { invalidate: (paths) => cache?.invalidate(paths), serveHit };
}

/** The render's headers worth keeping for every reader; Vary gains Accept-Encoding. */
function storedHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (!UNSTORED_HEADERS.has(name)) kept[name] = value;
  }
  kept.vary = kept.vary && !/\baccept-encoding\b/i.test(kept.vary) ? `${kept.vary}, Accept-Encoding` : (kept.vary ?? 'Accept-Encoding');
  return kept;
}

const UNSTORED_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'content-security-policy',
  'x-page-cache',
]);

function headerValues(value: ReturnType<FastifyReply['getHeader']>): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
/** An uploaded image's 5 MB (media uploads.ts) and room for the form around it. */
const MULTIPART_BODY_LIMIT = 6 * 1024 * 1024;

/**
 * Every page action reads a form, and request.formData() throws on anything else (JSON, text, a
 * multipart body that does not parse): that is the sender's mistake, answered here once rather
 * than as a server error in each action.
 */
async function refusedForm(request: FastifyRequest): Promise<{ status: 400 | 415; message: string } | null> {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    return {
      status: 415,
      message:
        'This page takes a form (application/x-www-form-urlencoded or multipart/form-data), which this request did not send. Go back, reload the page and try again.',
    };
  }
  if (type === 'multipart/form-data') {
    try {
      await new Response(request.body as Uint8Array<ArrayBuffer> | undefined, {
        headers: { 'content-type': String(request.headers['content-type']) },
      }).formData();
    } catch {
      return {
        status: 400,
        message: 'This form could not be read (the multipart body is malformed). Go back, reload the page and try again.',
      };
    }
  }
  return null;
}

function splitUrl(url: string): { pathname: string; search: string } {
  const q = url.indexOf('?');
  return q === -1 ? { pathname: url, search: '' } : { pathname: url.slice(0, q), search: url.slice(q) };
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  // Only a form reaches an action (refusedForm), already read by the content-type parser.
  const body = Buffer.isBuffer(request.body) ? request.body : undefined;
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
  } as RequestInit);
}

async function sendFetchResponse(reply: FastifyReply, response: Response, decisionCookies: string[]) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const already = headerValues(reply.getHeader('set-cookie'));
  const cookies = [...response.headers.getSetCookie(), ...decisionCookies].filter(
    (c, i, all) => !already.includes(c) && all.indexOf(c) === i,
  );
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
