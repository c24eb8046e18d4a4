// npm run bench:graphql: the GraphQL API of the production build — public lookups by GET and
// POST, a searched page of job titles, the viewer of an anonymous caller (an AuthError), and a
// signed-in member's billing (the demo Standard member's account and upgrade preview) — against a
// bare Fastify route measured in the same run.
import { measure, report, startBaseline } from './measure.ts';
import { startSite } from './server.ts';

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

/** The product cookies of a demo member signed in through the identity API (password, API flow). */
async function memberCookie(email: string): Promise<string> {
  const flow = (await (await fetch(`${site.url}/identity/self-service/login/api`)).json()) as { id: string };
  const login = await fetch(`${site.url}/identity/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'password', identifier: email, password: 'atelier-demo' }),
  });
  const { session_token: token } = (await login.json()) as { session_token: string };
  const identityCookie = `ory_kratos_session=${token}`;
  const auth = await fetch(`${site.url}/api/auth`, {
    method: 'POST',
    headers: { cookie: identityCookie, 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ castleRequestToken: '', currentUrl: `${site.url}/` }),
  });
  if (!auth.ok) throw new Error(`/api/auth answered ${auth.status}: ${await auth.text()}`);
  const tokens = auth.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  return [identityCookie, ...tokens].join('; ');
}

try {
  const member = { ...csrf, cookie: await memberCookie('standard@example.com') };
  const signedIn = (query: string, variables?: Record<string, unknown>) => ({
    ...post(query, variables),
    headers: { 'content-type': 'application/json', ...member },
  });
  const ACCOUNT =
    '{ viewer { ... on Viewer { individualAccount { accountId subscriptions { planCode state currentPeriodEndsAt } billingInfo { creditCardInfo { lastFour } } } } } }';
  const PREVIEW =
    '{ subscriptionUpgradePreview(planCode: "individuals_premium_yearly_v1") { __typename ... on SubscriptionUpgradePreviewSuccess { preview { dueToday proRata total } } } }';
  // A GraphQL refusal is a 200 too: check once that the member really gets their data.
  for (const [query, expected] of [
    [ACCOUNT, '"lastFour":"4242"'],
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
    await measure({ name: 'POST viewer.individualAccount, member', ...signedIn(ACCOUNT) }),
    await measure({ name: 'POST subscriptionUpgradePreview, member', ...signedIn(PREVIEW) }),
  ]);
} finally {
  site.stop();
  await bare.close();
}
