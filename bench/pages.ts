// npm run bench: anonymous readers on the home and story pages of the production build,
// against a bare Fastify route measured in the same run (the ratio is what to compare).
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startSite } from './server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SITE_PORT = 4410;
const BARE_PORT = 4411;

const site = await startSite(SITE_PORT);
const bare = Fastify();
bare.get('/', async () => 'ok');
await bare.listen({ port: BARE_PORT, host: '127.0.0.1' });

try {
  const latest = (await (await fetch(`http://127.0.0.1:${SITE_PORT}/rss.xml`)).text()).match(/<link>[^<]*\/articles\/([^/<]+)\/<\/link>/);
  const storyPath = `/articles/${latest![1]}/`;
  // Warm caches and the image-free HTML path before measuring.
  for (const p of ['/', storyPath]) await fetch(`http://127.0.0.1:${SITE_PORT}${p}`);

  const results = [
    await measure('bare Fastify route (baseline)', `http://127.0.0.1:${BARE_PORT}/`),
    await measure('home page, anonymous', `http://127.0.0.1:${SITE_PORT}/`),
    await measure(`story page, anonymous (${storyPath})`, `http://127.0.0.1:${SITE_PORT}${storyPath}`),
  ];
  const baseline = results[0]!.rps;
  console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION} s each, Node ${process.version}, ${os.cpus().length} cores, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log('| scenario | req/s | p50 ms | p99 ms | vs baseline |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results) console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.rps / baseline).toFixed(3)} |`);
} finally {
  site.stop();
  await bare.close();
}

async function measure(name: string, url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { 'accept-encoding': 'gzip' } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}
