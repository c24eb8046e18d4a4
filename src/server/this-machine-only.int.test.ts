// Safe defaults (issue 13, decision 017): with the default settings the dev mailbox, the dev
// analytics view and the demo accounts' sign-in answer this machine only, judged on the socket
// address; a client on the network (or behind a proxy) gets a clear refusal and nothing else. And
// nothing on a fresh install points at a third party.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoAccounts } from '../demo/accounts.ts';
import { ARGON2_TEST_PARAMS } from '../modules/identity/credentials/password.ts';
import { ANALYTICS_DEV_PATH } from '../modules/analytics/dev-routes.ts';
import { CONSENT_SCRIPT } from '../modules/consent/consent-routes.ts';
import { createTestApp } from '../test/app.ts';
import { latestCode } from '../test/identity-client.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;

const NETWORK = '203.0.113.7';
const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

beforeAll(async () => {
  app = await createTestApp({ APP_ENV: 'dev' }, { passwordParams: ARGON2_TEST_PARAMS });
  await seedDemoAccounts(app.db, app.services);
});
afterAll(async () => {
  await app.close();
});

/** A password sign-in over the identity API from the given socket address. */
async function signInFrom(remoteAddress: string, identifier: string, password: string) {
  const flow = (await app.inject({ method: 'GET', url: '/identity/self-service/login/api', headers: JSON_HEADERS, remoteAddress })).json<{
    id: string;
  }>();
  return app.inject({
    method: 'POST',
    url: `/identity/self-service/login?flow=${flow.id}`,
    headers: JSON_HEADERS,
    payload: { method: 'password', identifier, password },
    remoteAddress,
  });
}

describe('the development tools', () => {
  it.each(['/_dev/mail/', `${ANALYTICS_DEV_PATH}?limit=5`, '/_dev/mail/latest.json?to=admin@example.com'])(
    '%s answers this machine and refuses a network client',
    async (url) => {
      for (const remoteAddress of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
        expect((await app.inject({ url, remoteAddress })).statusCode, remoteAddress).not.toBe(403);
      }
      for (const remoteAddress of [NETWORK, '10.0.0.5', '::ffff:192.168.1.20', 'fe80::1']) {
        const refused = await app.inject({ url, remoteAddress });
        expect(refused.statusCode, remoteAddress).toBe(403);
        expect(refused.json()).toEqual({
          error: { message: 'The development tools answer only this machine (loopback): open them on the computer the server runs on.' },
        });
      }
    },
  );

  it('counts a request that came through a proxy as remote, whatever address it claims', async () => {
    for (const headers of [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }]) {
      expect((await app.inject({ url: '/_dev/mail/', headers })).statusCode).toBe(403);
    }
    // A forwarded header never makes a network client local.
    expect((await app.inject({ url: '/_dev/mail/', headers: { 'x-forwarded-for': '127.0.0.1' }, remoteAddress: NETWORK })).statusCode).toBe(
      403,
    );
  });
});

describe('the demo accounts', () => {
  it('sign in from this machine', async () => {
    const response = await signInFrom('127.0.0.1', 'admin@example.com', DEMO_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ session_token?: string }>().session_token).toBeTruthy();
  });

  it('are refused from the network with a Kratos-shaped message, even with the right password', async () => {
    const response = await signInFrom(NETWORK, 'admin@example.com', DEMO_PASSWORD);
    expect(response.statusCode).toBe(400);
    const flow = response.json<{ session_token?: string; ui: { messages: { id: number; type: string; text: string }[] } }>();
    expect(flow.session_token).toBeUndefined();
    expect(flow.ui.messages).toContainEqual({
      id: 4000001,
      type: 'error',
      text: 'This demo account signs in only on the computer the server runs on: its password is public.',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('are not recovered from the network either, even with the emailed code', async () => {
    const flow = (
      await app.inject({ method: 'GET', url: '/identity/self-service/recovery/api', headers: JSON_HEADERS, remoteAddress: NETWORK })
    ).json<{ id: string }>();
    const submit = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/identity/self-service/recovery?flow=${flow.id}`,
        headers: JSON_HEADERS,
        payload,
        remoteAddress: NETWORK,
      });
    expect((await submit({ method: 'code', email: 'standard@example.com' })).statusCode).toBe(200);
    const code = await latestCode(app.db, 'standard@example.com');
    const response = await submit({ method: 'code', code });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ ui: { messages: { text: string }[] } }>().ui.messages.map((message) => message.text)).toContain(
      'This demo account signs in only on the computer the server runs on: its password is public.',
    );
    expect(response.body).not.toContain('session_token');
  });

  it('leave every other account alone', async () => {
    const email = `reader-${Date.now()}@example.org`;
    const flow = (
      await app.inject({ method: 'GET', url: '/identity/self-service/registration/api', headers: JSON_HEADERS, remoteAddress: NETWORK })
    ).json<{ id: string }>();
    const registered = await app.inject({
      method: 'POST',
      url: `/identity/self-service/registration?flow=${flow.id}`,
      headers: JSON_HEADERS,
      payload: {
        method: 'password',
        password: 'a long and unusual passphrase 42',
        traits: { email, name: { first: 'Net', last: 'Reader' } },
      },
      remoteAddress: NETWORK,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const response = await signInFrom(NETWORK, email, 'a long and unusual passphrase 42');
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('a fresh install', () => {
  const THIRD_PARTY = /facebook|fbevents|licdn|linkedin|googletagmanager|GTM-/i;

  it('renders pages and serves the consent code that name no third-party tag host', async () => {
    const page = await app.inject({ url: '/', remoteAddress: NETWORK });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(THIRD_PARTY);
    expect(String(page.headers['content-security-policy'])).not.toMatch(THIRD_PARTY);
    const consent = await app.inject({ url: `/static/${CONSENT_SCRIPT}`, remoteAddress: NETWORK });
    expect(consent.statusCode).toBe(200);
    expect(consent.body).not.toMatch(THIRD_PARTY);
  });
});
