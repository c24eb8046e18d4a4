// npm run bench:graphql: the GraphQL API of the production build — public lookups by GET and
// POST, a searched page of job titles, the viewer of an anonymous caller (an AuthError), and a
// signed-in member's billing (the demo Standard member's account and upgrade preview) — against a
// bare Fastify route measured in the same run.
import { measure, report, startBaseline } from './measure.ts';
import { startSite } from './server.ts';
import { ACCOUNT_QUERY, memberCookie } from './session.ts';

const SITE_PORT = 4412;
const BARE_PORT = 4413;

const site = await startSite(SITE_PORT);
const bare = await startBaseline(BARE_PORT);
const csrf = { 'x-atelier-csrf': '1' };
const get = (query: string) => `${site.url}/graphql?query=${encodeURIComponent(query)}`;
const post = (query: string, variables?: Record<string, unknown>) => ({
  url: `${site.url}/graphql`,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', ...csrf },
  body: JSON.stringify({ query, variables }),
});

try {
  const member = { ...csrf, cookie: await memberCookie(site.url, 'standard@example.com') };
  const signedIn = (query: string, variables?: Record<string, unknown>) => ({
    ...post(query, variables),
    headers: { 'content-type': 'application/json', ...member },
  });
  const PREVIEW =
    '{ subscriptionUpgradePreview(planCode: "individuals_premium_yearly_v1") { __typename ... on SubscriptionUpgradePreviewSuccess { preview { dueToday proRata total } } } }';
  // A GraphQL refusal is a 200 too: check once that the member really gets their data.
  for (const [query, expected] of [
    [ACCOUNT_QUERY, '"lastFour":"4242"'],
    [PREVIEW, '"dueToday"'],
  ] as const) {
    const { url, ...init } = signedIn(query);
    const text = await (await fetch(url, init)).text();
    if (!text.includes(expected)) throw new Error(`signed-in bench query did not answer as a member: ${text.slice(0, 200)}`);
  }
  report([
    await measure({ name: 'bare Fastify route (baseline)', url: bare.url }),
    await measure({ name: 'GET { jobLevels { key title } }', url: get('{ jobLevels { key title } }'), headers: csrf }),
    await measure({ name: 'POST countries (249, all fields)', ...post('{ countries { key title isInEU nationality urlSlug aliases } }') }),
    await measure({
      name: 'POST jobTitles(search: "dir", first: 20)',
      ...post(
        'query($s: String) { jobTitles(search: $s, first: 20) { ... on JobTitleConnection { nodes { key title } pageInfo { hasNextPage endCursor } } } }',
        { s: 'dir' },
      ),
    }),
    await measure({ name: 'POST viewer, anonymous (AuthError)', ...post('{ viewer { __typename ... on AuthError { message } } }') }),
    await measure({ name: 'POST viewer.individualAccount, member', ...signedIn(ACCOUNT_QUERY) }),
    await measure({ name: 'POST subscriptionUpgradePreview, member', ...signedIn(PREVIEW) }),
  ]);
} finally {
  await site.stop();
  await bare.close();
}
