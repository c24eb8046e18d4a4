// npm run bench:collector (node --import tsx bench/collector.ts): how many analytics events the
// collector stores per second. The collector's routes and service run in a process of their own
// (this file with --serve) on a fresh database — embedded PGlite in a new data directory, or a new
// database on the PostgreSQL server DATABASE_URL names — with the rate limit lifted; autocannon's clients POST
// tracker payloads of EVENTS_PER_REQUEST events, each with its own event id. Afterwards the rows
// are counted: stored events per second, and whether every acknowledged event was stored.
// The collector is the production build's (dist/, built first when missing: run `npm run build`
// after changes), as `npm start` runs it.
// COLLECTOR_ROOT measures another checkout (a git worktree of an older commit) with the same load.
import { fork } from 'node:child_process';
import cluster from 'node:cluster';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import os from 'node:os';
import autocannon from './autocannon.ts';
import postgres from 'postgres';
import type * as DatabaseModule from '../src/db/database.ts';
import type * as ServiceModule from '../src/modules/analytics/analytics-service.ts';
import type * as RoutesModule from '../src/modules/analytics/collector-routes.ts';
import { EVENTS } from '../src/shared/analytics/events.ts';
import { ensureBuilt } from './server.ts';
import { rowsOf } from '../src/db/rows.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4420);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const EVENTS_PER_REQUEST = 10;
/** Collector processes on PostgreSQL (WEB_CONCURRENCY, as `npm start`); one per core when unset. */
const WORKERS = Number(process.env.WEB_CONCURRENCY || os.availableParallelism());
const ROOT = path.resolve(process.env.COLLECTOR_ROOT ?? path.join(import.meta.dirname, '..'));
const POST_PATH = '/com.snowplowanalytics.snowplow/tp2';
const ORIGIN = `http://127.0.0.1:${PORT}`;

if (process.argv.includes('--serve')) await serve();
else await run();

/**
 * The child: the collector of ROOT on its own database, until the parent asks for the count. With
 * PostgreSQL it serves from WORKERS processes sharing the port (node:cluster), as `npm start` does
 * (one per core, decision 032); this process migrates, relays the parent's messages and counts.
 * PGlite lives in one process, so that process serves.
 */
async function serve() {
  const load = <T>(file: string) => import(pathToFileURL(path.join(ROOT, 'dist', file)).href) as Promise<T>;
  const { openDatabase } = await load<typeof DatabaseModule>('db/database.js');
  const url = process.env.BENCH_DATABASE_URL;
  // PGlite in a data directory of its own, as `npm start` and the page rows run it (in memory, its
  // file system copies a growing table file whole each time it grows: 5 % of this process).
  const dataDir = url ? undefined : mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-collector-'));
  if (dataDir) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const open = () => (url ? openDatabase({ kind: 'postgres', url }) : openDatabase({ kind: 'pglite', dataDir }));
  const countRows = async (database: DatabaseModule.Database) => {
    const rows = await database.db.execute<{ n: number }>(
      (await import('drizzle-orm')).sql`select count(*)::int as n from analytics_events`,
    );
    return rowsOf<{ n: number }>(rows)[0]!.n;
  };
  const workers = url ? WORKERS : 1;

  if (cluster.isPrimary && workers > 1) {
    const database = await open();
    await database.migrate();
    await database.close();
    cluster.setupPrimary({ exec: import.meta.filename, args: ['--serve'] });
    const forked = Array.from({ length: workers }, () => cluster.fork());
    await Promise.all(forked.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
    process.send!({ ready: true, workers });
    process.on('message', (message: { start?: boolean; count?: boolean }) => {
      for (const worker of forked) worker.send(message);
      if (!message.count) return;
      void (async () => {
        const cpu = await Promise.all(
          forked.map((worker) => new Promise<number>((resolve) => worker.once('message', (m: { cpuMs: number }) => resolve(m.cpuMs)))),
        );
        await Promise.all(forked.map((worker) => new Promise((resolve) => (worker.isDead() ? resolve(0) : worker.once('exit', resolve)))));
        const counting = await open();
        process.send!({ rows: await countRows(counting), cpuMs: cpu.reduce((sum, ms) => sum + ms, 0) });
        await counting.close();
        process.exit(0);
      })();
    });
    return;
  }

  const { createAnalyticsService } = await load<typeof ServiceModule>('modules/analytics/analytics-service.js');
  const { registerCollectorRoutes } = await load<typeof RoutesModule>('modules/analytics/collector-routes.js');
  const { default: Fastify } = await import('fastify');
  const database = await open();
  if (cluster.isPrimary) await database.migrate();
  const analytics = createAnalyticsService({ db: database.db });
  const app = Fastify({ logger: false });
  await registerCollectorRoutes(app, {
    analytics,
    allowedOrigins: [ORIGIN],
    rateLimit: { max: 1_000_000_000, timeWindowMs: 60_000 },
  });
  await app.listen({ host: '127.0.0.1', port: PORT });
  process.send!({ ready: true, workers: 1 });
  let cpuAtStart = process.cpuUsage();
  process.on('message', (message: { start?: boolean; count?: boolean }) => {
    if (message.start) cpuAtStart = process.cpuUsage();
    if (!message.count) return;
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    void (async () => {
      // What the module's onClose does at shutdown (nothing when the service has no close).
      await (analytics as { close?: () => Promise<void> }).close?.();
      await app.close();
      if (cluster.isWorker) process.send!({ cpuMs });
      else process.send!({ rows: await countRows(database), cpuMs });
      await database.close();
      process.exit(0);
    })();
  });
}

/** One tracker POST: page views, article views and page pings, as @snowplow/browser-tracker v4 sends them. */
function payload(eventId: () => string = randomUUID): string {
  const now = Date.now();
  const common = (i: number) => ({
    eid: eventId(),
    tv: 'js-4.5.0',
    tna: 'sp',
    aid: 'bench',
    p: 'web',
    cookie: '1',
    cs: 'UTF-8',
    lang: 'en-GB',
    res: '1920x1080',
    cd: '24',
    tz: 'Europe/London',
    dtm: String(now + i),
    stm: String(now + 20),
    vp: '1280x720',
    ds: '1265x4210',
    vid: '2',
    sid: 'b4c3d2e1-f0a9-4b8c-8d7e-6f5a4b3c2d1e',
    duid: '0d5c1e0a-6b8f-4c1e-9b52-6a1f3d2e4c5b',
    url: `${ORIGIN}/articles/the-new-luxury/?utm_source=newsletter&utm_medium=email`,
    refr: 'https://www.google.com/',
    co: JSON.stringify({
      schema: 'iglu:com.snowplowanalytics.snowplow/contexts/jsonschema/1-0-0',
      data: [
        { schema: 'iglu:com.snowplowanalytics.snowplow/web_page/jsonschema/1-0-0', data: { id: '6a1f5e1c-9d0b-4f43-9a51-3e0f4c5a7b21' } },
      ],
    }),
  });
  const events = Array.from({ length: EVENTS_PER_REQUEST }, (_, i) => {
    if (i === 0) return { e: 'pv', page: 'The new luxury | Atelier', ...common(i) };
    if (i === 1)
      return {
        e: 'ue',
        ue_pr: JSON.stringify({
          schema: 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0',
          data: {
            schema: EVENTS.user_view_article.schema,
            data: { article_id: 'story-1', topic_id: 'luxury', wall_variant: 'pay' },
          },
        }),
        ...common(i),
      };
    return { e: 'pp', pp_mix: '0', pp_max: '0', pp_miy: String(i * 100), pp_may: String(i * 120), ...common(i) };
  });
  return JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4', data: events });
}

/**
 * A maker of the same POST with new event ids, which joins the pieces of one payload around its ids:
 * the client shares the cores with the collector and its database, and a real tracker's CPU is elsewhere.
 */
function payloadsWithFreshIds(): () => string {
  const mark = '00000000-0000-4000-8000-000000000000';
  const pieces = payload(() => mark).split(mark);
  return () => {
    let body = pieces[0]!;
    for (let i = 1; i < pieces.length; i++) body += randomUUID() + pieces[i]!;
    return body;
  };
}

async function run() {
  ensureBuilt(ROOT);
  const freshPayload = payloadsWithFreshIds();
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let admin: postgres.Sql | undefined;
  if (serverUrl) {
    const name = `atelier_bench_collector_${randomBytes(4).toString('hex')}`;
    admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const child = fork(import.meta.filename, ['--serve'], {
    // BENCH_CPU_PROF=<dir>: a CPU profile of the collector process, for finding where its time goes.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, NODE_ENV: 'production', BENCH_DATABASE_URL: databaseUrl ?? '' },
    cwd: ROOT,
  });
  const message = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      child.on('message', (m: Record<string, unknown>) => key in m && resolve(m as T));
      child.on('exit', (code) => reject(new Error(`the collector process exited (${code})`)));
    });
  try {
    const { workers } = await message<{ workers: number }>('ready');
    // Checked once: a payload the collector refuses would make the count meaningless.
    const check = await fetch(`${ORIGIN}${POST_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload(),
    });
    if (check.status !== 200) throw new Error(`the collector answered ${check.status}: ${await check.text()}`);
    // CPU the database server's backends for this database spend (PostgreSQL; PGlite runs inside the collector process).
    const backendCpu = async () => {
      if (!admin || !databaseUrl) return new Map<number, number>();
      const name = new URL(databaseUrl).pathname.slice(1);
      const pids = await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${name}`;
      return new Map(pids.map(({ pid }) => [pid, cpuTicks(pid)]));
    };
    const backendsBefore = await backendCpu();
    child.send({ start: true });
    const started = Date.now();
    // autocannon runs in this process: its CPU is the client's.
    const clientAtStart = process.cpuUsage();
    const result = await autocannon({
      url: `${ORIGIN}${POST_PATH}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=UTF-8', origin: ORIGIN },
          setupRequest: (request) => ({ ...request, body: freshPayload() }),
        },
      ],
    });
    const elapsed = (Date.now() - started) / 1000;
    const clientCpu = process.cpuUsage(clientAtStart);
    const clientMs = (clientCpu.user + clientCpu.system) / 1000;
    const backendsAfter = await backendCpu();
    const databaseMs = [...backendsAfter].reduce((sum, [pid, ticks]) => sum + (ticks - (backendsBefore.get(pid) ?? 0)), 0) * 10;
    const counting = message<{ rows: number; cpuMs: number }>('rows');
    child.send({ count: true });
    const { rows: counted, cpuMs } = await counting;
    const perThousand = (ms: number) => (ms / counted) * 1000;
    const cpuPerThousand = perThousand(cpuMs + databaseMs);
    const acknowledged = (result['2xx'] + 1) * EVENTS_PER_REQUEST;
    console.log(
      `\ncollector, ${CONNECTIONS} connections, ${SECONDS} s, ${EVENTS_PER_REQUEST} events a request, Node ${process.version}, ${os.cpus().length} cores, ${serverUrl ? 'PostgreSQL' : 'PGlite'}, ${workers} collector process${workers > 1 ? 'es' : ''}, ${ROOT}`,
    );
    console.log(
      '| requests/s | p50 ms | p99 ms | non-2xx | events stored | acknowledged | stored events/s | CPU ms per 1000 events: collector + database | client |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors} | ${counted} | ${acknowledged} | ${(counted / elapsed).toFixed(0)} | ${cpuPerThousand.toFixed(0)} (${perThousand(cpuMs).toFixed(0)} + ${perThousand(databaseMs).toFixed(0)}) | ${perThousand(clientMs).toFixed(0)} |`,
    );
    // PGlite runs in the collector's one process (one core); with PostgreSQL, collector processes and database can use every core.
    const cores = serverUrl ? os.cpus().length : 1;
    const total = perThousand(cpuMs + databaseMs + clientMs);
    console.log(
      `load average ${os.loadavg()[0]!.toFixed(1)} at the end. The CPU figures hold whatever the load: ${((cores * 1_000_000) / cpuPerThousand).toFixed(0)} events/s if collector and database had ${cores} core${cores > 1 ? 's' : ''} to themselves; ${((cores * 1_000_000) / total).toFixed(0)} events/s with this client on the same core${cores > 1 ? 's' : ''}`,
    );
    if (counted < acknowledged) {
      console.error(`LOST: ${acknowledged - counted} acknowledged events were not stored`);
      process.exitCode = 1;
    }
  } finally {
    // It exits by itself once it has counted (a profile is written then); otherwise it is stopped.
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const stop = setTimeout(() => child.kill('SIGTERM'), 5_000);
      await exited;
      clearTimeout(stop);
    }
    if (admin && databaseUrl) {
      await admin.unsafe(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
      await admin.end();
    }
  }
}

/** user + system clock ticks (1/100 s) a process has used, from /proc. */
function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
