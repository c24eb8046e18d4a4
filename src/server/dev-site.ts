// What the development server (dev.ts) does beyond the production app: pretty logs with one line
// per request a reader made (no Vite modules, no assets), and one site for the loopback aliases.
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** Human-readable lines (pino-pretty) instead of JSON; production keeps JSON. */
export function developmentLogger(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  };
}

/**
 * Vite's modules (`/@vite/client`, `/src/…`, `/node_modules/.vite/…`), React Router's own
 * endpoints (`/__manifest`) and files (images, fonts, style sheets, feeds): not worth a line.
 * A page (`/stories/…/`), its data (`….data`), an API call (`/api/trpc/session.me`) or a form post is.
 */
export function isDevelopmentNoise(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return /^\/(?:@|__|src\/|node_modules\/)/.test(path) || FILE.test(path);
}

const FILE = /\.(?:[cm]?js|jsx|tsx?|css|map|json|webmanifest|png|jpe?g|webp|avif|gif|svg|ico|woff2?|ttf|otf|txt|xml)$/i;

/** Fastify's request lines in development: one per request a reader made, `GET /stories/x/ 200 153 ms`, none for noise. */
export class DevelopmentLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (isDevelopmentNoise(request.url)) return;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }

  /** A reader who moves on before a page has streamed (or Vite reloading it) is routine here, not a line; other stream errors are. */
  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
    if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') super.streamError(error, request, reply);
  }
}

const LOOPBACK_NAMES = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The address to send a request to when it came to a loopback alias of the site (127.0.0.1 for
 * localhost, or the other way round): cookies belong to one host name, so a reader signed in at
 * one is signed out at the other. null when the request is for SITE_URL's host already, or for a
 * host that is not a loopback name.
 */
export function siteAddressFor(host: string | undefined, url: string, siteUrl: string): string | null {
  const site = new URL(siteUrl);
  if (!host || host.toLowerCase() === site.host.toLowerCase()) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
  if (!LOOPBACK_NAMES.test(hostname)) return null;
  // Joined, not resolved: a request for `//elsewhere/` stays on the site.
  return `${site.origin}${url.startsWith('/') ? url : `/${url}`}`;
}

/** An onRequest hook: a loopback alias other than SITE_URL's host is redirected to SITE_URL (development only). */
export function oneLoopbackSite(siteUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const target = siteAddressFor(request.headers.host, request.url, siteUrl);
    if (target) return reply.header('cache-control', 'no-store').redirect(target, 307);
  };
}
