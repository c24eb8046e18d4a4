// A light page (issue 15, decisions 033 and 057), checked on the production build: the JavaScript a
// reading page loads (the entry, the root and the page's route module, with everything they import)
// holds no validation library, no identity client and no analytics tracker. Those load with the form
// or the consent that needs them. A shared component that imports zod (say, a constant from a file
// that also defines a schema) would put it on every page without this test noticing otherwise.
// And a story page's JavaScript stays within issue 15's budget, counted as it is sent: the brotli
// copies the build writes (decision 033).
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_BUILD_DIR } from '../server/app.ts';

interface RouteManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
}

// Route ids as routes.ts names them (a topic page's id is `topic`).
const READING_ROUTES = [
  'routes/home',
  'routes/story',
  'topic',
  'routes/author',
  'routes/profiles/person',
  'routes/profiles/organisation',
  'routes/profiles/people',
];

/** What only a form, a sign-in or consent may bring: a marker that survives minification, per library. */
const HEAVY = {
  zod: /ZodError|\$ZodType/,
  'the identity client (@ory/client-fetch)': /self-service\/login\/browser/,
  'the analytics tracker (@snowplow/browser-tracker)': /snowplow/i,
};

async function manifest(): Promise<RouteManifest> {
  const assets = path.join(CLIENT_BUILD_DIR, 'assets');
  const file = (await readdir(assets)).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}: run npm run build`);
  const text = await readFile(path.join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as RouteManifest;
}

/** The files a page's modules load, following their static imports (`from"./x.js"`), and their text. */
async function loadedBy(modules: string[]): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const queue = [...modules];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    const text = await readFile(path.join(CLIENT_BUILD_DIR, url), 'utf8');
    seen.set(url, text);
    for (const [, relative] of text.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g))
      queue.push(path.posix.join(path.posix.dirname(url), relative!));
  }
  return seen;
}

/** Issue 15: at most 100 KB (100,000 bytes) of JavaScript, compressed, on a story page. */
const STORY_PAGE_BUDGET = 100_000;

/** The files a page loads before anyone acts: the entry, the root and the route, with their imports. */
async function pageScripts(routeId: string): Promise<Map<string, string>> {
  const { entry, routes } = await manifest();
  const route = routes[routeId];
  expect(route, `${routeId} in the manifest`).toBeDefined();
  const root = routes.root!;
  return loadedBy([entry.module, ...entry.imports, root.module, ...(root.imports ?? []), route!.module, ...(route!.imports ?? [])]);
}

/** Bytes as sent: the `.br` copy beside a file, or the file itself when the build left it uncompressed (under 1 KB). */
async function sentBytes(url: string, text: string): Promise<number> {
  const compressed = await stat(path.join(CLIENT_BUILD_DIR, `${url}.br`)).catch(() => null);
  return compressed ? compressed.size : Buffer.byteLength(text);
}

describe('a reading page’s JavaScript', () => {
  it('on a story page is at most 100 KB compressed', async () => {
    const files = await pageScripts('routes/story');
    const sizes = await Promise.all([...files].map(async ([url, text]) => [url, await sentBytes(url, text)] as const));
    const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
    const largest = sizes.toSorted((a, b) => b[1] - a[1]).map(([url, bytes]) => `${url} ${bytes}`);
    expect(total, `brotli bytes; the largest files: ${largest.slice(0, 4).join(', ')}`).toBeLessThanOrEqual(STORY_PAGE_BUDGET);
  });

  it.each(READING_ROUTES)('%s loads no validation library, identity client or tracker', async (routeId) => {
    const files = await pageScripts(routeId);
    const found = Object.entries(HEAVY).flatMap(([library, marker]) =>
      [...files].filter(([, text]) => marker.test(text)).map(([url]) => `${library} in ${url}`),
    );
    expect(found).toEqual([]);
  });
});

// A browser's first Intl formatter costs tens of milliseconds on a phone, so a reading page writes
// its dates without one (shared/dates.ts) and makes any other on first use, not as its modules load. In the build, a module-level one is
// a top-level `var x=new Intl.…` (rolldown declares top-level bindings with var; a formatter made
// on first use sits inside a function or behind `??=`).
describe('a reading page’s modules, as they load', () => {
  it.each(READING_ROUTES)('%s builds no Intl formatter while its modules load', async (routeId) => {
    const files = await pageScripts(routeId);
    const eager = [...files].filter(([, text]) => /(?:^|[;}])var [\w$]+=new Intl\./m.test(text)).map(([url]) => url);
    expect(eager).toEqual([]);
  });
});

// Each stylesheet in <head> holds up the first paint, and on a phone's connection each costs a round
// trip: the pages a reader lands on most need the root's stylesheet only (the home page's directory
// and event cards are styled in app.css, not in profiles.css and events.css).
describe('a reading page’s stylesheets', () => {
  it.each(['routes/home', 'routes/story', 'topic', 'routes/author'])('%s needs none but the root’s', async (routeId) => {
    const { routes } = await manifest();
    expect(routes.root?.css).toHaveLength(1);
    expect(routes[routeId]?.css ?? []).toEqual([]);
  });
});
