// npm run lighthouse: Lighthouse (mobile preset, the default) on the reading pages and the sign-in
// page of the production build, as a reader's phone would load them (issue 15). Prints performance,
// accessibility, LCP, TBT and the JavaScript and font bytes each page transferred, with the load
// average (the figures move with it). Starts the build on a fresh embedded database unless
// --url names a running site.
//
//   npm run lighthouse                          # builds if needed, starts, measures, stops
//   npm run lighthouse -- --url http://127.0.0.1:3000 --runs 3 --json lighthouse.json
//   npm run lighthouse -- --against ../base --runs 3 --reports /tmp/lh   # old and new, interleaved
//   npm run lighthouse -- --pages home,story                              # some of the pages
//
// --site-dir measures another checkout's build (a `git worktree` of an older commit with node_modules
// linked) instead of this one. --against starts that other build beside this one and measures both,
// page by page and run by run in turn, so a shared machine's load falls on both alike; it prints a
// table for each. --reports writes each run's whole Lighthouse report (<site>-<page>-<run>.json: the
// LCP element and its phases, render-blocking requests, the critical chains) to a directory.
//
// Chromium: CHROMIUM_PATH, else /usr/bin/chromium (Debian's `apt-get install chromium`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    'site-dir': { type: 'string' },
    against: { type: 'string' },
    reports: { type: 'string' },
    pages: { type: 'string' },
  },
});
const siteRoot = path.resolve(options['site-dir'] ?? root);

interface PageResult {
  page: string;
  fcpMs: number;
  path: string;
  performance: number;
  accessibility: number;
  /** Accessibility audits that failed, by id (decision 005 expects only meta-viewport). */
  failedAccessibility: string[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
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
async function startSite(siteRoot: string): Promise<{ url: string; stop: () => void }> {
  if (!existsSync(path.join(siteRoot, 'dist/server/main.js')) || !existsSync(path.join(siteRoot, 'build/server/index.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: siteRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-lighthouse-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: siteRoot,
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

async function measure(port: number, page: string, url: string, report?: string): Promise<PageResult> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (report) writeFileSync(report, JSON.stringify(lhr));
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
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? 0,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
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
interface Site {
  label: string;
  url: string;
  stop: () => void;
}
const sites: Site[] = [];
if (options.reports) mkdirSync(options.reports, { recursive: true });
const chromium = await startChromium();
try {
  if (options.url) sites.push({ label: options.url, url: options.url.replace(/\/+$/, ''), stop: () => undefined });
  else sites.push({ label: path.relative(process.cwd(), siteRoot) || '.', ...(await startSite(siteRoot)) });
  if (options.against) {
    const againstRoot = path.resolve(options.against);
    sites.push({ label: path.relative(process.cwd(), againstRoot), ...(await startSite(againstRoot)) });
  }
  const primary = sites[0]!;
  const allPages: [string, () => string | Promise<string>][] = [
    ['home', () => paths.home()],
    ['story', () => firstLink(primary.url, /\/articles\/[a-z0-9-]+\//)],
    ['topic', () => firstLink(primary.url, /\/topics\/[a-z0-9-]+\//)],
    ['packages', () => paths.packages()],
    ['login', () => paths.login()],
  ];
  const chosen = options.pages?.split(',').map((name) => name.trim());
  const unknown = chosen?.filter((name) => !allPages.some(([page]) => page === name)) ?? [];
  if (unknown.length > 0) throw new Error(`--pages: no page named ${unknown.join(', ')} (${allPages.map(([page]) => page).join(', ')})`);
  const pages: [string, string][] = [];
  for (const [page, pathOf] of allPages) if (!chosen || chosen.includes(page)) pages.push([page, await pathOf()]);
  // One plain request each first, and one for each image the page names in a src: the server's
  // page cache and the resizer's image cache warm, as they are for real readers.
  for (const site of sites)
    for (const [, pagePath] of pages) {
      const html = await (await fetch(`${site.url}${pagePath}`, { redirect: 'manual' })).text();
      for (const [, src] of html.matchAll(/\bsrc="(\/img\/[^"]+)"/g)) await fetch(`${site.url}${src}`).then((r) => r.arrayBuffer());
    }
  const loadBefore = os.loadavg();
  const results = new Map<Site, PageResult[]>(sites.map((site) => [site, []]));
  for (const [page, pagePath] of pages) {
    const attempts = new Map<Site, PageResult[]>(sites.map((site) => [site, []]));
    for (let run = 0; run < runs; run++) {
      // In turn, the first site first on even runs and last on odd ones.
      for (const [index, site] of (run % 2 === 0 ? sites : [...sites].reverse()).entries()) {
        const name = sites.length > 1 ? `${sites.indexOf(site) === 0 ? 'this' : 'against'}-${page}` : page;
        const report = options.reports ? path.join(options.reports, `${name}-${run + 1}.json`) : undefined;
        // On a loaded machine Chromium sometimes records no navigation (NO_NAVSTART): try that run again.
        for (let tries = 1; ; tries++) {
          try {
            attempts.get(site)!.push(await measure(chromium.port, page, `${site.url}${pagePath}`, report));
            break;
          } catch (error) {
            if (tries >= 3) throw error;
            console.warn(`${page}, run ${run + 1} (${index}): ${(error as Error).message}; trying again`);
          }
        }
      }
    }
    for (const site of sites) results.get(site)!.push(median(attempts.get(site)!));
  }
  const loadAfter = os.loadavg();

  const first = results.get(primary)![0];
  console.log(`Lighthouse ${first?.lighthouseVersion ?? ''} mobile, ${runs} run(s) per page (median by performance)`);
  console.log(
    `load average before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' ')}, ${os.cpus().length} cores`,
  );
  for (const site of sites) {
    console.log(`\n${site.label} (${site.url})`);
    console.log(
      '| page | path | performance | accessibility | FCP | LCP | TBT | CLS | JS (transferred) | fonts (transferred) | all bytes |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results.get(site)!) {
      console.log(
        `| ${r.page} | ${r.path} | ${r.performance.toFixed(2)} | ${r.accessibility.toFixed(2)} | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${kb(r.jsBytes)} KB in ${r.jsRequests} | ${kb(r.fontBytes)} KB in ${r.fontRequests} | ${kb(r.totalBytes)} KB |`,
      );
    }
    for (const r of results.get(site)!)
      if (r.failedAccessibility.length > 0) console.log(`${r.page}: accessibility audits failed: ${r.failedAccessibility.join(', ')}`);
  }
  if (options.json)
    writeFileSync(
      options.json,
      JSON.stringify({ loadBefore, loadAfter, sites: sites.map((site) => ({ site: site.label, results: results.get(site) })) }, null, 2),
    );
} finally {
  chromium.stop();
  for (const site of sites) site.stop();
}
