// Social sign-in against a real OpenID Connect provider (the `oidc-provider` package) started by
// the test: sign up, sign in again, account linking (1010016) for an email that exists, and the
// native-app variant that hands the session over by a session token exchange.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { CookieJar, failure, freePort, sdkClients } from '../../test/identity-client.ts';
import { ARGON2_TEST_PARAMS } from './credentials/password.ts';
import { startDevIssuer } from './oidc-dev-issuer.ts';
import { identityFlows } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let site: string;
let basePath: string;
let issuer: Awaited<ReturnType<typeof startDevIssuer>>;
const password = 'Velvet-Orchid-Tannery-1987';

beforeAll(async () => {
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  basePath = `${site}/identity`;
  issuer = await startDevIssuer(basePath);
  app = await createTestApp(
    { SITE_URL: site, IDENTITY_SECRET: 'test-secret-test-secret-test-secret-0123', OIDC_PROVIDERS: JSON.stringify([issuer.provider]) },
    { passwordParams: ARGON2_TEST_PARAMS },
  );
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await issuer.close();
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
  const csrf = String(
    (flow.ui.nodes.find((n) => (n.attributes as { name?: string }).name === 'csrf_token')!.attributes as { value: string }).value,
  );
  const redirect = await failure(
    client.browser.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'oidc', provider: 'example', csrf_token: csrf } }),
  );
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
    const csrf = String(
      (registration.ui.nodes.find((n) => (n.attributes as { name?: string }).name === 'csrf_token')!.attributes as { value: string }).value,
    );
    await owner.browser.updateRegistrationFlow({
      flow: registration.id,
      updateRegistrationFlowBody: { method: 'password', csrf_token: csrf, password, traits: { email } },
    });

    const { client, back } = await startSocialLogin(email);
    expect(back.status).toBe(303);
    const loginUrl = new URL(back.headers.get('location')!);
    expect(loginUrl.pathname).toBe('/user/login/');
    const linking = await client.browser.getLoginFlow({ id: loginUrl.searchParams.get('flow')! });
    expect(linking.ui.messages?.map((m) => m.id)).toContain(1010016);
    expect(linking.ui.messages?.[0]?.context).toMatchObject({ duplicateIdentifier: email, provider: 'Example ID' });
    const linkCsrf = String(
      (linking.ui.nodes.find((n) => (n.attributes as { name?: string }).name === 'csrf_token')!.attributes as { value: string }).value,
    );
    await client.browser.updateLoginFlow({
      flow: linking.id,
      updateLoginFlowBody: { method: 'password', identifier: email, password, csrf_token: linkCsrf },
    });

    // Linked: the provider alone now signs the owner in.
    const next = await startSocialLogin(email);
    expect(next.back.headers.get('location')).toBe(`${site}/user/welcome/`);
    expect((await next.client.browser.toSession({})).identity?.traits.email).toBe(email);
  });

  it('refuses a callback that matches no sign-in attempt', async () => {
    const response = await fetch(`${basePath}/self-service/methods/oidc/callback/example?code=x&state=forged`, {
      redirect: 'manual',
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(400);
  });
});

describe('native sign-in with a session token exchange (exchangeSessionToken)', () => {
  /** An app signs in with the provider: an API flow with an init code, a browser for the provider, and back to return_to with ?code=. */
  async function nativeSocialLogin(email: string, kind: 'login' | 'registration' = 'login') {
    const { native } = sdkClients(basePath);
    const returnTo = `${site}/app/signed-in`;
    const flow =
      kind === 'login'
        ? await native.createNativeLoginFlow({ returnSessionTokenExchangeCode: true, returnTo })
        : await native.createNativeRegistrationFlow({ returnSessionTokenExchangeCode: true, returnTo });
    const initCode = flow.session_token_exchange_code!;
    expect(initCode).toMatch(/^[\w-]{43}$/);
    const body = { method: 'oidc' as const, provider: 'example' };
    const redirect = await failure(
      kind === 'login'
        ? native.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: body })
        : native.updateRegistrationFlow({ flow: flow.id, updateRegistrationFlowBody: body }),
    );
    expect(redirect.status).toBe(422);
    expect(redirect.body).toMatchObject({ error: { id: 'browser_location_change_required' } });
    // The browser part: the provider, then our callback, which signs nobody in in that browser.
    const back = await new CookieJar().fetch(await signInAtProvider(String(redirect.body.redirect_browser_to), email), {
      headers: { accept: 'text/html' },
    });
    expect(back.status).toBe(303);
    expect(back.headers.getSetCookie().filter((c) => c.startsWith('ory_kratos_session='))).toEqual([]);
    const target = new URL(back.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe(returnTo);
    return { native, flowId: flow.id, initCode, returnToCode: target.searchParams.get('code')! };
  }

  it('trades the init code and the return_to code, once, for the session and its token', async () => {
    const email = `native${Date.now()}@example.com`;
    const { native, initCode, returnToCode } = await nativeSocialLogin(email, 'registration');
    const result = await native.exchangeSessionToken({ initCode, returnToCode });
    expect(result.session_token).toMatch(/^ory_st_/);
    expect(result.session.identity?.traits.email).toBe(email);
    expect(result.session.authentication_methods?.[0]?.method).toBe('oidc');
    expect((await native.toSession({ xSessionToken: result.session_token })).id).toBe(result.session.id);

    const reused = await failure(native.exchangeSessionToken({ initCode, returnToCode }));
    expect(reused.status).toBe(404);
    expect(reused.body).toMatchObject({ error: { code: 404, reason: 'no session yet for this "code"' } });
    // The same account signs in again through a login flow.
    const again = await nativeSocialLogin(email);
    expect(
      (await again.native.exchangeSessionToken({ initCode: again.initCode, returnToCode: again.returnToCode })).session.identity?.id,
    ).toBe(result.session.identity?.id);
  });

  it('refuses an unknown return_to code (404), another flow’s init code (403) and an expired flow (410)', async () => {
    const first = await nativeSocialLogin(`native-a${Date.now()}@example.com`);
    const second = await nativeSocialLogin(`native-b${Date.now()}@example.com`);
    const { native } = first;
    expect((await failure(native.exchangeSessionToken({ initCode: first.initCode, returnToCode: 'not-a-code' }))).status).toBe(404);
    const swapped = await failure(native.exchangeSessionToken({ initCode: first.initCode, returnToCode: second.returnToCode }));
    expect(swapped.status).toBe(403);
    expect(swapped.body).toMatchObject({ error: { code: 403 } });
    // The codes live as long as their flow; refused attempts did not use them up.
    await app.db
      .update(identityFlows)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(identityFlows.id, first.flowId));
    const expired = await failure(native.exchangeSessionToken({ initCode: first.initCode, returnToCode: first.returnToCode }));
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ error: { id: 'self_service_flow_expired' } });
    expect((await native.exchangeSessionToken({ initCode: second.initCode, returnToCode: second.returnToCode })).session.active).toBe(true);
    // Without both codes: 400.
    expect(
      (await fetch(`${basePath}/sessions/token-exchange?init_code=${first.initCode}`, { headers: { accept: 'application/json' } })).status,
    ).toBe(400);
  });

  it('hands the app a login flow to link an existing account first (422, 1010016)', async () => {
    const email = `native-linking${Date.now()}@example.com`;
    const { native } = sdkClients(basePath);
    const registration = await native.createNativeRegistrationFlow({});
    await native.updateRegistrationFlow({
      flow: registration.id,
      updateRegistrationFlowBody: { method: 'password', password, traits: { email } },
    });

    const { initCode, returnToCode } = await nativeSocialLogin(email);
    const linking = await failure(native.exchangeSessionToken({ initCode, returnToCode }));
    expect(linking.status).toBe(422);
    expect(linking.body).toMatchObject({ type: 'api', ui: { messages: [{ id: 1010016 }] } });
    const done = await native.updateLoginFlow({
      flow: String(linking.body.id),
      updateLoginFlowBody: { method: 'password', identifier: email, password },
    });
    expect(done.session_token).toMatch(/^ory_st_/);

    // Linked: the provider alone now signs the app in.
    const next = await nativeSocialLogin(email);
    expect(
      (await native.exchangeSessionToken({ initCode: next.initCode, returnToCode: next.returnToCode })).session.identity?.traits.email,
    ).toBe(email);
  });

  it('refuses social sign-in in an API flow that has no exchange code', async () => {
    const { native } = sdkClients(basePath);
    const flow = await native.createNativeLoginFlow({});
    expect(flow.session_token_exchange_code).toBeUndefined();
    const refused = await failure(native.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'oidc', provider: 'example' } }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ui: { messages: [{ type: 'error' }] } });
  });
});
