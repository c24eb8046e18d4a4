// Security headers for every response; a fresh CSP nonce per request for inline scripts. A cached
// page (page-cache.ts) carries its own CSP, with its inline scripts' hashes instead of a nonce: a
// CSP already on the reply is left alone. The development server serves every page as a cached
// page is served (hashes, no nonce in the markup), plus a nonce for Vite's own style elements.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { replaceNonceWithHashes, type PageCspSources } from './page-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
  interface FastifyInstance {
    /** The CSP for a page served to many readers: the site's policy with these sources instead of a nonce. */
    cachedPageCsp(sources: PageCspSources): string;
    /** Helmet's headers, which every response carries (the page hit path writes them itself). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/** Extra origins per directive: the consented third parties (src/shared/analytics/third-parties.ts). */
export type ExtraSources = Partial<Record<'script' | 'style' | 'connect' | 'img' | 'frame' | 'form', string[]>>;

/**
 * `nonce`: the request's nonce, or null for a page served to many readers, which lists `hashes`
 * (`'sha256-…'` of each inline script and style) instead. Never `'unsafe-inline'`.
 */
export function contentSecurityPolicy(
  nonce: string | null,
  {
    allowDevServer = false,
    sources = {},
    hashes = {},
  }: { allowDevServer?: boolean; sources?: ExtraSources; hashes?: { script?: string[]; style?: string[] } } = {},
): string {
  const extra = (directive: keyof ExtraSources) => (sources[directive]?.length ? ` ${[...new Set(sources[directive])].join(' ')}` : '');
  const inline = (directive: 'script' | 'style') =>
    [...(nonce === null ? [] : [`'nonce-${nonce}'`]), ...(hashes[directive] ?? [])].map((source) => ` ${source}`).join('');
  const script = `'self'${inline('script')}${allowDevServer ? " 'unsafe-eval'" : ''}`;
  return [
    `default-src 'self'`,
    `script-src ${script}${extra('script')}`,
    `style-src 'self'${inline('style')}${extra('style')}`,
    `img-src 'self' data: blob:${extra('img')}`,
    `font-src 'self'`,
    `connect-src 'self'${allowDevServer ? ' ws: wss:' : ''}${extra('connect')}`,
    ...(sources.frame?.length ? [`frame-src 'self'${extra('frame')}`] : []),
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action 'self'${extra('form')}`,
    `object-src 'none'`,
  ].join('; ');
}

/** Sources that only some pages need (Recurly.js on the payment pages): null for every other page. */
export type PageSources = (url: string) => ExtraSources | null;

/** `sources` and a page's own sources together, per directive. */
function withPageSources(sources: ExtraSources | undefined, page: ExtraSources | null): ExtraSources | undefined {
  if (!page) return sources;
  const merged: ExtraSources = { ...sources };
  for (const [directive, extra] of Object.entries(page) as [keyof ExtraSources, string[]][])
    merged[directive] = [...(sources?.[directive] ?? []), ...extra];
  return merged;
}

export async function registerSecurity(
  app: FastifyInstance,
  {
    allowDevServer = false,
    sources: siteSources,
    pageSources,
  }: { allowDevServer?: boolean; sources?: ExtraSources; pageSources?: PageSources } = {},
) {
  const headers = securityHeaders({
    contentSecurityPolicy: false, // set below, with our own per-request nonce
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.decorate('securityHeaders', Object.freeze(headers));
  const csp = ({ hashes, origins }: PageCspSources, sources = siteSources) =>
    contentSecurityPolicy(null, {
      allowDevServer,
      hashes,
      sources: {
        ...sources,
        script: [...(sources?.script ?? []), ...origins.script],
        style: [...(sources?.style ?? []), ...origins.style],
      },
    });
  const cachedPageCsp = (page: PageCspSources) => csp(page);
  app.decorate('cachedPageCsp', cachedPageCsp);
  // Made when first read (a page render): a cache hit or an asset never needs one, and drawing 16
  // random bytes on every request was 3 % of a cached story's CPU (npm run bench:profile -- story-new).
  const nonces = new WeakMap<FastifyRequest, string>();
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest) {
      let nonce = nonces.get(this);
      if (!nonce) nonces.set(this, (nonce = randomBytes(16).toString('base64')));
      return nonce;
    },
  });
  // A callback hook: every response passes here, and most (a cached page, an asset, JSON) leave as they came.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html') || reply.hasHeader('content-security-policy')) return done(null, payload);
    const sources = withPageSources(siteSources, pageSources?.(request.url) ?? null);
    if (!allowDevServer) {
      reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce, { allowDevServer, sources }));
      return done(null, payload);
    }
    developmentResponse(request, reply, payload, sources).then(
      (page) => done(null, page),
      (error: unknown) => done(error as Error),
    );
  });

  /** The development server's page: its nonce replaced by hashes where the markup allows (developmentPage). */
  async function developmentResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown, sources: ExtraSources | undefined) {
    const html = await payloadText(payload);
    const page = developmentPage(html, request.cspNonce);
    reply.removeHeader('content-length');
    if (!page) {
      reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce, { allowDevServer, sources }));
      return html;
    }
    const styleNonce = `'nonce-${page.styleNonce}'`;
    reply.header(
      'content-security-policy',
      csp({ ...page.sources, hashes: { ...page.sources.hashes, style: [...page.sources.hashes.style, styleNonce] } }, sources),
    );
    return page.html;
  }
}

/**
 * Helmet's headers for these options, worked out once: without a CSP they are the same for every
 * response. @fastify/helmet built the helmet middleware again for each request and ran it on the raw
 * response, 7 % of a cached story's CPU (npm run bench:profile -- story-new); now one `reply.headers`.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined, // X-Powered-By, which Fastify never sets
  };
  let done = false;
  helmet(options)({} as never, recorder as never, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be worked out once');
  return headers;
}

/**
 * Development (decision 037): a page is served as production serves a cached page (decision 030),
 * its nonce replaced by hashes, so React hydrates the very markup production sends (a nonce in the
 * markup does not survive into the browser's DOM, and React reports the difference). Vite adds and
 * replaces `<style>` elements as modules load and change: it gives them the nonce of
 * `<meta property="csp-nonce">`, a nonce of their own, which the CSP lists for styles only.
 * null when the page cannot be rewritten (it is then served with its nonce, as rendered).
 */
export function developmentPage(html: string, nonce: string): { html: string; sources: PageCspSources; styleNonce: string } | null {
  const rewritten = replaceNonceWithHashes(html, nonce);
  const head = rewritten ? /<head(?:\s[^>]*)?>/i.exec(rewritten.html) : null;
  if (!rewritten || !head) return null;
  const styleNonce = randomBytes(16).toString('base64');
  const at = head.index + head[0].length;
  return {
    html: `${rewritten.html.slice(0, at)}<meta property="csp-nonce" nonce="${styleNonce}">${rewritten.html.slice(at)}`,
    sources: rewritten.sources,
    styleNonce,
  };
}

async function payloadText(payload: unknown): Promise<string> {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  if (payload === null || payload === undefined) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of payload as Readable) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}
