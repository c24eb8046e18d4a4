// The production entry point: validate settings, open and migrate the database, serve.
import { ConfigError, loadConfig, type Config } from '../config/config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { buildApp } from './app.ts';
import { modeLine, openConfiguredDatabase, prepareDatabase, prepareDemoAccounts } from './boot.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const started = Date.now();
  const database = await openConfiguredDatabase(config);
  const { seeded } = await prepareDatabase(database, config);
  const app = await buildApp({ config, database, backgroundJobs: true });
  if (seeded) app.log.info('created the demo content');
  const { created, subscribed } = await prepareDemoAccounts(database, app.services, config);
  if (created.length > 0) app.log.info({ accounts: created }, 'created the demo accounts (README)');
  if (subscribed.length > 0) app.log.info({ accounts: subscribed }, 'gave the demo members their sandbox subscriptions');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  app.log.info(modeLine(config));
  await app.listen({ host: config.host, port: config.port });
  app.log.info({ database: database.kind, ms: Date.now() - started, url: config.siteUrl }, `${config.productName} is ready`);
}

main().catch((error: unknown) => {
  // Someone else's server on this data directory: one line says what to do, no stack trace.
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`The server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
