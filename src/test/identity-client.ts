// The official Ory SDK pointed at a running test server, with a cookie jar for browser flows.
import { createServer } from 'node:net';
import { Configuration, FrontendApi, ResponseError } from '@ory/client-fetch';
import { desc, eq } from 'drizzle-orm';
import { outbox } from '../modules/mail/schema.ts';
import type { Db } from '../db/database.ts';
import { ARGON2_TEST_PARAMS } from '../modules/identity/credentials/password.ts';
import { createTestApp } from './app.ts';

/** A free port on the loopback interface, so the config can name the site's URL before it listens. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export class CookieJar {
  readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** fetch that sends and keeps cookies, and never follows redirects (tests look at them). */
  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.header());
    const response = await fetch(input, { ...init, headers, redirect: 'manual' });
    this.store(response);
    return response;
  };
}

/** A browser-like client (cookies, JSON accept) and a native-app client (no cookies). */
export function sdkClients(basePath: string) {
  const jar = new CookieJar();
  const browser = new FrontendApi(
    new Configuration({ basePath, fetchApi: jar.fetch, credentials: 'include', headers: { Accept: 'application/json' } }),
  );
  const native = new FrontendApi(new Configuration({ basePath, headers: { Accept: 'application/json' } }));
  return { jar, browser, native };
}

/** Awaits a call expected to fail and returns the status and JSON body of the error response. */
export async function failure(call: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ResponseError)
      return { status: error.response.status, body: (await error.response.json()) as Record<string, unknown> };
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** The newest code emailed to an address (read from the mail outbox). */
export async function latestCode(db: Db, to: string): Promise<string> {
  const [row] = await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1);
  const code = (row?.data as { code?: string } | undefined)?.code;
  if (!code) throw new Error(`no code was emailed to ${to}`);
  return code;
}

/** The whole app listening on a free port (the Ory SDK needs real HTTP), with test password hashing. */
export async function startListeningApp() {
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const app = await createTestApp(
    { SITE_URL: site, IDENTITY_SECRET: 'test-secret-test-secret-test-secret-0123' },
    { passwordParams: ARGON2_TEST_PARAMS },
  );
  await app.listen({ port, host: '127.0.0.1' });
  return { app, site, basePath: `${site}/identity` };
}
