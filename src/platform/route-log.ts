// Quiet routes: the requests of a busy route (cached pages, the analytics collector) log only
// warnings and errors while the site logs at info (decisions 030, 069). Fastify's two info lines per
// request would otherwise be most of what the site logs and a third of a cached page's CPU.
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';

/**
 * Route options that log a route's requests at warn and above, as `logLevel: 'warn'` would, without
 * its cost: a route's own level makes pino rebuild every log method of each request's child logger
 * (fastify/lib/route.js says so), a fifth of a cached story page's rate at LOG_LEVEL=info. Each
 * request's logger is a child of one warn-level logger made here once. At any other level the route
 * keeps the site's (debug logs every request; warn is as quiet already).
 */
export function warnOnlyRequestLog(app: FastifyInstance): Pick<RouteShorthandOptions, 'childLoggerFactory'> {
  if (app.log.level !== 'info') return {};
  const quiet = app.log.child({}, { level: 'warn' });
  return { childLoggerFactory: (_logger, bindings, options) => quiet.child(bindings, options) };
}
