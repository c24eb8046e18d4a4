// npm run dev: the same Fastify app, with Vite in middleware mode for instant reloads.
import middie from '@fastify/middie';
import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';
import { loadConfig } from '../config/config.ts';
import { buildApp } from './app.ts';
import { openConfiguredDatabase, prepareDatabase, prepareDemoAccounts } from './boot.ts';

const config = loadConfig();
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
const database = await openConfiguredDatabase(config);
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
await app.listen({ host: config.host, port: config.port });
app.log.info(`development server on ${config.siteUrl}`);
