// The lookup queries over HTTP (GraphQL, GET and POST), anonymous, on the whole test app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql } from '../../test/graphql.ts';
import { JOB_TITLES_MAX_PAGE, jobTitlesMessages, type JobTitle } from './lookups-service.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const METHODS = ['GET', 'POST'] as const;

// Each whole-list query, its selection, and what the service holds.
const LISTS = [
  ['countries', 'key title isInEU nationality urlSlug aliases', () => app.services.lookups.countries()],
  ['companySizes', 'key title', () => app.services.lookups.companySizes()],
  ['companyTypes', 'key title', () => app.services.lookups.companyTypes()],
  ['companyOwnership', 'key title', () => app.services.lookups.companyOwnership()],
  ['jobFunctions', 'key title', () => app.services.lookups.jobFunctions()],
  ['jobIndustries', 'key title', () => app.services.lookups.jobIndustries()],
  ['jobLevels', 'key title', () => app.services.lookups.jobLevels()],
  ['personCategories', 'key title', () => app.services.lookups.personCategories()],
  ['emailPatterns', 'key title type', () => app.services.lookups.emailPatterns()],
] as const;

describe.each(METHODS)('lookup lists by %s', (method) => {
  it.each(LISTS)('%s: the whole list, without signing in', async (field, selection, expected) => {
    const response = await graphql(app, `{ ${field} { ${selection} } }`, { method });
    expect(response.status).toBe(200);
    expect(response.errors).toBeUndefined();
    expect(response.data![field]).toEqual(expected());
  });
});

describe('countries', () => {
  it('returns the full ISO list, with exactly the 27 EU members flagged', async () => {
    const response = await graphql<{ countries: { key: string; isInEU: boolean }[] }>(app, '{ countries { key isInEU } }');
    const countries = response.data!.countries;
    expect(countries).toHaveLength(249);
    expect(
      countries
        .filter((country) => country.isInEU)
        .map((country) => country.key)
        .sort(),
    ).toEqual([
      'AT',
      'BE',
      'BG',
      'CY',
      'CZ',
      'DE',
      'DK',
      'EE',
      'ES',
      'FI',
      'FR',
      'GR',
      'HR',
      'HU',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SE',
      'SI',
      'SK',
    ]);
  });
});

const JOB_TITLES = /* GraphQL */ `
  query JobTitles($search: String, $first: Int, $after: String) {
    jobTitles(search: $search, first: $first, after: $after) {
      __typename
      ... on JobTitleConnection {
        nodes {
          key
          title
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          code
          message
        }
      }
    }
  }
`;

interface JobTitlesData {
  jobTitles:
    | { __typename: 'JobTitleConnection'; nodes: JobTitle[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }
    | { __typename: 'ZodError'; message: string; fieldErrors: { path: string[]; code: string; message: string }[] };
}

async function jobTitles(variables: Record<string, unknown>, method: 'GET' | 'POST' = 'POST') {
  const response = await graphql<JobTitlesData>(app, JOB_TITLES, { variables, method });
  expect(response.status).toBe(200);
  expect(response.errors).toBeUndefined();
  return response.data!.jobTitles;
}

async function page(variables: Record<string, unknown>, method: 'GET' | 'POST' = 'POST') {
  const result = await jobTitles(variables, method);
  if (result.__typename !== 'JobTitleConnection') throw new Error(`expected a page, got ${JSON.stringify(result)}`);
  return result;
}

describe.each(METHODS)('jobTitles by %s', (method) => {
  it('pages through every title with cursors', async () => {
    const seen: JobTitle[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const result = await page({ first: 40, after }, method);
      seen.push(...result.nodes);
      after = result.pageInfo.hasNextPage ? result.pageInfo.endCursor : null;
      pages++;
    } while (after);
    const all = (await page({ first: JOB_TITLES_MAX_PAGE }, method)).nodes;
    expect(seen.slice(0, JOB_TITLES_MAX_PAGE)).toEqual(all);
    expect(seen.length).toBeGreaterThanOrEqual(150);
    expect(pages).toBe(Math.ceil(seen.length / 40));
    expect(new Set(seen.map((title) => title.key)).size).toBe(seen.length);
  });

  it('searches by the start of any word, and pages the results', async () => {
    const first = await page({ search: 'director', first: 3 }, method);
    expect(first.nodes).toHaveLength(3);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await page({ search: 'director', first: 3, after: first.pageInfo.endCursor }, method);
    const both = (await page({ search: 'director', first: 6 }, method)).nodes;
    expect([...first.nodes, ...second.nodes]).toEqual(both);
    expect(both.every((title) => /\bDirector\b/.test(title.title))).toBe(true);
    expect((await page({ search: 'creative dir' }, method)).nodes).toEqual([{ key: 'CREATIVE_DIRECTOR', title: 'Creative Director' }]);
  });
});

describe('jobTitles arguments', () => {
  it('gives 20 titles when first is not given', async () => {
    expect((await page({})).nodes).toHaveLength(20);
  });

  it.each([0, -1, 101, 5000])('answers first: %i with a ZodError', async (first) => {
    expect(await jobTitles({ first })).toEqual({
      __typename: 'ZodError',
      message: 'Please check the highlighted fields.',
      fieldErrors: [{ path: ['first'], code: first < 1 ? 'too_small' : 'too_big', message: jobTitlesMessages.first }],
    });
  });

  it('answers a cursor it did not make with a ZodError', async () => {
    const result = await jobTitles({ after: 'not-a-cursor' }, 'GET');
    expect(result).toMatchObject({ __typename: 'ZodError', fieldErrors: [{ path: ['after'], message: jobTitlesMessages.after }] });
  });
});
