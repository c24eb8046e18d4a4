// The production entry point: validate settings, open and migrate the database, serve.
// With PostgreSQL it serves from every core (decision 032): this process becomes the primary, which
// migrates and seeds once, then starts one worker per core (WEB_CONCURRENCY) sharing the port,
// replaces a worker that dies (unless they keep dying) and drains them all on SIGTERM. The
// embedded database (PGlite) lives in one process, so it is always served by one.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../config/config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { modeLine, openConfiguredDatabase, prepareDatabase, prepareDemoAccounts } from './boot.ts';
import { listenQuietly } from './listen.ts';

/** A worker's own drain (Fastify's close, the modules' onClose) gets 10 s; the primary waits a little longer for all of them. */
const WORKER_SHUTDOWN_MS = 10_000;
const PRIMARY_SHUTDOWN_MS = 15_000;
/** More deaths than this within a minute is a crash loop: the primary stops rather than fork forever. */
const DEATHS_PER_MINUTE = (workers: number) => Math.max(3, workers);

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
  const workers = config.database.kind === 'postgres' ? (config.workers ?? availableParallelism()) : 1;
  if (cluster.isPrimary && workers > 1) await runPrimary(config, workers);
  else await serve(config);
}

/**
 * Serves requests: the whole server when it is one process, else one worker. The primary has
 * migrated and seeded by the time a worker starts; the first worker creates the demo accounts
 * (they need the services), the others only serve.
 */
async function serve(config: Config) {
  const started = Date.now();
  const worker = cluster.isWorker ? cluster.worker : undefined;
  // Loaded here, not at the top: the primary never serves, so it never loads the app.
  const { buildApp } = await import('./app.ts');
  const database = await openConfiguredDatabase(config);
  const { seeded } = worker ? { seeded: false } : await prepareDatabase(database, config);
  // Every worker runs the job loop: the runner claims jobs with FOR UPDATE SKIP LOCKED and a lease,
  // so two never run one job, and jobs go on while any worker lives (decision 032).
  const app = await buildApp({ config, database, backgroundJobs: true });
  if (seeded) app.log.info('created the demo content');
  if (!worker || worker.id === 1) {
    const { created, subscribed } = await prepareDemoAccounts(database, app.services, config);
    if (created.length > 0) app.log.info({ accounts: created }, 'created the demo accounts (README)');
    if (subscribed.length > 0) app.log.info({ accounts: subscribed }, 'gave the demo members their sandbox subscriptions');
  }
  if (config.database.kind === 'pglite' && (config.workers ?? 1) > 1)
    app.log.warn(
      'WEB_CONCURRENCY is ignored: the embedded database (PGlite) is served from one process; set DATABASE_URL to use every core',
    );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      app.log.error(`shutdown took over ${WORKER_SHUTDOWN_MS / 1000} s; exiting`);
      process.exit(1);
    }, WORKER_SHUTDOWN_MS);
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
  // The primary is gone (killed outright): nobody replaces or drains this worker, so it drains itself.
  if (worker) process.on('disconnect', () => shutdown('primary gone'));

  if (!worker) app.log.info(modeLine(config));
  await listenQuietly(app, { host: config.host, port: config.port });
  if (worker) app.log.info({ worker: worker.id, ms: Date.now() - started }, 'worker is serving');
  else app.log.info({ database: database.kind, ms: Date.now() - started, url: config.siteUrl }, `${config.productName} is ready`);
}

/** The primary: prepares the database once, then starts, replaces and finally drains the workers. */
async function runPrimary(config: Config, count: number) {
  const started = Date.now();
  const log = pino({ level: config.logLevel });
  const database = await openConfiguredDatabase(config);
  try {
    const { seeded } = await prepareDatabase(database, config);
    if (seeded) log.info('created the demo content');
  } finally {
    await database.close();
  }
  log.info(modeLine(config));

  // Workers run this file itself (npm start runs it through scripts/start.mjs, which must not run again).
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) });
  const alive = new Set<Worker>();
  let stopping = false;
  let failed = false;
  const deaths: number[] = [];

  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    return worker;
  };
  const stop = (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    if (exitCode !== 0) failed = true;
    log.info({ reason, workers: alive.size }, 'shutting down: draining every worker');
    if (alive.size === 0) process.exit(failed ? 1 : 0);
    for (const worker of alive) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.error({ workers: alive.size }, `workers still running after ${PRIMARY_SHUTDOWN_MS / 1000} s; killing them`);
      for (const worker of alive) worker.process.kill('SIGKILL');
      process.exit(1);
    }, PRIMARY_SHUTDOWN_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));

  // The first worker alone first: it creates the demo accounts, and a start that fails (a bad
  // database, a port in use) stops here with its message, instead of a loop of failing workers.
  const first = fork();
  const up = await new Promise<boolean>((resolve) => {
    first.once('listening', () => resolve(true));
    first.once('exit', () => resolve(false));
  });
  if (!up) {
    if (stopping) process.exit(failed ? 1 : 0);
    log.error('the first worker did not start; stopping');
    process.exit(1);
  }

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    if (stopping) {
      // A worker still starting has no handler yet and ends by the signal itself: nothing to drain.
      if ((code !== null && code !== 0) || (signal !== null && signal !== 'SIGTERM')) failed = true;
      if (alive.size === 0) {
        log.info({ failed }, 'every worker has stopped');
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths[0]! < now - 60_000) deaths.shift();
    if (deaths.length > DEATHS_PER_MINUTE(count)) {
      log.fatal({ deaths: deaths.length }, 'workers keep dying; stopping instead of starting more');
      stop('crash loop', 1);
      return;
    }
    log.error({ worker: worker.id, pid: worker.process.pid, code, signal }, 'a worker died; starting another');
    fork();
  });

  let listening = 1;
  cluster.on('listening', () => {
    if (++listening === count)
      log.info(
        { database: config.database.kind, workers: count, ms: Date.now() - started, url: config.siteUrl },
        `${config.productName} is ready`,
      );
  });
  for (let i = 1; i < count; i++) fork();
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
