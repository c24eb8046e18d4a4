// npm run bench:cpu: CPU time per request — of the site's process and of its PostgreSQL backends —
// for the anonymous reader's home page and story (a new visitor, and a returning one with the meter
// cookie the first answer set) and the signed-in member's GraphQL read (the query of
// bench/graphql.ts), beside the bare Fastify route's, read from /proc over BENCH_CPU_REQUESTS
// requests (default 5,000) at 50 connections. BENCH_ROWS=story,home measures only some rows, as for
// npm run bench (measure.ts).
// On a machine shared with other work req/s move by several times between runs; CPU time per
// request moves far less, so old and new builds (BENCH_SITE_DIR) compare even under load (decision 055).
// Linux only (/proc). With DATABASE_URL, run BENCH_WORKERS=1: one process to read.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from './autocannon.ts';
import { ACCEPT_ENCODING, CONNECTIONS, chosen } from './measure.ts';
import { siteRoot, startSite } from './server.ts';
import { newestFreeStory } from './demo-stories.ts';
import { ACCOUNT_QUERY, memberCookie } from './session.ts';
import { paths } from '../src/shared/paths.ts';

const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 5000);
const TICK_MS = 1000 / 100; // USER_HZ

/** User + system CPU milliseconds of a process so far. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** The site's PostgreSQL backends (its pool's connections), when it runs on PostgreSQL. */
function backends(): number[] {
  if (!process.env.DATABASE_URL) return [];
  const url = new URL(process.env.DATABASE_URL);
  const query = `select pid from pg_stat_activity where datname = '${url.pathname.slice(1).replace(/'/g, "''")}'`;
  const out = execFileSync('psql', [process.env.DATABASE_URL, '-Atc', query]).toString();
  return out.split('\n').filter(Boolean).map(Number);
}
const backendsMs = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuMs(pid);
    } catch {
      return sum; // a connection closed meanwhile
    }
  }, 0);

async function perRequest(name: string, pid: number, options: autocannon.Options) {
  if (!chosen(name)) return;
  await autocannon({ ...options, connections: CONNECTIONS, amount: Math.min(REQUESTS, 2000) }); // warm-up
  const pids = backends();
  const [site0, db0] = [cpuMs(pid), backendsMs(pids)];
  const result = await autocannon({ ...options, connections: CONNECTIONS, amount: REQUESTS });
  const [site1, db1] = [cpuMs(pid), backendsMs(pids)];
  const n = result.requests.total;
  const us = (ms: number) => `${Math.round((ms / n) * 1000).toLocaleString('en-GB')} µs`;
  console.log(
    `| ${name} | ${n - result.non2xx} | ${us(site1 - site0)} | ${pids.length ? us(db1 - db0) : '–'} | ${Math.round(result.requests.average)} |`,
  );
}

console.log(
  `${siteRoot}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${CONNECTIONS} connections, load average ${os.loadavg()[0]!.toFixed(2)} at the start`,
);
const bare = spawn(process.execPath, [path.join(import.meta.dirname, 'bare.mjs')], {
  env: { ...process.env, PORT: '4433' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => bare.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve()));
const site = await startSite(4432);
try {
  console.log('| requests | answered 2xx | CPU, the process | CPU, PostgreSQL | req/s |\n|---|---:|---:|---:|---:|');
  await perRequest('bare Fastify route, own process', bare.pid!, { url: 'http://127.0.0.1:4433/' });
  const pageHeaders = { 'accept-encoding': ACCEPT_ENCODING };
  await perRequest('home page, anonymous', site.process.pid!, { url: `${site.url}/`, headers: pageHeaders });
  const storyUrl = `${site.url}${paths.story(newestFreeStory.slug)}`;
  await perRequest('story, new visitor', site.process.pid!, { url: storyUrl, headers: pageHeaders });
  const meter = (await fetch(storyUrl)).headers.getSetCookie().find((c) => c.startsWith('atelier_meter='));
  if (!meter) throw new Error('a new visitor’s story set no meter cookie');
  await perRequest('story, returning visitor', site.process.pid!, {
    url: storyUrl,
    headers: { ...pageHeaders, cookie: meter.split(';')[0]! },
  });
  const cookie = chosen('graphql') ? await memberCookie(site.url, 'standard@example.com') : '';
  await perRequest('GraphQL viewer.individualAccount, member', site.process.pid!, {
    url: `${site.url}/graphql`,
    method: 'POST',
    body: JSON.stringify({ query: ACCOUNT_QUERY }),
    headers: { cookie, 'content-type': 'application/json', 'x-atelier-csrf': '1', 'accept-encoding': ACCEPT_ENCODING },
  });
} finally {
  await site.stop();
  bare.kill('SIGTERM');
}
console.log(`load average ${os.loadavg()[0]!.toFixed(2)} at the end`);
