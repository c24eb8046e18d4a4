// npm run dev: the same Fastify app, with Vite in middleware mode for instant reloads.
import middie from '@fastify/middie';
import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';
import { loadConfig } from '../config/config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { buildApp } from './app.ts';
import { modeLine, openConfiguredDatabase, prepareDatabase, prepareDemoAccounts } from './boot.ts';

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
  logger: { level: config.logLevel, transport: undefined },
  build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  development: {
    registerAssets: async (instance) => {
      await instance.register(middie);
      instance.use(vite.middlewares);
    },
  },
});
app.addHook('onClose', async () => vite.close());
await prepareDemoAccounts(database, app.services, config);
app.log.info(modeLine(config));
await app.listen({ host: config.host, port: config.port });
app.log.info(`development server on ${config.siteUrl}`);
