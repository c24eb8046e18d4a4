// The collector's row of `npm run bench`: events stored per second (issue 15 goal: ≥ 20,000/s,
// none lost). bench/collector.ts (`npm run bench:collector`) measures it in processes of its own,
// on the database DATABASE_URL names or PGlite; this runs it as a child with the same settings
// and reads its table (the column "stored events/s" and the line it prints when events are lost).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Measured } from './measure.ts';
import { siteRoot } from './server.ts';

const script = path.join(import.meta.dirname, 'collector.ts');

export async function measureCollector(): Promise<Measured | { missing: string }> {
  if (!existsSync(script)) return { missing: 'left out: bench/collector.ts (issue 15, part B) is not in this tree' };
  // The same checkout as the site's (BENCH_SITE_DIR), unless COLLECTOR_ROOT says otherwise.
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { COLLECTOR_ROOT: siteRoot, ...process.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = output.split('\n');
  const header = lines.findIndex((line) => line.includes('stored events/s'));
  const cells = (line: string | undefined) =>
    (line ?? '')
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const names = cells(lines[header]);
  const values = cells(lines[header + 2]);
  const value = (name: string) => Number(values[names.indexOf(name)]);
  const stored = value('stored events/s');
  if (header < 0 || !Number.isFinite(stored))
    return { missing: `left out: bench/collector.ts exited ${code} without its table:\n${output.trim().slice(-600)}` };
  const lost = lines.find((line) => line.startsWith('LOST'));
  return {
    name: 'collector, events stored',
    rps: stored,
    p50: value('p50 ms'),
    p99: value('p99 ms'),
    unit: 'ev/s',
    goal: { rate: 20_000, noneLost: true },
    lost: lost ? 1 : 0,
    note: `bench/collector.ts, its own processes and database; ${value('requests/s')} tracker POSTs/s (p50 and p99 per POST)${lost ? `; ${lost}` : ', none lost'}`,
  };
}
