// npm run bench:login — password sign-in through the identity API of the production build:
// complete API login flows per second (GET /self-service/login/api + POST the password), with
// the argon2id verification rate of this machine measured in the same run as the baseline.
import os from 'node:os';
import { ARGON2_PARAMS, hashPassword, verifyPassword } from '../src/modules/identity/credentials/password.ts';
import { startSite } from './server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const USERS = 20;
const PASSWORD = 'Velvet-Orchid-Tannery-1987';

// The per-IP limit protects real sign-in; the benchmark is one IP on purpose.
const site = await startSite(4412, {
  IDENTITY_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  IDENTITY_RATE_LIMIT_PER_MINUTE: '100000',
});
const api = `${site.url}/identity`;

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

try {
  // Accounts to sign in with.
  const emails = Array.from({ length: USERS }, (_, i) => `bench${i}-${Date.now()}@example.com`);
  for (const email of emails) {
    const flow = await json(await fetch(`${api}/self-service/registration/api`));
    const done = await fetch(`${api}/self-service/registration?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'password', password: PASSWORD, traits: { email } }),
    });
    if (!done.ok) throw new Error(`registration failed: ${done.status} ${await done.text()}`);
  }

  // Baseline: argon2id verifications per second in this process (one core).
  const hash = await hashPassword(PASSWORD);
  let verifications = 0;
  const baselineEnd = Date.now() + 3000;
  while (Date.now() < baselineEnd) {
    await verifyPassword(hash, PASSWORD);
    verifications++;
  }
  const argonPerSecond = verifications / 3;

  const latencies: number[] = [];
  let failures = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      let i = worker;
      while (Date.now() < end) {
        const started = performance.now();
        const flow = await json(await fetch(`${api}/self-service/login/api`));
        const response = await fetch(`${api}/self-service/login?flow=${flow.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ method: 'password', identifier: emails[i++ % USERS], password: PASSWORD }),
        });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - started);
        else failures++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  const flowsPerSecond = latencies.length / SECONDS;
  console.log(
    `\nPassword sign-in, ${CONCURRENCY} concurrent clients, ${SECONDS} s, Node ${process.version}, ${os.cpus().length} cores, PGlite`,
  );
  console.log(
    `argon2id cost: memory ${ARGON2_PARAMS.memoryCost} KiB, ${ARGON2_PARAMS.timeCost} passes, parallelism ${ARGON2_PARAMS.parallelism}`,
  );
  console.log('| scenario | per second | p50 ms | p99 ms | vs baseline |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| argon2id verify, in process (baseline) | ${argonPerSecond.toFixed(1)} | | | 1.000 |`);
  console.log(
    `| complete API login flows over HTTP | ${flowsPerSecond.toFixed(1)} | ${pct(50)} | ${pct(99)} | ${(flowsPerSecond / argonPerSecond).toFixed(3)} |`,
  );
  if (failures > 0) console.log(`${failures} sign-ins failed (rate limits or errors)`);
} finally {
  await site.stop();
}
