// Social sign-in against a real OpenID Connect provider (the `oidc-provider` package) started by
// the test: sign up, sign in again, and account linking (1010016) for an email that exists.
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { CookieJar, failure, freePort, sdkClients } from '../../test/identity-client.ts';
import { ARGON2_TEST_PARAMS } from './credentials/password.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let site: string;
let basePath: string;
let issuerServer: Server;
const password = 'Velvet-Orchid-Tannery-1987';

beforeAll(async () => {
  const [port, issuerPort] = [await freePort(), await freePort()];
  site = `http://127.0.0.1:${port}`;
  basePath = `${site}/identity`;
  const issuer = `http://127.0.0.1:${issuerPort}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'atelier', client_secret: 'atelier-client-secret', redirect_uris: [`${basePath}/self-service/methods/oidc/callback/example`], grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The login typed on the provider's page is the account: its email address.
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: `sub-${id}`, email: id, email_verified: true, given_name: 'Oda', family_name: 'Nnamdi' }) }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  issuerServer = provider.listen(issuerPort, '127.0.0.1') as unknown as Server;
  app = await createTestApp(
    { SITE_URL: site, IDENTITY_SECRET: 'test-secret-test-secret-test-secret-0123', OIDC_PROVIDERS: JSON.stringify([{ id: 'example', label: 'Example ID', issuer, clientId: 'atelier', clientSecret: 'atelier-client-secret' }]) },
    { passwordParams: ARGON2_TEST_PARAMS },
  );
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => issuerServer.close(resolve));
});

/** Signs in at the provider as `email` and returns our callback URL it redirects to. */
async function signInAtProvider(authorizationUrl: string, email: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(basePath)) return url;
    const response = await jar.fetch(url);
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).toString();
      continue;
    }
    const page = await response.text();
    const action = new URL(/action="([^"]+)"/.exec(page)![1]!, url).toString();
    const prompt = /name="prompt" value="([a-z]+)"/.exec(page)![1]!;
    const body = prompt === 'login' ? new URLSearchParams({ prompt, login: email, password: 'anything' }) : new URLSearchParams({ prompt });
    const submitted = await jar.fetch(action, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    url = new URL(submitted.headers.get('location')!, action).toString();
  }
  throw new Error('the provider did not redirect back');
}

async function startSocialLogin(email: string) {
  const client = sdkClients(basePath);
  const flow = await client.browser.createBrowserLoginFlow({ returnTo: `${site}/user/welcome/` });
  const providerButton = flow.ui.nodes.find((n) => n.group === 'oidc');
  expect(providerButton?.meta.label?.id).toBe(1010002);
  const csrf = String((flow.ui.nodes.find((n) => (n.attributes as { name?: string }).name === 'csrf_token')!.attributes as { value: string }).value);
  const redirect = await failure(client.browser.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'oidc', provider: 'example', csrf_token: csrf } }));
  expect(redirect.status).toBe(422);
  expect(redirect.body).toMatchObject({ error: { id: 'browser_location_change_required' } });
  const callback = await signInAtProvider(String(redirect.body.redirect_browser_to), email);
  const back = await client.jar.fetch(callback, { headers: { accept: 'text/html' } });
  return { client, back };
}

describe('social sign-in (OIDC)', () => {
  it('signs up a new reader with a verified email, then signs them in again', async () => {
    const email = `social${Date.now()}@example.com`;
    const { client, back } = await startSocialLogin(email);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${site}/user/welcome/`);
    const session = await client.browser.toSession({});
    expect(session.identity?.traits).toEqual({ email, name: { first: 'Oda', last: 'Nnamdi' } });
    expect(session.identity?.verifiable_addresses?.[0]?.verified).toBe(true);
    expect(session.authentication_methods?.[0]?.method).toBe('oidc');

    const again = await startSocialLogin(email);
    expect(again.back.headers.get('location')).toBe(`${site}/user/welcome/`);
    expect((await again.client.browser.toSession({})).identity?.id).toBe(session.identity?.id);
  });

  it('asks the owner of an existing account to sign in first, then links the provider (1010016)', async () => {
    const email = `linking${Date.now()}@example.com`;
    const owner = sdkClients(basePath);
    const registration = await owner.browser.createBrowserRegistrationFlow({});
    const csrf = String((registration.ui.nodes.find((n) => (n.attributes as { name?: string }).name === 'csrf_token')!.attributes as { value: string }).value);
    await owner.browser.updateRegistrationFlow({ flow: registration.id, updateRegistrationFlowBody: { method: 'password', csrf_token: csrf, password, traits: { email } } });

    const { client, back } = await startSocialLogin(email);
    expect(back.status).toBe(303);
    const loginUrl = new URL(back.headers.get('location')!);
    expect(loginUrl.pathname).toBe('/user/login/');
    const linking = await client.browser.getLoginFlow({ id: loginUrl.searchParams.get('flow')! });
    expect(linking.ui.messages?.map((m) => m.id)).toContain(1010016);
    expect(linking.ui.messages?.[0]?.context).toMatchObject({ duplicateIdentifier: email, provider: 'Example ID' });
    const linkCsrf = String((linking.ui.nodes.find((n) => (n.attributes as { name?: string }).name === 'csrf_token')!.attributes as { value: string }).value);
    await client.browser.updateLoginFlow({ flow: linking.id, updateLoginFlowBody: { method: 'password', identifier: email, password, csrf_token: linkCsrf } });

    // Linked: the provider alone now signs the owner in.
    const next = await startSocialLogin(email);
    expect(next.back.headers.get('location')).toBe(`${site}/user/welcome/`);
    expect((await next.client.browser.toSession({})).identity?.traits.email).toBe(email);
  });

  it('refuses a callback that matches no sign-in attempt', async () => {
    const response = await fetch(`${basePath}/self-service/methods/oidc/callback/example?code=x&state=forged`, { redirect: 'manual', headers: { accept: 'application/json' } });
    expect(response.status).toBe(400);
  });
});
