// npm run dev: the same Fastify app, with Vite in middleware mode for instant reloads; readable
// logs, one line per request (dev-site.ts), and one address, the site URL.
import middie from '@fastify/middie';
import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';
import { loadConfig } from '../config/config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { buildApp } from './app.ts';
import { modeLine, openConfiguredDatabase, prepareDatabase, prepareDemoAccounts } from './boot.ts';
import { DevelopmentLogController, developmentLogger, oneLoopbackSite } from './dev-site.ts';
import { listenQuietly } from './listen.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config).catch((error: unknown) => {
  // Another server on this data directory: its one line, no stack trace.
  if (!(error instanceof DataDirLockedError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
await prepareDatabase(database, config);
const app = await buildApp({
  config,
  database,
  backgroundJobs: true,
  logger: developmentLogger(config.logLevel),
  logController: new DevelopmentLogController(),
  build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  development: {
    registerAssets: async (instance) => {
      // Before Vite's middleware, so its modules are asked for at the site's address too.
      instance.addHook('onRequest', oneLoopbackSite(config.siteUrl));
      await instance.register(middie);
      instance.use(vite.middlewares);
    },
  },
});
app.addHook('onClose', async () => vite.close());
await prepareDemoAccounts(database, app.services, config);
app.log.info(modeLine(config));
await listenQuietly(app, { host: config.host, port: config.port });
app.log.info(`development server on ${config.siteUrl}`);
