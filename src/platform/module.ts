// The module contract (decision 029): each module under src/modules exports one factory,
// `create<Name>Module(deps)`, returning an AppModule. src/server/services.ts builds the modules in
// dependency order and app.ts mounts what they return, so a new module is one folder plus one line there.
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import type { LimitStore } from './rate-limits.ts';
import type { SitemapSource } from './sitemap.ts';

/** The app's logger (pino, through Fastify), a child naming the module: `{ module: 'billing' }`. */
export type Logger = FastifyBaseLogger;

/** What every module factory receives; a factory adds the other modules' services it needs to its own deps type. */
export interface ModuleDeps {
  db: Db;
  config: Config;
  log: Logger;
  /** Where rate limits count (Redis with REDIS_URL, else memory). */
  limits: LimitStore;
  /** The secret signing cookies, codes and tokens (server/secrets.ts: settings, or kept in DATA_DIR). */
  secret: string;
}

export interface AppModule<Service = unknown> {
  /** The key of its service in `services` and the `module` field of its log lines. */
  name: string;
  /** What the transports (pages, GraphQL, tRPC) and the modules built after it call. */
  service: Service;
  /** Its HTTP routes, each under the path its config names; app.ts registers the plugin as it is. */
  routes?: FastifyPluginAsync;
  /** Its public pages, for /sitemap.xml (platform/sitemap.ts). */
  sitemap?: SitemapSource;
  /** Development tools: app.ts mounts them only outside prod, and only for requests from this machine (loopback.ts). */
  devRoutes?: FastifyPluginAsync;
  /** Runs when the app closes, after the server stopped taking requests. */
  onClose?: () => Promise<void>;
}

/** The path part of a same-origin endpoint setting (an absolute URL elsewhere is served by someone else). */
export function pathPrefix(endpoint: string): string {
  return endpoint.startsWith('/') ? endpoint : new URL(endpoint).pathname.replace(/\/$/, '');
}

/** Cookies are Secure when the site is served over HTTPS. */
export function secureCookies(config: Config): boolean {
  return config.siteUrl.startsWith('https://');
}
