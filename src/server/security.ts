// Security headers for every response; a fresh CSP nonce per request for inline scripts.
import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}

/** Extra origins per directive: the consented third parties (src/shared/analytics/third-parties.ts). */
export type ExtraSources = Partial<Record<'script' | 'connect' | 'img' | 'frame' | 'form', string[]>>;

export function contentSecurityPolicy(
  nonce: string,
  { allowDevServer = false, sources = {} }: { allowDevServer?: boolean; sources?: ExtraSources } = {},
): string {
  const extra = (directive: keyof ExtraSources) => (sources[directive]?.length ? ` ${[...new Set(sources[directive])].join(' ')}` : '');
  const script = allowDevServer ? `'self' 'nonce-${nonce}' 'unsafe-eval'` : `'self' 'nonce-${nonce}'`;
  return [
    `default-src 'self'`,
    `script-src ${script}${extra('script')}`,
    `style-src 'self' 'nonce-${nonce}'`,
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
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request) => {
    request.cspNonce = randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (request, reply) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce, { allowDevServer, sources }));
    }
  });
}
