// npm run bench: every kind of reader on the production build, against a bare Fastify route in a
// process of its own measured in the same run, as one table with issue 15's goals.
// PGlite by default; DATABASE_URL=postgres://… (an empty database: it is migrated and seeded) for
// PostgreSQL. BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (1), BENCH_WORKERS,
// BENCH_ROUNDS (1: each row once; more: the median of that many, rows taken in turn).
import { DEFAULT_WALL_RULES } from '../src/modules/walls/rules.ts';
import { paths } from '../src/shared/paths.ts';
import { measureCollector } from './collector-row.ts';
import { newestDemoStories } from './demo-stories.ts';
import { chart, chosen, measure, report, startBaseline, type Measured, type Scenario } from './measure.ts';
import { startSite, WORKERS } from './server.ts';
import { ACCOUNT_QUERY, memberCookie } from './session.ts';

/**
 * BENCH_ROUNDS (1): each row measured this many times, the rows taken in turn round after round,
 * and each row's median reported. This machine's speed moves by a third from minute to minute;
 * in rounds, a slow minute falls on every row alike, and one slow run no longer decides a row.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));

const SITE_PORT = 4410;
const BARE_PORT = 4411;

/** Issue 15's goals, as shares of the bare route (and p99 ceilings). */
const GOALS = {
  page: { share: 0.25 },
  anonymousStory: { share: 0.25, p99: 20 },
  premiumStory: { share: 0.1, p99: 30 },
  graphqlMember: { share: 0.03 },
};

if (WORKERS !== undefined && !process.env.DATABASE_URL)
  console.warn('BENCH_WORKERS is for PostgreSQL (DATABASE_URL): on PGlite the site stays one process.');

// The stories, from the demo catalogue every fresh database is seeded with: the newest free story
// (metered for anonymous readers), three more free ones to fill a meter, and the newest story only
// Premium-level memberships include (a registered reader meets the pay wall, a Standard member the
// upgrade wall, a Premium member reads it all).
const rules = DEFAULT_WALL_RULES;
const stories = newestDemoStories;
const free = stories.filter((s) => s.access === 'free');
const story = free[0]!;
const fillers = free.slice(1, 1 + rules.meter.freeStories);
const premiumOnly = stories.find((s) => s.access === 'premium' && rules.premiumOnlyTopics.includes(s.topicSlugs[0]!));
if (!premiumOnly || fillers.length < rules.meter.freeStories) throw new Error('the demo catalogue lacks the stories this bench reads');

const site = await startSite(SITE_PORT);
const bare = await startBaseline(BARE_PORT);

/** One request as the scenario will make it; returns the page and the meter cookie it set, if any. */
async function page(pathname: string, cookie?: string) {
  const response = await fetch(`${site.url}${pathname}`, { headers: { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) } });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
  const meter = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('atelier_meter='));
  const wall = html.match(/class="wall wall--(\w+)"/)?.[1] ?? null;
  return { html, meter, wall };
}

/** Checks once that a scenario's reader gets what that reader should, so the row measures the right thing. */
function expectWall(what: string, got: string | null, expected: string | null) {
  if (got !== expected)
    throw new Error(`${what}: expected ${expected ? `the ${expected} wall` : 'the whole story'}, got ${got ?? 'the whole story'}`);
}

const results: Measured[] = [];
const notes: string[] = [];
try {
  const storyPath = paths.story(story.slug);
  const premiumPath = paths.story(premiumOnly.slug);
  const topicPath = paths.topic(story.topicSlugs[0]!);

  // Anonymous readers: a new visitor, a returning one (the cookie the first visit set) and one
  // who has read the free stories of this period (the next story is walled).
  const first = await page(storyPath);
  expectWall('story, new visitor', first.wall, null);
  if (!first.meter) throw new Error('a new visitor’s story set no meter cookie');
  const returning = first.meter;
  expectWall('story, returning visitor', (await page(storyPath, returning)).wall, null);
  let atLimit: string | undefined;
  for (const filler of fillers) {
    const read = await page(paths.story(filler.slug), atLimit);
    expectWall(`filling the meter with ${filler.slug}`, read.wall, null);
    atLimit = read.meter ?? atLimit;
  }
  expectWall('story at the meter limit', (await page(storyPath, atLimit)).wall, 'registration');

  // Signed-in readers, signed in through the identity API; their cookies as a browser keeps them.
  const registered = await memberCookie(site.url, 'registered@example.com');
  const standard = await memberCookie(site.url, 'standard@example.com');
  const premium = await memberCookie(site.url, 'premium@example.com');
  expectWall('Premium-only story, registered reader', (await page(premiumPath, registered)).wall, 'pay');
  expectWall('Premium-only story, Standard member', (await page(premiumPath, standard)).wall, 'upgrade');
  expectWall('Premium-only story, Premium member', (await page(premiumPath, premium)).wall, null);

  const csrf = { 'x-atelier-csrf': '1' };
  const graphql = {
    url: `${site.url}/graphql`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', ...csrf, cookie: standard },
    body: JSON.stringify({ query: ACCOUNT_QUERY }),
  };
  const answer = await (await fetch(graphql.url, graphql)).text();
  if (!answer.includes('"lastFour":"4242"'))
    throw new Error(`the member's GraphQL query did not answer as a member: ${answer.slice(0, 200)}`);

  for (const p of ['/', topicPath]) await page(p);
  // What a cache hit sends once the page is hot (page-cache.ts recompresses a page read often).
  const sentBytes = async (pathname: string, cookie?: string) => {
    for (let i = 0; i < 25; i++) await page(pathname, cookie);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const response = await fetch(`${site.url}${pathname}`, { headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
    await response.arrayBuffer();
    return Number(response.headers.get('content-length'));
  };
  const homeBytes = await sentBytes('/');
  const storyBytes = await sentBytes(storyPath, returning);

  const scenarios: Scenario[] = [
    { name: 'bare Fastify route, own process', url: bare.url },
    { name: `bare route sending the home page's bytes (${homeBytes} B)`, url: `${bare.url}bytes/${homeBytes}` },
    { name: `bare route sending the story's bytes (${storyBytes} B)`, url: `${bare.url}bytes/${storyBytes}` },
    { name: 'home page, anonymous', url: `${site.url}/`, goal: GOALS.page },
    { name: `topic page, anonymous (${topicPath})`, url: `${site.url}${topicPath}`, goal: GOALS.page },
    { name: 'story, new visitor (no cookie)', url: `${site.url}${storyPath}`, goal: GOALS.anonymousStory },
    {
      name: 'story, returning visitor (meter cookie)',
      url: `${site.url}${storyPath}`,
      headers: { cookie: returning },
      goal: GOALS.anonymousStory,
    },
    {
      name: 'story, at the meter limit (registration wall)',
      url: `${site.url}${storyPath}`,
      headers: { cookie: atLimit! },
      goal: GOALS.anonymousStory,
    },
    {
      name: 'Premium-only story, registered (pay wall)',
      url: `${site.url}${premiumPath}`,
      headers: { cookie: registered },
    },
    {
      name: 'Premium-only story, Standard member (upgrade wall)',
      url: `${site.url}${premiumPath}`,
      headers: { cookie: standard },
    },
    {
      name: 'Premium-only story, Premium member',
      url: `${site.url}${premiumPath}`,
      headers: { cookie: premium },
      goal: GOALS.premiumStory,
    },
    // Issue 15 sets this goal on PostgreSQL only; on PGlite the row is measured for comparison.
    { name: 'GraphQL viewer.individualAccount, member', ...graphql, goal: process.env.DATABASE_URL ? GOALS.graphqlMember : undefined },
  ];
  results.push(...(await measureInRounds(scenarios.filter((scenario) => chosen(scenario.name)))));
  notes.push(`story: ${storyPath}; Premium-only story: ${premiumPath}; topic: ${topicPath}`);
  // The same rows against a bare route that sends as many bytes: what is left is the site's own cost.
  const row = (start: string) => results.find((r) => r.name.startsWith(start));
  const ofBytes = (label: string, start: string, baseline: Measured) => {
    const measured = row(start);
    return measured ? [`${label} ${((100 * measured.rps) / baseline.rps).toFixed(0)} %`] : [];
  };
  const [homeBare, storyBare] = [row("bare route sending the home page's"), row("bare route sending the story's")];
  const shares = [
    ...ofBytes('home', 'home page', homeBare!),
    ...ofBytes('story new visitor', 'story, new visitor', storyBare!),
    ...ofBytes('returning', 'story, returning', storyBare!),
  ];
  if (shares.length > 0) notes.push(`against a bare route sending the same bytes: ${shares.join(', ')}`);
} finally {
  await site.stop();
  await bare.close();
}

/** Every scenario once per round, in order; per row the run with the median rate (its latencies with it). */
async function measureInRounds(scenarios: Scenario[]): Promise<Measured[]> {
  const runs: Measured[][] = scenarios.map(() => []);
  for (let round = 0; round < ROUNDS; round++) for (const [i, scenario] of scenarios.entries()) runs[i]!.push(await measure(scenario));
  return runs.map((rowRuns) => [...rowRuns].sort((a, b) => a.rps - b.rps)[Math.floor((rowRuns.length - 1) / 2)]!);
}

// The collector runs in processes of its own, after the site has stopped (bench/collector.ts).
// With BENCH_ROWS set, the collector runs only when named.
const collector = chosen('collector') ? await measureCollector() : null;
if (collector && 'rps' in collector) results.push(collector);
else if (collector) notes.push(`collector: ${collector.missing}`);
const processes = !process.env.DATABASE_URL
  ? 'one site process (PGlite)'
  : WORKERS !== undefined
    ? `BENCH_WORKERS=${WORKERS} (WEB_CONCURRENCY)`
    : "BENCH_WORKERS unset (the site's default: one worker per core where the build has workers)";
report(results, { extra: [processes, ...(ROUNDS > 1 ? [`each row the median of ${ROUNDS} rounds (rows in turn)`] : [])], notes });
chart(results);
