// The GraphQL transport (§7, §8): methods, CSRF, limits, introspection, the error model and the
// committed schema, over HTTP on a fresh copy of the seeded database.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { graphql, signIn } from '../../test/graphql.ts';
import { QUERY_LIMITS } from './builder.ts';
import { SOMETHING_WENT_WRONG } from './errors.ts';
import { printedSchema } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('GraphQL over HTTP', () => {
  it('answers queries over GET and POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await graphql(app, '{ __typename }', { method });
      expect(response).toMatchObject({ status: 200, data: { __typename: 'Query' } });
    }
  });

  it('sends a small answer whole and uncompressed, and compresses a large one with its length known', async () => {
    const ask = (query: string) =>
      app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', 'x-atelier-csrf': '1', 'accept-encoding': 'br, gzip' },
        payload: JSON.stringify({ query }),
      });
    const small = await ask('{ __typename }');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe(String(small.rawPayload.length));
    expect(small.json()).toEqual({ data: { __typename: 'Query' } });
    const large = await ask(`{ ${Array.from({ length: 200 }, (_, i) => `a${i}: __typename`).join(' ')} }`);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
  });

  it('refuses mutations over GET', async () => {
    const response = await graphql(app, 'mutation { requestEmailChange(newEmail: "a@example.com") { __typename } }', { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.data).toBeUndefined();
  });

  it('refuses a request a page on another site could send without a preflight (CSRF)', async () => {
    const get = await app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent('{ __typename }')}` });
    expect(get.statusCode).toBe(403);
    const form = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'query=%7B__typename%7D',
    });
    // Refused before GraphQL reads it: 415 from the HTTP layer (403 if it ever got that far).
    expect([403, 415]).toContain(form.statusCode);
  });

  it('does not let other sites read responses with the reader’s cookies (CORS)', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/graphql',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).not.toBe('https://evil.example');
    const own = await app.inject({
      method: 'OPTIONS',
      url: '/graphql',
      headers: { origin: 'https://atelier.test', 'access-control-request-method': 'POST' },
    });
    expect(own.headers['access-control-allow-origin']).toBe('https://atelier.test');
  });

  it('limits depth, cost and aliases', async () => {
    expect((await graphql(app, '{ viewer { ... on Viewer { userData { userId } } } }')).errors).toBeUndefined();
    let nested = 'name';
    for (let i = 0; i < QUERY_LIMITS.depth + 2; i++) nested = `ofType { ${nested} }`;
    const tooDeep = await graphql(app, `{ __schema { types { ${nested} } } }`);
    expect(tooDeep.errors?.[0]?.message).toMatch(/depth/i);
    const aliases = Array.from({ length: QUERY_LIMITS.aliases + 1 }, (_, i) => `a${i}: jobLevels { key }`).join(' ');
    const tooMany = await graphql(app, `{ ${aliases} }`);
    expect(tooMany.errors?.[0]?.message).toMatch(/alias/i);
    const wide = Array.from({ length: 40 }, (_, i) => `c${i}: countries { key title aliases }`).join(' ');
    const tooCostly = await graphql(app, `{ ${wide} }`);
    expect(tooCostly.errors?.length).toBeGreaterThan(0);
    expect(tooCostly.data).toBeUndefined();
  });

  it('hides an unexpected failure behind “Something went wrong!” with the request id, never a stack', async () => {
    const broken = await createTestApp();
    try {
      const ada = await signIn(broken);
      await broken.db.execute(sql`drop table user_data cascade`);
      const response = await graphql(broken, '{ viewer { ... on Viewer { userData { userId } } } }', {
        cookie: ada.cookie,
        headers: { 'x-request-id': 'req-graphql-broken-1' },
      });
      expect(response.errors).toEqual([
        expect.objectContaining({
          message: SOMETHING_WENT_WRONG,
          extensions: expect.objectContaining({ requestId: 'req-graphql-broken-1' }),
        }),
      ]);
      expect(JSON.stringify(response)).not.toMatch(/user_data|stack|at \w+ \(/);
    } finally {
      await broken.close();
    }
  });
});

describe('introspection', () => {
  it('is on outside production', async () => {
    expect((await graphql(app, '{ __schema { queryType { name } } }')).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('is off in production', async () => {
    const prod = await createTestApp({ APP_ENV: 'prod', IDENTITY_SECRET: 'graphql-int-secret-graphql-int-secret-01' });
    try {
      const response = await graphql(prod, '{ __schema { queryType { name } } }');
      expect(response.data).toBeUndefined();
      expect(response.errors?.[0]?.message).toMatch(/introspection/i);
    } finally {
      await prod.close();
    }
  });
});

describe('schema.graphql', () => {
  it('is the schema the server runs (run `npm run schema:print` after changing it)', async () => {
    const committed = await readFile(path.resolve(import.meta.dirname, '../../../schema.graphql'), 'utf8');
    expect(committed).toBe(printedSchema());
  });
});
