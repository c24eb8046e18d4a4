// tRPC over HTTP (§7 typed RPC-style client, §8): who is calling (from bof_session), methods,
// batching, input errors, cross-site mutations and unexpected errors, through inject(); then the
// browser's own client against a listening server.
import type { AddressInfo } from 'node:net';
import { TRPCClientError } from '@trpc/client';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_ERROR_MESSAGE } from '../../modules/session/resolve-user.ts';
import { createTestApp } from '../../test/app.ts';
import { signIn } from '../../test/graphql.ts';
import { personalDetailsMessages } from '../../shared/validation/personal-details.ts';
import { isAuthError } from '../../web/auth/auth-client.ts';
import { createTrpcClient } from '../../web/api/trpc-client.ts';
import { SOMETHING_WENT_WRONG } from '../graphql/errors.ts';
import { TRPC_MAX_BATCH_SIZE } from './limits.ts';
import { CROSS_SITE_MESSAGE } from './trpc.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
type SignedIn = Awaited<ReturnType<typeof signIn>>;
let app: App;
let reader: SignedIn;

beforeAll(async () => {
  app = await createTestApp();
  reader = await signIn(app, { first: 'Ada', last: 'Okafor' });
});
afterAll(async () => {
  await app.close();
});

interface TrpcError {
  message: string;
  code: number;
  data: {
    code: string;
    httpStatus: number;
    path?: string;
    type?: string;
    fieldErrors?: { path: string[]; code: string; message: string }[];
    requestId?: string;
    stack?: string;
  };
}
interface TrpcAnswer {
  result?: { data: unknown };
  error?: TrpcError;
}

/** One call as the browser client makes it: queries by GET (input in the URL), mutations by POST. */
async function call(
  path: string,
  {
    input,
    method = 'GET',
    cookie,
    headers = {},
  }: { input?: unknown; method?: 'GET' | 'POST'; cookie?: string; headers?: Record<string, string> } = {},
) {
  const common = { ...(cookie ? { cookie } : {}), ...headers };
  const response =
    method === 'GET'
      ? await app.inject({
          method,
          url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers: common,
        })
      : await app.inject({
          method,
          url: `/trpc/${path}`,
          headers: { 'content-type': 'application/json', ...common },
          payload: JSON.stringify(input ?? null),
        });
  return { status: response.statusCode, headers: response.headers, body: response.json<TrpcAnswer>() };
}

function withMainToken(cookie: string, token: string): string {
  return cookie.replace(/bof_session=[^;]+/, `bof_session=${token}`);
}

function mainTokenOf(cookie: string): string {
  return /bof_session=([^;]+)/.exec(cookie)![1]!;
}

describe('who is calling (bof_session)', () => {
  it('answers public procedures for anyone, and says who the caller is', async () => {
    const anonymous = await call('session.me');
    expect(anonymous).toMatchObject({ status: 200, body: { result: { data: null } } });
    expect((await call('lookups.countries')).body.result?.data).toHaveLength(249);

    const signedIn = await call('session.me', { cookie: reader.cookie });
    expect(signedIn.body.result?.data).toMatchObject({ userId: reader.userId, email: reader.email, isUserDataComplete: false });
  });

  it('refuses protected procedures to anonymous callers with UNAUTHORIZED, recognisable as an AuthError', async () => {
    for (const [path, method, input] of [
      ['account.userData', 'GET', undefined],
      ['account.updatePersonalDetails', 'POST', { firstName: 'Ada', lastName: 'Okafor' }],
    ] as const) {
      const { status, body } = await call(path, { method, input });
      expect(status).toBe(401);
      expect(body.error).toMatchObject({
        message: AUTH_ERROR_MESSAGE,
        data: { code: 'UNAUTHORIZED', httpStatus: 401, path, type: 'AuthError' },
      });
      expect(isAuthError(body)).toBe(true);
    }
  });

  it('answers a signed-in caller', async () => {
    const { status, body } = await call('account.userData', { cookie: reader.cookie });
    expect(status).toBe(200);
    expect(body.result?.data).toMatchObject({ userId: reader.userId, firstName: 'Ada', lastName: 'Okafor' });
  });

  it('treats a tampered token as anonymous', async () => {
    const main = mainTokenOf(reader.cookie);
    const [header, , signature] = main.split('.');
    const raised = Buffer.from(JSON.stringify({ ...decodeJwt(main), membership_level: 'AllAccess' })).toString('base64url');
    const tampered = withMainToken(reader.cookie, `${header}.${raised}.${signature}`);
    expect((await call('account.userData', { cookie: tampered })).body.error?.data.code).toBe('UNAUTHORIZED');
    expect((await call('session.me', { cookie: tampered })).body.result?.data).toBeNull();
  });

  it('treats an expired or missing token as anonymous', async () => {
    const expiresAt = decodeJwt(mainTokenOf(reader.cookie)).exp! * 1000;
    vi.useFakeTimers({ toFake: ['Date'], now: expiresAt + 1000 });
    try {
      expect((await call('account.userData', { cookie: reader.cookie })).body.error?.data.code).toBe('UNAUTHORIZED');
    } finally {
      vi.useRealTimers();
    }
    const withoutToken = reader.cookie.replace(/;?\s*bof_session=[^;]+/, '');
    expect((await call('account.userData', { cookie: withoutToken })).body.error?.data.code).toBe('UNAUTHORIZED');
  });
});

describe('HTTP', () => {
  it('answers calls made together in one batched request, also past 100 characters of names', async () => {
    const paths = ['session.me', ...Array.from({ length: 6 }, () => 'lookups.countries')];
    expect(paths.join(',').length).toBeGreaterThan(100);
    const response = await app.inject({
      method: 'GET',
      url: `/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent('{}')}`,
      headers: { cookie: reader.cookie },
    });
    expect(response.statusCode).toBe(200);
    const answers = response.json<TrpcAnswer[]>();
    expect(answers).toHaveLength(paths.length);
    expect(answers[0]!.result?.data).toMatchObject({ userId: reader.userId });
    expect(answers[1]!.result?.data).toHaveLength(249);
  });

  it('refuses a batch larger than the client ever sends', async () => {
    const paths = Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'session.me').join(',');
    const response = await app.inject({ method: 'GET', url: `/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}` });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a mutation over GET', async () => {
    const { status, body } = await call('account.updatePersonalDetails', {
      method: 'GET',
      input: { firstName: 'Eve', lastName: 'Okafor' },
      cookie: reader.cookie,
    });
    expect(status).toBe(405);
    expect(body.error?.data.code).toBe('METHOD_NOT_SUPPORTED');
  });

  it('keeps answers out of shared caches', async () => {
    expect((await call('lookups.countries')).headers['cache-control']).toBe('private, no-store');
  });
});

describe('account.updatePersonalDetails', () => {
  it('saves valid details', async () => {
    const person = await signIn(app, { first: 'Grace', last: 'Hopper' });
    const saved = await call('account.updatePersonalDetails', {
      method: 'POST',
      input: { firstName: 'Grace ', lastName: 'Hopper', country: 'GB' },
      cookie: person.cookie,
    });
    expect(saved).toMatchObject({ status: 200, body: { result: { data: { firstName: 'Grace', country: 'GB' } } } });
    expect((await call('account.userData', { cookie: person.cookie })).body.result?.data).toMatchObject({
      firstName: 'Grace',
      country: 'GB',
    });
  });

  it('refuses invalid input with BAD_REQUEST and the field errors by path', async () => {
    const { status, body } = await call('account.updatePersonalDetails', {
      method: 'POST',
      input: { firstName: '  ', lastName: 'x'.repeat(101) },
      cookie: reader.cookie,
    });
    expect(status).toBe(400);
    expect(body.error?.message).toBe('Please check the highlighted fields.');
    expect(body.error?.data).toMatchObject({ code: 'BAD_REQUEST' });
    expect(body.error?.data.fieldErrors).toEqual([
      { path: ['firstName'], code: 'too_small', message: personalDetailsMessages.firstName },
      { path: ['lastName'], code: 'too_big', message: personalDetailsMessages.nameTooLong },
    ]);
  });

  it('refuses a lookup key that does not exist, from the service, in the same shape', async () => {
    const { status, body } = await call('account.updatePersonalDetails', {
      method: 'POST',
      input: { firstName: 'Ada', lastName: 'Okafor', country: 'XX' },
      cookie: reader.cookie,
    });
    expect(status).toBe(400);
    expect(body.error?.data.fieldErrors).toEqual([expect.objectContaining({ path: ['country'] })]);
  });

  it('refuses a mutation another site sent', async () => {
    const input = { firstName: 'Eve', lastName: 'Okafor' };
    const fromElsewhere = await call('account.updatePersonalDetails', {
      method: 'POST',
      input,
      cookie: reader.cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(fromElsewhere.status).toBe(403);
    expect(fromElsewhere.body.error).toMatchObject({ message: CROSS_SITE_MESSAGE, data: { code: 'FORBIDDEN' } });
    const noOriginButCrossSite = await call('account.updatePersonalDetails', {
      method: 'POST',
      input,
      cookie: reader.cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(noOriginButCrossSite.status).toBe(403);
    expect((await call('account.userData', { cookie: reader.cookie })).body.result?.data).toMatchObject({ firstName: 'Ada' });

    const fromOurPages = await call('account.updatePersonalDetails', {
      method: 'POST',
      input: { firstName: 'Ada', lastName: 'Okafor' },
      cookie: reader.cookie,
      headers: { origin: 'https://atelier.test' },
    });
    expect(fromOurPages.status).toBe(200);
  });
});

describe('unexpected errors (§8)', () => {
  it("show 'Something went wrong!' with the request id, never the message or a stack", async () => {
    vi.spyOn(app.services.lookups, 'countries').mockImplementation(() => {
      throw new Error('connection to the database lost at 10.0.0.7');
    });
    const { status, body, headers } = await call('lookups.countries');
    expect(status).toBe(500);
    expect(body.error).toMatchObject({
      message: SOMETHING_WENT_WRONG,
      data: { code: 'INTERNAL_SERVER_ERROR', requestId: headers['x-request-id'] },
    });
    expect(JSON.stringify(body)).not.toContain('10.0.0.7');
    expect(body.error?.data.stack).toBeUndefined();
  });
});

describe('the browser client against a listening server', () => {
  let baseUrl: string;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  /** A client whose requests carry `cookie`, as the browser's would. */
  function clientWith(cookie: string | null) {
    return createTrpcClient({
      url: `${baseUrl}/trpc`,
      auth: { ensureFresh: async () => undefined },
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), ...(cookie ? { cookie } : {}) } }),
    });
  }

  it('batches queries, runs mutations and reports errors as TRPCClientError', async () => {
    const person = await signIn(app, { first: 'Lin', last: 'Ito' });
    const client = clientWith(person.cookie);
    const [me, countries] = await Promise.all([client.session.me.query(), client.lookups.countries.query()]);
    expect(me).toMatchObject({ userId: person.userId });
    expect(countries).toHaveLength(249);
    await expect(client.account.updatePersonalDetails.mutate({ firstName: 'Lin', lastName: 'Ito', jobLevel: '' })).resolves.toMatchObject({
      firstName: 'Lin',
      jobLevel: null,
    });

    const invalid = await client.account.updatePersonalDetails.mutate({ firstName: '', lastName: 'Ito' }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(TRPCClientError);
    expect((invalid as TRPCClientError<never>).data).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: [{ path: ['firstName'] }] });

    const anonymous = await clientWith(null)
      .account.userData.query()
      .catch((error: unknown) => error);
    expect(anonymous).toBeInstanceOf(TRPCClientError);
    expect(isAuthError(anonymous)).toBe(true);
  });
});
