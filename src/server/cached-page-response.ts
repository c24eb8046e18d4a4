// The one way a stored page is answered (decision 070): by the hit path before Fastify sees the
// request (pages.ts serveHit) and by Fastify's page route (a hit after a signed-in reader's
// decision, or the render that just stored the page). Both write the same headers in the same
// order, with one writeHead of a flat list worked out once per page and coding: Node copies a
// flat list as it is, where a header object costs every response an enumeration of its keys
// (a cached story spent more on its ~20 headers than on its bytes, docs/performance.md session 22).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchesEtag, pickEncoding, type CachedPage, type Encoding } from './page-cache.ts';

export interface CachedPageAnswer {
  /** The reader's own Set-Cookie values (the decision's: a new meter). */
  cookies: readonly string[];
  /** x-page-cache: 'hit', or 'miss' when this request rendered the page it answers with. */
  state: 'hit' | 'miss';
  requestId: string;
}

/** A page's headers in one coding, as flat [name, value, …] lists. */
interface HeaderBlock {
  /** Before the reader's own headers: the security headers and the representation's ETag. */
  lead: string[];
  /** After them, on a 200: the render's headers, the CSP, the coding and the length. */
  ok: string[];
  /** After them, on a 304: what a cache revalidating the page needs (RFC 9110 §15.4.5). */
  notModified: string[];
}

export type WriteCachedPage = (request: IncomingMessage, response: ServerResponse, page: CachedPage, answer: CachedPageAnswer) => void;

/** `securityHeaders`: what every response carries (security.ts, helmet's headers without a CSP). */
export function createCachedPageWriter(securityHeaders: Readonly<Record<string, string>>): WriteCachedPage {
  const security = Object.entries(securityHeaders).flat();
  // Per stored page object: a page compressed again (page-cache.ts recompress) is a new object
  // with a new ETag, and gets blocks of its own.
  const blocks = new WeakMap<CachedPage, Partial<Record<Encoding, HeaderBlock>>>();

  function blockOf(page: CachedPage, encoding: Encoding): HeaderBlock {
    let byEncoding = blocks.get(page);
    if (!byEncoding) blocks.set(page, (byEncoding = {}));
    let block = byEncoding[encoding];
    if (!block) {
      const ok = Object.entries(page.headers).flat();
      if (page.csp) ok.push('content-security-policy', page.csp);
      if (encoding !== 'identity') ok.push('content-encoding', encoding);
      ok.push('content-length', String(page.bodies[encoding].length));
      const notModified: string[] = [];
      for (const name of ['cache-control', 'vary']) if (page.headers[name]) notModified.push(name, page.headers[name]);
      block = byEncoding[encoding] = { lead: [...security, 'etag', page.etags[encoding]], ok, notModified };
    }
    return block;
  }

  return function writeCachedPage(request, response, page, { cookies, state, requestId }) {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const block = blockOf(page, encoding);
    const notModified = matchesEtag(request.headers['if-none-match'], page.etags[encoding]);
    const headers = ['x-request-id', requestId, ...block.lead, 'x-page-cache', state];
    for (const cookie of cookies) headers.push('set-cookie', cookie);
    headers.push(...(notModified ? block.notModified : block.ok));
    response.writeHead(notModified ? 304 : 200, headers);
    if (notModified || request.method === 'HEAD') response.end();
    else response.end(page.bodies[encoding]);
  };
}
