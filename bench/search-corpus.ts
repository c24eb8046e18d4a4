// The frame bench:search and bench:answers share: a PostgreSQL database of its own (dropped after
// unless kept), migrated, with the search service over generated stories indexed straight through
// `search.indexDocuments` (as the content module's would); then each operation one at a time, signed
// out and as a Premium member, warm-up first, and p50/p95/p99/max per kind and for all.
import { loadavg } from 'node:os';
import postgres from 'postgres';
import { openDatabase } from '../src/db/database.ts';
import type { Topic } from '../src/modules/content/content-service.ts';
import { createSearchService, type SearchDocument, type SearchService } from '../src/modules/search/search-service.ts';
import { DEFAULT_WALL_RULES } from '../src/modules/walls/rules.ts';
import type { MeterCookies } from '../src/modules/walls/meter.ts';
import { createWallsService } from '../src/modules/walls/walls-service.ts';
import { LOGGED_OUT_USER, type SessionUser } from '../src/shared/auth/session-user.ts';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const PREMIUM_MEMBER: SessionUser = {
  ...LOGGED_OUT_USER,
  isLoggedIn: true,
  id: '1',
  membershipLevel: 'Premium',
  isMember: true,
  isEmailVerified: true,
};
const READERS: [string, SessionUser | null][] = [
  ['signed out', null],
  ['Premium member', PREMIUM_MEMBER],
];

export async function benchOverSearchIndex<Operation extends { kind: string }>({
  databaseName,
  keep,
  stories,
  rounds,
  topics,
  generated,
  operations,
  label,
  goalP99Ms,
  prepare,
}: {
  databaseName: string;
  keep: boolean;
  stories: number;
  rounds: number;
  topics: Topic[];
  /** The i-th generated story's search document (deterministic: two runs index the same corpus). */
  generated: (i: number) => SearchDocument;
  operations: Operation[];
  /** The table's first heading ("searches", "answers"). */
  label: string;
  goalP99Ms: number;
  /** What one timed operation does; it throws when the service gave no answer. */
  prepare: (search: SearchService) => (operation: Operation, user: SessionUser | null) => Promise<void>;
}): Promise<void> {
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
  await admin.unsafe(`create database ${databaseName}`);
  const url = new URL(SERVER);
  url.pathname = `/${databaseName}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await database.migrate();
    const search = createSearchService({
      db: database.db,
      content: { listTopics: async () => topics, storiesForSearch: async () => [] },
      profiles: { profilesForSearch: async () => [], peopleBySlugs: async () => [] },
      events: { eventsForSearch: async () => [] },
      walls: createWallsService({
        rules: { current: () => DEFAULT_WALL_RULES },
        meterCookies: {} as MeterCookies,
        reads: { recordReads: async () => {}, storiesReadSince: async () => [] },
      }),
    });
    await search.ensureIndexed();
    const started = performance.now();
    for (let i = 0; i < stories; i += 1_000) {
      await search.indexDocuments(Array.from({ length: Math.min(1_000, stories - i) }, (_, j) => generated(i + j)));
    }
    await database.db.execute('analyze');
    console.log(`indexed ${stories} generated stories in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const operate = prepare(search);

    // Warm up: plans, caches, the JIT.
    for (const [, user] of READERS) for (const operation of operations) await operate(operation, user);
    const times = new Map<string, number[]>();
    const record = (kind: string, ms: number) => times.set(kind, [...(times.get(kind) ?? []), ms]);
    for (let round = 0; round < rounds; round++) {
      for (const [reader, user] of READERS) {
        for (const operation of operations) {
          const t = performance.now();
          await operate(operation, user);
          const ms = performance.now() - t;
          record(operation.kind, ms);
          record(reader, ms);
          record('all', ms);
        }
      }
    }
    printTimes(times, { label, stories, goalP99Ms });
    search.close();
  } finally {
    await database.close();
    if (!keep) await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
}

function printTimes(times: Map<string, number[]>, { label, stories, goalP99Ms }: { label: string; stories: number; goalP99Ms: number }) {
  const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  console.log(
    `\n${label.padEnd(16)} ${'n'.padStart(5)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}  (ms)`,
  );
  for (const [kind, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    const cells = [50, 95, 99].map((p) => percentile(sorted, p).toFixed(1).padStart(8));
    console.log(`${kind.padEnd(16)} ${String(sorted.length).padStart(5)} ${cells.join(' ')} ${sorted.at(-1)!.toFixed(1).padStart(8)}`);
  }
  const p99 = percentile(
    [...times.get('all')!].sort((a, b) => a - b),
    99,
  );
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(
    `\np99 ${p99.toFixed(1)} ms on ${stories} stories: goal ≤ ${goalP99Ms} ms ${p99 <= goalP99Ms ? 'met' : 'NOT met'} (load average ${load})`,
  );
}
