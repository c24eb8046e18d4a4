// npm run bench: anonymous readers on the home and story pages of the production build,
// against a bare Fastify route measured in the same run (the ratio is what to compare).
import { measure, report, startBaseline } from './measure.ts';
import { startSite } from './server.ts';

const SITE_PORT = 4410;
const BARE_PORT = 4411;

const site = await startSite(SITE_PORT);
const bare = await startBaseline(BARE_PORT);

try {
  const latest = (await (await fetch(`${site.url}/rss.xml`)).text()).match(/<link>[^<]*\/articles\/([^/<]+)\/<\/link>/);
  const storyPath = `/articles/${latest![1]}/`;
  // Warm caches and the image-free HTML path before measuring.
  for (const p of ['/', storyPath]) await fetch(`${site.url}${p}`);

  report([
    await measure({ name: 'bare Fastify route (baseline)', url: bare.url }),
    await measure({ name: 'home page, anonymous', url: `${site.url}/` }),
    await measure({ name: `story page, anonymous (${storyPath})`, url: `${site.url}${storyPath}` }),
  ]);
} finally {
  site.stop();
  await bare.close();
}
