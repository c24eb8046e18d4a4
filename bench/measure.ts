// One autocannon scenario, and the report table: every figure is a share of a bare Fastify route
// measured in the same run, in a process of its own (bench/bare.mjs), so runs on different
// machines can be compared and the baseline does not share autocannon's process (issue 15).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon, { COUNTS_BODY_BYTES } from './autocannon.ts';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Seconds of the same load before each measured run, not counted: JIT, page cache, pools. */
export const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
/** What a browser sends; the site compresses (and may cache compressed bytes) by it. */
export const ACCEPT_ENCODING = 'br, gzip';

/**
 * BENCH_ROWS=home,story (unset: every row): only the rows whose names contain one of these words,
 * with the bare routes. For a quick look at the rows a change touches.
 */
const ONLY = process.env.BENCH_ROWS?.split(',')
  .map((word) => word.trim())
  .filter(Boolean);
export const chosen = (name: string) => !ONLY || name.startsWith('bare') || ONLY.some((word) => name.includes(word));

export interface Scenario {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  goal?: Goal;
}

/** A goal from issue 15: a share of the bare route's rate, a p99 ceiling, or an absolute rate. */
export interface Goal {
  /** Fraction of the bare route's req/s (0.25 for 25 %). */
  share?: number;
  /** Milliseconds. */
  p99?: number;
  /** Per second, in the row's own unit (events/s for the collector). */
  rate?: number;
  /** Every acknowledged item stored (the collector). */
  noneLost?: boolean;
}

export interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** 'req/s' unless said otherwise; a row in another unit has no share of bare. */
  unit?: string;
  goal?: Goal;
  /** Acknowledged but not stored (the collector). */
  lost?: number;
  /** Requests that failed or timed out. */
  failed?: number;
  /** Said under the table (why a row is missing, what a figure means). */
  note?: string;
}

export async function measure({ name, url, method = 'GET', headers = {}, body, goal }: Scenario): Promise<Measured> {
  const options = {
    url,
    method,
    body,
    connections: CONNECTIONS,
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers },
  };
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
  const result = await autocannon({ ...options, duration: DURATION });
  // A non-2xx answer means the scenario is wrong (a wall is a 200): stop. Timeouts (no answer in
  // 10 s) are the server's slowness under load: reported beside the row, and the goal is unmet.
  if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} non-2xx responses`);
  const failed = result.errors > 0 || result.timeouts > 0;
  // No response within the run: no latency to report (NaN prints as "–"), and no goal is met.
  const answered = result.requests.total > 0;
  return {
    name,
    rps: result.requests.average,
    p50: answered ? result.latency.p50 : NaN,
    p99: answered ? result.latency.p99 : NaN,
    goal,
    failed: failed ? Math.max(result.errors, result.timeouts) : undefined,
    note: failed ? `${result.errors} errors, ${result.timeouts} timeouts (no answer in 10 s)` : undefined,
  };
}

/**
 * A bare Fastify route on `port` in a child process of its own: the baseline every scenario is
 * divided by. Measuring it inside autocannon's process flattered every ratio about 3× (issue 15).
 */
export async function startBaseline(port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the bare route's process exited (${code}) before it was ready`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const number = (n: number) => Math.round(n).toLocaleString('en-GB');

/** 0.33 %, 4.1 %, 27 %: two significant figures below 10 %. */
export function percent(fraction: number): string {
  const p = fraction * 100;
  if (p >= 10) return `${p.toFixed(0)} %`;
  if (p >= 1) return `${p.toFixed(1)} %`;
  return `${p.toPrecision(2)} %`;
}

function goalText(goal: Goal, unit: string): string {
  return [
    goal.share !== undefined ? `≥ ${percent(goal.share)}` : null,
    goal.rate !== undefined ? `≥ ${number(goal.rate)} ${unit}` : null,
    goal.p99 !== undefined ? `p99 ≤ ${goal.p99} ms` : null,
    goal.noneLost ? 'none lost' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

export function goalMet(result: Measured, bareRps: number): boolean {
  const { goal } = result;
  if (!goal) return true;
  return (
    (goal.share === undefined || result.rps / bareRps >= goal.share) &&
    (goal.rate === undefined || result.rps >= goal.rate) &&
    (goal.p99 === undefined || result.p99 <= goal.p99) &&
    result.rps > 0 &&
    (!goal.noneLost || !result.lost) &&
    !result.failed
  );
}

/** The 1-minute load average when the bench began (module load), for the line above the table. */
const LOAD_AT_START = os.loadavg()[0]!;
if (LOAD_AT_START > 6)
  console.warn(`load average ${LOAD_AT_START.toFixed(2)} (> 6): other work shares the cores; these figures will be low`);

/** The conditions of the run, for the line above the table. */
export function conditions(extra: string[] = []): string {
  return [
    `autocannon, ${CONNECTIONS} connections, ${DURATION} s each (after ${WARMUP} s warm-up)`,
    COUNTS_BODY_BYTES
      ? 'response bodies counted, not decoded (decision 068)'
      : 'stock autocannon (BENCH_STOCK_CLIENT=1: bodies decoded to strings)',
    `Accept-Encoding: ${ACCEPT_ENCODING}`,
    `Node ${process.version}`,
    `${os.cpus().length} cores`,
    `database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    ...extra,
    `load average (1 min) ${LOAD_AT_START.toFixed(2)} at the start, ${os.loadavg()[0]!.toFixed(2)} at the end`,
  ].join(', ');
}

/**
 * Prints the results as one Markdown table; the first is the baseline. Goal columns appear when
 * any row has a goal.
 */
export function report(results: Measured[], { extra = [], notes = [] }: { extra?: string[]; notes?: string[] } = {}): string {
  const bare = results[0]!.rps;
  const withGoals = results.some((r) => r.goal);
  const lines = [`\n${conditions(extra)}`, ''];
  lines.push(`| scenario | per second | p50 ms | p99 ms | % of bare |${withGoals ? ' goal (issue 15) | met |' : ''}`);
  lines.push(`|---|---:|---:|---:|---:|${withGoals ? '---|---|' : ''}`);
  for (const r of results) {
    const unit = r.unit ?? 'req/s';
    const share = unit === 'req/s' ? percent(r.rps / bare) : '';
    const goal = withGoals ? ` ${r.goal ? goalText(r.goal, unit) : ''} | ${r.goal ? (goalMet(r, bare) ? 'met' : '**unmet**') : ''} |` : '';
    const ms = (n: number) => (Number.isNaN(n) ? '–' : number(n));
    lines.push(`| ${r.name} | ${number(r.rps)} ${unit} | ${ms(r.p50)} | ${ms(r.p99)} | ${share} |${goal}`);
  }
  const footnotes = [...results.filter((r) => r.note).map((r) => `${r.name}: ${r.note}`), ...notes];
  if (footnotes.length > 0) lines.push('', ...footnotes.map((n) => `- ${n}`));
  const text = lines.join('\n');
  console.log(text);
  return text;
}

/** Ghost 5 serving a story on this kind of machine: 59 req/s, 0.11 % of bare Fastify (issue 15). */
export const GHOST_SHARE = 0.0011;

/**
 * A text chart of each row's share of bare on a log scale (0.01 % to 100 %), with Ghost 5's story
 * beside them; rows in another unit (the collector) are left out.
 */
export function chart(results: Measured[]): string {
  const bare = results[0]!.rps;
  const perDecade = 10;
  const decades = 4; // 0.01 % … 100 %
  const width = Math.max(...results.map((r) => r.name.length), 28);
  const bar = (share: number) => '█'.repeat(Math.max(0, Math.round((Math.log10(share) + decades) * perDecade)));
  const axis = ['0.01 %', '0.1 %', '1 %', '10 %', '100 %'].map((label) => label.padEnd(perDecade)).join('');
  const rows = [
    ...results.filter((r) => (r.unit ?? 'req/s') === 'req/s').map((r) => ({ name: r.name, share: r.rps / bare })),
    { name: 'Ghost 5, story (issue 15)', share: GHOST_SHARE },
  ].sort((a, b) => b.share - a.share);
  const lines = [
    `${'share of bare, log scale'.padEnd(width)}  ${axis.trimEnd()}`,
    `${''.padEnd(width)}  ${'|'.padEnd(perDecade).repeat(decades)}|`,
    ...rows.map((r) => `${r.name.padEnd(width)}  ${bar(r.share)} ${percent(r.share)}`),
  ];
  const text = lines.join('\n');
  console.log(`\n${text}`);
  return text;
}
