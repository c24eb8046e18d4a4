// npm run bench:graphql: the GraphQL API of the production build — public lookups by GET and
// POST, a searched page of job titles, and the viewer of an anonymous caller (an AuthError) —
// against a bare Fastify route measured in the same run.
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

try {
  report([
    await measure({ name: 'bare Fastify route (baseline)', url: bare.url }),
    await measure({ name: 'GET { jobLevels { key title } }', url: get('{ jobLevels { key title } }'), headers: csrf }),
    await measure({ name: 'POST countries (249, all fields)', ...post('{ countries { key title isInEU nationality urlSlug aliases } }') }),
    await measure({ name: 'POST jobTitles(search: "dir", first: 20)', ...post('query($s: String) { jobTitles(search: $s, first: 20) { ... on JobTitleConnection { nodes { key title } pageInfo { hasNextPage endCursor } } } }', { s: 'dir' }) }),
    await measure({ name: 'POST viewer, anonymous (AuthError)', ...post('{ viewer { __typename ... on AuthError { message } } }') }),
  ]);
} finally {
  site.stop();
  await bare.close();
}
