// Assembles the one Fastify process (DESIGN §1): security, compression, static assets, health,
// each module's routes (services.ts lists the modules, decision 029), GraphQL, tRPC and the React Router pages.
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerBuild } from 'react-router';
import { publicConfig, type Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { isUnstorableTextError, UNSTORABLE_TEXT_MESSAGE } from '../db/unstorable-text.ts';
import { thirdPartyCspSources } from '../shared/analytics/third-parties.ts';
import { sessionChangesOn } from '../modules/identity/session-changes.ts';
import { createChangeBus } from '../platform/change-bus.ts';
import { refreshPageSession } from '../modules/session/auth-routes.ts';
import { pathPrefix, secureCookies } from '../platform/module.ts';
import { registerGraphQL } from './graphql/yoga.ts';
import { registerHealth } from './health.ts';
import { thisMachineOnly } from '../platform/loopback.ts';
import { serverWithHitPath } from './http-server.ts';
import { registerPages, type Pages } from './pages.ts';
import { requestIdOf } from './request-id.ts';
import { createPageDecider, type PageFacts } from './page-decision.ts';
import { createLimitStore } from '../platform/rate-limits.ts';
import { paymentPageSources } from './payment-csp.ts';
import { registerSecurity } from './security.ts';
import { registerTrpc } from './trpc/register.ts';
import { createServices, type Services } from './services.ts';
import { registerSitemap } from '../platform/sitemap.ts';

export const CLIENT_BUILD_DIR = path.resolve(import.meta.dirname, '../../build/client');
export const SERVER_BUILD_FILE = path.resolve(import.meta.dirname, '../../build/server/index.js');

export interface AppOptions {
  config: Config;
  database: Database;
  /** The React Router server build (or, in development, a function loading the latest); build/server when omitted. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Development: Vite serves assets and hot updates; relaxes the CSP for its client. */
  development?: { registerAssets: (app: FastifyInstance) => Promise<void> };
  logger?: FastifyServerOptions['logger'];
  /** Fastify's request lines (the development server's are one line per request, dev-site.ts). */
  logController?: FastifyServerOptions['logController'];
  /** Run the background jobs (renewals, dunning …) in this process: the servers do, tests do not. */
  backgroundJobs?: boolean;
  /** Cheaper password hashing for tests. */
  passwordParams?: { memoryCost: number; timeCost: number; parallelism: number };
}

export async function buildApp({
  config,
  database,
  build,
  logger,
  logController,
  development,
  passwordParams,
  backgroundJobs = false,
}: AppOptions): Promise<FastifyInstance & { services: Services }> {
  // The pages, once registered (below): their hit path answers stored pages before Fastify.
  let registeredPages: Pages | null = null;
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    logController,
    serverFactory: serverWithHitPath(() => registeredPages?.serveHit ?? null),
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers),
    // request.ip is the connecting address unless TRUSTED_PROXIES names the proxies to believe.
    trustProxy: config.trustedProxies,
    bodyLimit: 1_048_576,
    return503OnClosing: true,
  });
  const limits = createLimitStore({ ...config.limits, onUnavailable: (message) => app.log.warn(message) });
  await limits.ready();
  app.addHook('onClose', async () => limits.close());
  // What changed, told to every process on the database (decision 032).
  const changes = await createChangeBus({ database, log: app.log });
  const { services, modules } = createServices({
    changes,
    db: database.db,
    config,
    log: app.log,
    passwordParams,
    limits,
    sessionChanges: sessionChangesOn(changes),
  });
  app.decorate('services', services);

  // Callback hooks, here and in security.ts: an async hook costs every request a promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (isUnstorableTextError(error)) return reply.code(400).send({ error: { message: UNSTORABLE_TEXT_MESSAGE, requestId: request.id } });
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ error: { message: status === 500 ? 'Something went wrong!' : error.message, requestId: request.id } });
  });

  await registerSecurity(app, {
    allowDevServer: Boolean(development),
    sources: {
      ...thirdPartyCspSources({ collectorUrl: config.endpoints.analyticsCollector, ...config.analytics }),
      // Social sign-in: the sign-in form's submission is redirected to the provider, and Chrome checks form-action on redirects.
      form: config.identity.oidcProviders.map((provider) => new URL(provider.issuer).origin),
    },
    // Recurly.js on the payment pages only, when Recurly is the provider (decision 039).
    pageSources: paymentPageSources(config),
  });
  await app.register(cookie);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { 1: 4 } } });
  if (development) await development.registerAssets(app);
  else
    await app.register(fastifyStatic, {
      root: CLIENT_BUILD_DIR,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each script and style sheet (vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });

  registerHealth(app, { database });
  // Each module's own routes (decision 029), then the transports over every module.
  for (const module of modules) if (module.routes) await app.register(module.routes);
  registerSitemap(app, { siteUrl: config.siteUrl, sources: modules.flatMap((module) => (module.sitemap ? [module.sitemap] : [])) });
  if (config.appEnv !== 'prod') {
    // Development tools (every sign-in code is in the mailbox): this machine only (loopback.ts).
    await app.register(async (devTools) => {
      devTools.addHook('onRequest', thisMachineOnly);
      for (const module of modules) if (module.devRoutes) await devTools.register(module.devRoutes);
    });
  }
  await registerGraphQL(app, {
    path: pathPrefix(config.endpoints.graphql),
    services,
    siteOrigin: new URL(config.siteUrl).origin,
    production: config.appEnv === 'prod',
  });
  await registerTrpc(app, { prefix: pathPrefix(config.endpoints.trpc), services, siteOrigin: new URL(config.siteUrl).origin });

  const serverBuild = build ?? ((await import(SERVER_BUILD_FILE)) as ServerBuild);
  const browserConfig = { ...publicConfig(config), careers: config.careers };
  const decider = createPageDecider({ services, secureCookies: secureCookies(config) });
  const pages = await registerPages(app, {
    build: serverBuild,
    mode: development ? 'development' : 'production',
    siteOrigin: new URL(config.siteUrl).origin,
    // Decide, then look up (issue 15): the reader and the access decision, before cache and render.
    decide: decider.decide,
    decideNow: decider.decideNow,
    context: (request, reply, decision) => {
      const page = decision.facts as PageFacts;
      return {
        config: browserConfig,
        services,
        nonce: request.cspNonce,
        requestId: request.id,
        clientAddress: request.ip,
        user: page.user,
        page,
        refreshSession: () => refreshPageSession(request, reply, { session: services.session, secureCookies: secureCookies(config) }),
      };
    },
  });

  registeredPages = pages;
  changes.subscribe('pages', ({ paths }) => pages.invalidate(paths ?? undefined));
  app.decorate('pages', pages);

  // Background jobs run in this process (DESIGN §1) when the server asks; tests drive services.jobs.runDue() themselves.
  if (backgroundJobs) app.addHook('onReady', async () => services.jobs.start({ intervalMs: 15_000 }));
  // One hook, so the order is explicit (Fastify runs onClose hooks last added first): the modules
  // finish, dependents first (their write-behind buffers store what they hold), then the database closes.
  app.addHook('onClose', async () => {
    for (const module of [...modules].reverse()) await module.onClose?.();
    await database.close();
  });
  // Added last, so it runs first: stop listening while the database is still open.
  app.addHook('onClose', async () => changes.close());
  return app as FastifyInstance & { services: Services };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** The page cache (tests drop pages to compare with a fresh render). */
    pages: Pages;
  }
}
