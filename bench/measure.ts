// One autocannon scenario, and the report table: every figure is a ratio against the bare route
// measured in the same run, so runs on different machines can be compared.
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface Scenario {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

export async function measure({ name, url, method = 'GET', headers = {}, body }: Scenario): Promise<Measured> {
  const result = await autocannon({
    url,
    method,
    body,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'accept-encoding': 'gzip', ...headers },
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** A bare Fastify route on `port`: the baseline every scenario is divided by. */
export async function startBaseline(port: number) {
  const bare = Fastify();
  bare.get('/', async () => 'ok');
  await bare.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}/`, close: () => bare.close() };
}

/** Prints the results as a Markdown table; the first is the baseline. */
export function report(results: Measured[]) {
  const baseline = results[0]!.rps;
  console.log(
    `\nautocannon, ${CONNECTIONS} connections, ${DURATION} s each, Node ${process.version}, ${os.cpus().length} cores, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  console.log('| scenario | req/s | p50 ms | p99 ms | vs baseline |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results) console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.rps / baseline).toFixed(3)} |`);
}
