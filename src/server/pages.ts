// Serves the React Router app: turns a Fastify request into a Fetch Request, hands it to the
// server build with our load context, and streams the Response back.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { AppLoadContextValue } from './load-context.ts';
import { isFromOwnSite } from './same-origin.ts';
import { allowsSharedCaching, createPageCache, isAnonymousRequest, isCacheablePath, type PageCache } from './page-cache.ts';

/** Paths that are pages but keep their exact form (§2: /user/confirm-email has no trailing slash). */
const NO_TRAILING_SLASH = new Set(['/user/confirm-email']);
/** React Router's own endpoints (route discovery at /__manifest) keep their form too. */
const isFrameworkPath = (pathname: string) => pathname.startsWith('/__');

export async function registerPages(
  app: FastifyInstance,
  {
    build,
    mode,
    context,
    siteOrigin,
  }: {
    build: ServerBuild | (() => Promise<ServerBuild>);
    mode: 'production' | 'development';
    context: (request: FastifyRequest, reply: FastifyReply) => AppLoadContextValue | Promise<AppLoadContextValue>;
    /** Form posts (React Router actions) are accepted from this origin only. */
    siteOrigin: string;
  },
) {
  const handle = createRequestHandler(build, mode);
  // Development renders every request afresh, so edits show at once.
  const cache: PageCache | null = mode === 'production' ? createPageCache() : null;

  await app.register(async (pages) => {
    // Page actions read forms (request.formData()): the two form encodings are kept as bytes for
    // the Fetch Request; any other body is left unread and refused below with 415.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser(FORM_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));

    pages.all('/*', async (request, reply) => {
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
      const cacheable = cache !== null && request.method === 'GET' && isCacheablePath(request.url) && isAnonymousRequest(request.cookies);
      if (cacheable) {
        const hit = cache.get(request.url, request.cspNonce);
        if (hit) return reply.status(hit.status).headers(Object.fromEntries(hit.headers)).header('x-page-cache', 'hit').send(hit.body);
      }
      // AppLoadContext is declared open-ended by React Router; ours is the typed value it is augmented with.
      const loadContext = await context(request, reply);
      const response = await handle(toFetchRequest(request, reply), loadContext as unknown as AppLoadContext);
      // Whatever the cookies looked like: a render that knew a reader, or set their cookies, is theirs alone.
      const personal = loadContext.user !== null || reply.hasHeader('set-cookie');
      if (
        cacheable &&
        !personal &&
        response.status === 200 &&
        response.headers.get('content-type')?.startsWith('text/html') &&
        response.headers.getSetCookie().length === 0 &&
        allowsSharedCaching(response.headers.get('cache-control'))
      ) {
        const body = await response.text();
        const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
        cache.set(request.url, { status: 200, headers, body, nonce: request.cspNonce });
        return reply.status(200).headers(Object.fromEntries(headers)).header('x-page-cache', 'miss').send(body);
      }
      return sendFetchResponse(reply, response);
    });
  });
}

const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

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

async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
