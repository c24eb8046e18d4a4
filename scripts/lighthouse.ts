// npm run lighthouse: Lighthouse (mobile preset, the default) on the reading pages and the sign-in
// page of the production build, as a reader's phone would load them (issue 15). Prints performance,
// accessibility, LCP, TBT and the JavaScript and font bytes each page transferred, with the load
// average (the figures move with it). Starts the build on a fresh embedded database unless
// --url names a running site.
//
//   npm run lighthouse                          # builds if needed, starts, measures, stops
//   npm run lighthouse -- --url http://127.0.0.1:3000 --runs 3 --json lighthouse.json
//
// Chromium: CHROMIUM_PATH, else /usr/bin/chromium (Debian's `apt-get install chromium`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { paths } from '../src/shared/paths.ts';

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '1' },
    json: { type: 'string' },
  },
});

interface PageResult {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  /** Accessibility audits that failed, by id (decision 005 expects only meta-viewport). */
  failedAccessibility: string[];
  lcpMs: number;
  tbtMs: number;
  jsBytes: number;
  jsRequests: number;
  fontBytes: number;
  fontRequests: number;
  totalBytes: number;
  lighthouseVersion: string;
  /** Each script and font fetched, for --json: what to look at next. */
  files: { url: string; type: string; bytes: number }[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer`);
}

/** The production build on a fresh embedded database (seeded with the demo content on start). */
async function startSite(): Promise<{ url: string; stop: () => void }> {
  if (!existsSync(path.join(root, 'dist/server/main.js')) || !existsSync(path.join(root, 'build/server/index.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-lighthouse-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SITE_URL: url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  };
  try {
    await waitFor(`${url}/readyz`, child);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, stop };
}

/** Headless Chromium with a debugging port for Lighthouse, on a throwaway profile. */
async function startChromium(): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'atelier-lighthouse-profile-'));
  const child = spawn(
    chromiumPath,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--no-first-run',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${port}/json/version`, child);
  return {
    port,
    stop: () => {
      child.kill('SIGTERM');
      child.once('exit', () => rmSync(profile, { recursive: true, force: true }));
    },
  };
}

/** The first link of the home page that matches, e.g. a story's or a topic's. */
async function firstLink(base: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${base}/`)).text();
  const found = html.match(pattern);
  if (!found) throw new Error(`No link matching ${pattern} on the home page`);
  return found[0];
}

interface NetworkItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
}

async function measure(port: number, page: string, url: string): Promise<PageResult> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (item) => (item.transferSize ?? 0) > 0,
  );
  const of = (type: string) => requests.filter((item) => item.resourceType === type);
  const sum = (items: NetworkItem[]) => items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
  const accessibility = lhr.categories.accessibility;
  return {
    page,
    path: new URL(url).pathname,
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: accessibility?.score ?? 0,
    failedAccessibility: (accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    jsBytes: sum(of('Script')),
    jsRequests: of('Script').length,
    fontBytes: sum(of('Font')),
    fontRequests: of('Font').length,
    totalBytes: sum(requests),
    lighthouseVersion: lhr.lighthouseVersion,
    files: [...of('Script'), ...of('Font')].map((item) => ({
      url: item.url ?? '',
      type: item.resourceType ?? '',
      bytes: item.transferSize ?? 0,
    })),
  };
}

function median(results: PageResult[]): PageResult {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const runs = Math.max(1, Number(options.runs) || 1);
const site = options.url ? { url: options.url.replace(/\/+$/, ''), stop: () => undefined } : await startSite();
const chromium = await startChromium();
try {
  const pages: [string, string][] = [
    ['home', paths.home()],
    ['story', await firstLink(site.url, /\/articles\/[a-z0-9-]+\//)],
    ['topic', await firstLink(site.url, /\/topics\/[a-z0-9-]+\//)],
    ['packages', paths.packages()],
    ['login', paths.login()],
  ];
  // One plain request each first: the server's caches warm, as they are for real readers.
  for (const [, pagePath] of pages) await fetch(`${site.url}${pagePath}`, { redirect: 'manual' });
  const loadBefore = os.loadavg();
  const results: PageResult[] = [];
  for (const [page, pagePath] of pages) {
    const attempts: PageResult[] = [];
    for (let run = 0; run < runs; run++) attempts.push(await measure(chromium.port, page, `${site.url}${pagePath}`));
    results.push(median(attempts));
  }
  const loadAfter = os.loadavg();

  console.log(`Lighthouse ${results[0]?.lighthouseVersion ?? ''} mobile, ${runs} run(s) per page (median by performance), ${site.url}`);
  console.log(
    `load average before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' ')}, ${os.cpus().length} cores`,
  );
  console.log('| page | path | performance | accessibility | LCP | TBT | JS (transferred) | fonts (transferred) | all bytes |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.page} | ${r.path} | ${r.performance.toFixed(2)} | ${r.accessibility.toFixed(2)} | ${(r.lcpMs / 1000).toFixed(1)} s | ${Math.round(r.tbtMs)} ms | ${kb(r.jsBytes)} KB in ${r.jsRequests} | ${kb(r.fontBytes)} KB in ${r.fontRequests} | ${kb(r.totalBytes)} KB |`,
    );
  }
  for (const r of results)
    if (r.failedAccessibility.length > 0) console.log(`${r.page}: accessibility audits failed: ${r.failedAccessibility.join(', ')}`);
  if (options.json) writeFileSync(options.json, JSON.stringify({ loadBefore, loadAfter, results }, null, 2));
} finally {
  chromium.stop();
  site.stop();
}
