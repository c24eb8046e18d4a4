// npm run bench:profile -- <scenario>: one reader kind against the production build with the V8 CPU
// profiler on, so the hot path of a bench row can be read (node --cpu-prof; the profile's last
// BENCH_SECONDS are the load). Scenarios: story-new, home, premium-member, graphql-member.
// Prints where the profile was written; read it in Chrome DevTools or with bench/profile-summary.ts.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from './autocannon.ts';
import { DEFAULT_WALL_RULES } from '../src/modules/walls/rules.ts';
import { paths } from '../src/shared/paths.ts';
import { newestDemoStories, newestFreeStory } from './demo-stories.ts';
import { startSite } from './server.ts';
import { ACCOUNT_QUERY, memberCookie } from './session.ts';

const scenario = process.argv[2] ?? 'story-new';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-profile-'));
const free = newestFreeStory;
const premiumOnly = newestDemoStories.find(
  (s) => s.access === 'premium' && DEFAULT_WALL_RULES.premiumOnlyTopics.includes(s.topicSlugs[0]!),
)!;

const site = await startSite(4412, {}, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
try {
  const options: autocannon.Options = (() => {
    const headers = { 'accept-encoding': 'br, gzip' };
    switch (scenario) {
      case 'story-new':
        return { url: `${site.url}${paths.story(free.slug)}`, headers };
      case 'home':
        return { url: `${site.url}/`, headers };
      case 'premium-member':
        return { url: `${site.url}${paths.story(premiumOnly.slug)}`, headers };
      case 'graphql-member':
        return { url: `${site.url}/graphql`, method: 'POST', body: JSON.stringify({ query: ACCOUNT_QUERY }), headers };
      default:
        throw new Error(`unknown scenario ${scenario}`);
    }
  })();
  if (scenario !== 'story-new' && scenario !== 'home') {
    const cookie = await memberCookie(site.url, scenario === 'premium-member' ? 'premium@example.com' : 'standard@example.com');
    options.headers = { ...options.headers, cookie, 'content-type': 'application/json', 'x-atelier-csrf': '1' };
  }
  const result = await autocannon({ ...options, connections: 50, duration: seconds });
  console.log(`${scenario}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);
} finally {
  await site.stop();
}
console.log(`profile written to ${dir}`);
