// npm run bench:browser-profile -- [path] [--runs N]: where a phone's main thread spends the
// JavaScript time of a page load — the production build in Debian's Chromium, 412 px wide at 4×
// CPU throttling (Lighthouse's mobile setting), with V8's sampling profiler on. Prints self and
// inclusive time per function, in ms per load, named by the original source file and line when the
// build has source maps: `ATELIER_SOURCEMAP=1 npm run build` first (vite.config.ts; the maps are
// written beside the scripts, which are otherwise the same bytes). Without maps the names are the
// minified ones. "(program)" is the browser's own work (style, layout, parsing), not JavaScript.
// Compare loads in the same minutes: the figures move with the machine's load (decision 067).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { siteRoot, startSite } from './server.ts';

const { values: options, positionals } = parseArgs({ options: { runs: { type: 'string', default: '4' } }, allowPositionals: true });
const pagePath = positionals[0] ?? '/';
const runs = Math.max(1, Number(options.runs) || 4);
const assets = path.join(siteRoot, 'build/client/assets');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const maps = new Map<string, TraceMap | null>();
function mapOf(file: string): TraceMap | null {
  if (!maps.has(file)) {
    const map = path.join(assets, `${file}.map`);
    maps.set(file, existsSync(map) ? new TraceMap(readFileSync(map, 'utf8')) : null);
  }
  return maps.get(file)!;
}

/** "name source:line", from the source map when there is one. */
function nameOf({ functionName, url, lineNumber, columnNumber }: ProfileNode['callFrame']): string {
  const file = url.split('/').pop()!.split('?')[0]!;
  const map = file.endsWith('.js') && lineNumber >= 0 ? mapOf(file) : null;
  const original = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
  if (original?.source) {
    const source = original.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
    return `${original.name ?? (functionName || '(anonymous)')} ${source}:${original.line}`;
  }
  return `${functionName || '(anonymous)'} ${file || '(inline or native)'}:${lineNumber + 1}`;
}

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (totals: Map<string, number>, key: string, us: number) => totals.set(key, (totals.get(key) ?? 0) + us);

const site = await startSite(4414);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await fetch(`${site.url}${pagePath}`); // the page cache warms, as for real readers
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${site.url}${pagePath}`, { waitUntil: 'load' });
    await page.waitForTimeout(2500); // hydration and what it starts
    const { profile } = await cdp.send('Profiler.stop');
    const nodes = profile.nodes as ProfileNode[];
    const names = new Map(nodes.map((node) => [node.id, nameOf(node.callFrame)]));
    const parents = new Map<number, number>();
    for (const node of nodes) for (const child of node.children ?? []) parents.set(child, node.id);
    (profile.samples ?? []).forEach((sample, i) => {
      const us = profile.timeDeltas?.[i + 1] ?? 0;
      add(self, names.get(sample)!, us);
      const counted = new Set<string>(); // a recursive function counts once per sample
      for (let id: number | undefined = sample; id !== undefined; id = parents.get(id)) {
        const name = names.get(id)!;
        if (!counted.has(name)) add(inclusive, name, us);
        counted.add(name);
      }
    });
    await context.close();
  }
} finally {
  await browser.close();
  await site.stop();
}

const top = (totals: Map<string, number>, count: number) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${(us / 1000 / runs).toFixed(1).padStart(8)} ms  ${name}`)
    .join('\n');
console.log(
  `${pagePath}: ${runs} loads, 4× CPU throttling, ms per load${maps.size && [...maps.values()].some(Boolean) ? '' : ' (no source maps: ATELIER_SOURCEMAP=1 npm run build)'}`,
);
console.log(`\nself time\n${top(self, 30)}\n\ninclusive time\n${top(inclusive, Number(process.env.PROFILE_LINES ?? 50))}`);
