// Security headers for every response; a fresh CSP nonce per request for inline scripts. A cached
// page (page-cache.ts) carries its own CSP, with its inline scripts' hashes instead of a nonce: a
// CSP already on the reply is left alone.
import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { PageCspSources } from './page-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
  interface FastifyInstance {
    /** The CSP for a page served to many readers: the site's policy with these sources instead of a nonce. */
    cachedPageCsp(sources: PageCspSources): string;
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

export async function registerSecurity(
  app: FastifyInstance,
  { allowDevServer = false, sources }: { allowDevServer?: boolean; sources?: ExtraSources } = {},
) {
  await app.register(helmet, {
    contentSecurityPolicy: false, // set below, with our own per-request nonce
    crossOriginEmbedderPolicy: false,
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.decorate('cachedPageCsp', ({ hashes, origins }: PageCspSources) =>
    contentSecurityPolicy(null, {
      allowDevServer,
      hashes,
      sources: {
        ...sources,
        script: [...(sources?.script ?? []), ...origins.script],
        style: [...(sources?.style ?? []), ...origins.style],
      },
    }),
  );
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request) => {
    request.cspNonce = randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (request, reply) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce, { allowDevServer, sources }));
    }
  });
}
