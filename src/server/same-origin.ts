// Cross-site request forgery guard for state-changing requests (page actions, tRPC mutations).
import type { FastifyRequest } from 'fastify';

/**
 * A browser names the calling page's origin on every POST: it must be the site (or the request's
 * own origin — a browser cannot forge the Host of a cross-site request). Without an Origin it is
 * no browser call carrying ambient cookies, unless Fetch Metadata says it came from elsewhere.
 * The session cookies are SameSite=Lax as well; this also covers sibling subdomains and old browsers.
 */
export function isFromOwnSite(request: FastifyRequest, siteOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin) return origin === siteOrigin || origin === `${request.protocol}://${request.host}`;
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
