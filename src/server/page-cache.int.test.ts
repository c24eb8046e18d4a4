// The anonymous page cache against personal pages (issue 13): the cache and the session reader
// read cookies with one parser, so `bof_session =…` (a space before `=`) counts as signed in for
// both; and a page rendered for a reader is never stored, whatever the request's headers say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { signIn } from '../test/graphql.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('the anonymous page cache', () => {
  it('does not store a page rendered for a reader whose cookies have a space before =', async () => {
    const reader = await signIn(app);
    const spaced = reader.cookie.replace(/=/, ' =').replace(/; (bof_session|blaize_jwt)=/g, '; $1 =');
    expect(spaced).toMatch(/^ory_kratos_session =.*; bof_session =.*; blaize_jwt =/);
    const url = '/?from=page-cache-test';

    const personal = await app.inject({ url, headers: { cookie: spaced } });
    expect(personal.statusCode).toBe(200);
    expect(personal.body).toContain(reader.email);
    expect(personal.headers['x-page-cache']).toBeUndefined();

    const anonymous = await app.inject({ url });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).not.toContain(reader.email);
    expect(anonymous.body).toContain('>Sign in</a>');
    expect(anonymous.headers['x-page-cache']).toBe('miss');
    expect((await app.inject({ url })).headers['x-page-cache']).toBe('hit');
  });
});
