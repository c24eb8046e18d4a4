// Conformance: every flow driven through the official Ory SDK (@ory/client-fetch) against the
// running server — browser flows (cookies, CSRF, JSON) and API flows (session tokens), with the
// failure paths Kratos's own suites check.
import { type FrontendApi, type LoginFlow, type SettingsFlow, type UiNodeInputAttributes } from '@ory/client-fetch';
import { eq, sql } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from './credentials/totp.ts';
import { identityFlows } from './schema.ts';
import { type createTestApp } from '../../test/app.ts';
import { failure, latestCode, sdkClients, startListeningApp } from '../../test/identity-client.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let site: string;
let basePath: string;
const password = 'Velvet-Orchid-Tannery-1987';
let counter = 0;
const newEmail = () => `reader${Date.now()}${counter++}@example.com`;

beforeAll(async () => {
  ({ app, site, basePath } = await startListeningApp());
});
afterAll(async () => {
  await app.close();
});

const csrfOf = (flow: { ui: { nodes: Array<{ attributes: unknown }> } }) =>
  String((flow.ui.nodes.map((n) => n.attributes as UiNodeInputAttributes).find((a) => a.name === 'csrf_token') ?? { value: '' }).value);
const messageIds = (flow: { ui: { messages?: Array<{ id: number }>; nodes: Array<{ messages: Array<{ id: number }> }> } }) => [
  ...(flow.ui.messages ?? []).map((m) => m.id),
  ...flow.ui.nodes.flatMap((n) => n.messages.map((m) => m.id)),
];

async function registerWithPassword(browser: FrontendApi, email: string) {
  const flow = await browser.createBrowserRegistrationFlow({});
  return browser.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: {
      method: 'password',
      csrf_token: csrfOf(flow),
      password,
      traits: { email, name: { first: 'Ada', last: 'Okafor' } },
    },
  });
}

async function nativeLogin(native: FrontendApi, email: string) {
  const flow = await native.createNativeLoginFlow({});
  return native.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: email, password } });
}

describe('registration', () => {
  it('registers with a password in a browser flow, sets the session cookie and asks to verify the email', async () => {
    const { browser, jar } = sdkClients(basePath);
    const email = newEmail();
    const flow = await browser.createBrowserRegistrationFlow({ returnTo: `${site}/user/welcome/` });
    expect(flow.type).toBe('browser');
    expect(flow.ui.action).toBe(`${basePath}/self-service/registration?flow=${flow.id}`);
    expect(flow.ui.nodes.map((n) => (n.attributes as UiNodeInputAttributes).name)).toEqual([
      'csrf_token',
      'traits.email',
      'traits.name.first',
      'traits.name.last',
      'password',
      'method',
      'method',
      'passkey_create_data',
      'passkey_register',
      'passkey_register_trigger',
      undefined,
    ]);
    expect(flow.ui.nodes.at(-1)).toMatchObject({
      type: 'script',
      group: 'passkey',
      attributes: { node_type: 'script', src: `${basePath}/.well-known/ory/webauthn.js` },
    });
    const result = await browser.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: {
        method: 'password',
        csrf_token: csrfOf(flow),
        password,
        traits: { email, name: { first: 'Ada', last: 'Okafor' } },
      },
    });
    expect(result.identity.traits).toEqual({ email, name: { first: 'Ada', last: 'Okafor' } });
    expect(result.identity.verifiable_addresses?.[0]).toMatchObject({ value: email, verified: false, via: 'email' });
    expect((result.identity.metadata_public as { user_id: string }).user_id).toMatch(/^\d+$/);
    expect(result.session?.active).toBe(true);
    expect(jar.cookies.has('ory_kratos_session')).toBe(true);
    const verification = result.continue_with?.find((c) => c.action === 'show_verification_ui') as
      { flow: { id: string; url: string } } | undefined;
    expect(verification?.flow.url).toBe(`${site}/user/confirm-email?flow=${verification?.flow.id}`);

    // Verify with the emailed code.
    const code = await latestCode(app.db, email);
    const verified = await browser.updateVerificationFlow({
      flow: verification!.flow.id,
      updateVerificationFlowBody: {
        method: 'code',
        code,
        csrf_token: jar.cookies.get([...jar.cookies.keys()].find((k) => k.startsWith('csrf_token_'))!)!,
      },
    });
    expect(verified.state).toBe('passed_challenge');
    expect(messageIds(verified)).toContain(1080002);
    const session = await browser.toSession({});
    expect(session.identity?.verifiable_addresses?.[0]?.verified).toBe(true);
  });

  it('refuses an existing account with message 4000028, a weak password with 4000034, a bad email with 4000040', async () => {
    const { browser } = sdkClients(basePath);
    const email = newEmail();
    await registerWithPassword(browser, email);
    const again = sdkClients(basePath).browser;
    const flow = await again.createBrowserRegistrationFlow({});
    const duplicate = await failure(
      again.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'password', csrf_token: csrfOf(flow), password, traits: { email } },
      }),
    );
    expect(duplicate.status).toBe(400);
    expect(messageIds(duplicate.body as never)).toContain(4000028);
    const weak = await failure(
      again.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'password', csrf_token: csrfOf(flow), password: 'password1', traits: { email: newEmail() } },
      }),
    );
    expect(messageIds(weak.body as never)).toContain(4000034);
    const badEmail = await failure(
      again.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'password', csrf_token: csrfOf(flow), password, traits: { email: 'not-an-email' } },
      }),
    );
    expect(messageIds(badEmail.body as never)).toContain(4000040);
  });

  it('registers with an emailed code (API flow): 400 with the flow when sent, then a session token', async () => {
    const { native } = sdkClients(basePath);
    const email = newEmail();
    const flow = await native.createNativeRegistrationFlow({});
    const sent = await failure(
      native.updateRegistrationFlow({ flow: flow.id, updateRegistrationFlowBody: { method: 'code', traits: { email } } }),
    );
    expect(sent.status).toBe(400);
    expect(sent.body.state).toBe('sent_email');
    expect(messageIds(sent.body as never)).toContain(1040005);
    const wrong = await failure(
      native.updateRegistrationFlow({ flow: flow.id, updateRegistrationFlowBody: { method: 'code', code: '000000', traits: { email } } }),
    );
    expect(messageIds(wrong.body as never)).toContain(4040003);
    const code = await latestCode(app.db, email);
    const done = await native.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: { method: 'code', code, traits: { email } },
    });
    expect(done.session_token).toMatch(/^ory_st_/);
    expect(done.identity.verifiable_addresses?.[0]?.verified).toBe(true);
  });
});

describe('login', () => {
  it('signs in with a password (API flow); a wrong password gives 4000006', async () => {
    const { browser, native } = sdkClients(basePath);
    const email = newEmail();
    await registerWithPassword(browser, email);
    const flow = await native.createNativeLoginFlow({});
    const wrong = await failure(
      native.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'password', identifier: email, password: 'not the password' },
      }),
    );
    expect(wrong.status).toBe(400);
    expect(messageIds(wrong.body as never)).toEqual([4000006]);
    // Behind Cloudflare, its visitor location headers name the device's place.
    const geo = async ({ init }: { init: RequestInit }) => ({
      headers: { ...(init.headers as Record<string, string>), 'cf-ipcity': 'Milan', 'cf-ipcountry': 'IT' },
    });
    const ok = await native.updateLoginFlow(
      { flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: ` ${email.toUpperCase()} `, password } },
      geo,
    );
    expect(ok.session_token).toMatch(/^ory_st_/);
    expect(ok.session.authentication_methods?.[0]?.method).toBe('password');
    expect(ok.session.devices?.[0]).toMatchObject({ location: 'Milan, IT', ip_address: '127.0.0.1' });
    const whoami = await native.toSession({ xSessionToken: ok.session_token });
    expect(whoami.identity?.traits.email).toBe(email);
    // tokenize_as: the session as a JWT signed with the published keys.
    const tokenized = await native.toSession({ xSessionToken: ok.session_token, tokenizeAs: 'default' });
    const { payload } = await jwtVerify(
      tokenized.tokenized!,
      createLocalJWKSet((await (await fetch(`${site}/.well-known/jwks.json`)).json()) as JSONWebKeySet),
      { issuer: site },
    );
    expect(payload).toMatchObject({ sub: whoami.identity?.id, sid: whoami.id, email });
    expect((await failure(native.toSession({ xSessionToken: ok.session_token, tokenizeAs: 'nope' }))).status).toBe(400);
  });

  it('signs in with an emailed code (browser flow); an unknown address gives 4000035', async () => {
    const { browser } = sdkClients(basePath);
    const email = newEmail();
    await registerWithPassword(browser, email);
    const client = sdkClients(basePath);
    const flow = await client.browser.createBrowserLoginFlow({});
    const unknown = await failure(
      client.browser.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'code', identifier: 'nobody@example.com', csrf_token: csrfOf(flow) },
      }),
    );
    expect(messageIds(unknown.body as never)).toContain(4000035);
    const sent = await failure(
      client.browser.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'code', identifier: email, csrf_token: csrfOf(flow) },
      }),
    );
    expect(sent.status).toBe(400);
    expect(sent.body.state).toBe('sent_email');
    expect(messageIds(sent.body as never)).toContain(1010014);
    const code = await latestCode(app.db, email);
    const ok = await client.browser.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'code', identifier: email, code, csrf_token: csrfOf(flow) },
    });
    expect(ok.session.active).toBe(true);
    expect(client.jar.cookies.has('ory_kratos_session')).toBe(true);
    // A used code cannot be used again.
    const replay = await failure(client.browser.createBrowserLoginFlow({}));
    expect(replay.body).toMatchObject({ error: { id: 'session_already_available' } });
  });

  it('refuses a browser submission without the CSRF token (403 security_csrf_violation)', async () => {
    const { browser } = sdkClients(basePath);
    const flow = await browser.createBrowserLoginFlow({});
    const result = await failure(
      browser.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'password', identifier: 'a@example.com', password: 'x', csrf_token: 'forged' },
      }),
    );
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ error: { id: 'security_csrf_violation', code: 403 } });
    const other = sdkClients(basePath).browser; // another browser, no cookie for that flow
    const fetched = await failure(other.getLoginFlow({ id: flow.id }));
    expect(fetched.status).toBe(403);
  });

  it('answers an expired flow with 410 self_service_flow_expired and a replacement flow id', async () => {
    const { native } = sdkClients(basePath);
    const flow = await native.createNativeLoginFlow({});
    await app.db
      .update(identityFlows)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(identityFlows.id, flow.id));
    const result = await failure(
      native.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: 'a@example.com', password: 'x' } }),
    );
    expect(result.status).toBe(410);
    expect(result.body).toMatchObject({ error: { id: 'self_service_flow_expired' } });
    const replacement = await native.getLoginFlow({ id: String(result.body.use_flow_id) });
    expect(messageIds(replacement as never)).toContain(4010001);
  });

  it('answers an unknown flow with 404 and whoami without a session with 401', async () => {
    const { native } = sdkClients(basePath);
    expect((await failure(native.getLoginFlow({ id: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
    const whoami = await failure(native.toSession({}));
    expect(whoami.status).toBe(401);
    expect(whoami.body).toMatchObject({ error: { id: 'session_inactive' } });
  });

  it('sends a browser (HTML) form submission with a bad password back to the form with 303', async () => {
    const { browser, jar } = sdkClients(basePath);
    const flow = await browser.createBrowserLoginFlow({});
    const response = await jar.fetch(`${basePath}/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({
        csrf_token: csrfOf(flow),
        identifier: 'nobody@example.com',
        password: 'whatever-it-is',
        method: 'password',
      }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${site}/user/login/?flow=${flow.id}`);
    const again = await browser.getLoginFlow({ id: flow.id });
    expect(messageIds(again)).toEqual([4000006]);
  });
});

describe('recovery and settings', () => {
  it('recovers an account by emailed code: 422 to the settings screen, a privileged session, then a new password', async () => {
    const email = newEmail();
    await registerWithPassword(sdkClients(basePath).browser, email);
    const { browser } = sdkClients(basePath);
    const flow = await browser.createBrowserRecoveryFlow({});
    const sent = await browser.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email, csrf_token: csrfOf(flow) },
    });
    expect(sent.state).toBe('sent_email');
    expect(messageIds(sent)).toContain(1060003);
    const wrong = await failure(
      browser.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', code: '999999', csrf_token: csrfOf(flow) } }),
    );
    expect(messageIds(wrong.body as never)).toContain(4060006);
    const code = await latestCode(app.db, email);
    const done = await failure(
      browser.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) } }),
    );
    expect(done.status).toBe(422);
    expect(done.body).toMatchObject({ error: { id: 'browser_location_change_required' } });
    const settingsId = new URL(String(done.body.redirect_browser_to)).searchParams.get('flow')!;
    const settings = await browser.getSettingsFlow({ id: settingsId });
    expect(messageIds(settings)).toContain(1060001);
    const newPassword = 'Quiet-Linen-Atelier-2044';
    const saved = await browser.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'password', password: newPassword, csrf_token: csrfOf(settings) },
    });
    expect(saved.state).toBe('success');
    expect(messageIds(saved)).toContain(1050001);
    const { native } = sdkClients(basePath);
    const login = await native.createNativeLoginFlow({});
    const ok = await native.updateLoginFlow({
      flow: login.id,
      updateLoginFlowBody: { method: 'password', identifier: email, password: newPassword },
    });
    expect(ok.session.active).toBe(true);
  });

  it('gives the same answer for an unknown address and sends nothing', async () => {
    const { native } = sdkClients(basePath);
    const flow = await native.createNativeRecoveryFlow();
    const sent = await native.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email: 'no-account@example.com' },
    });
    expect(sent.state).toBe('sent_email');
    await expect(latestCode(app.db, 'no-account@example.com')).rejects.toThrow();
  });

  it('updates the profile (API flow); changing the password needs a recent sign-in', async () => {
    const email = newEmail();
    await registerWithPassword(sdkClients(basePath).browser, email);
    const { native } = sdkClients(basePath);
    const { session_token: token } = await nativeLogin(native, email);
    const flow = await native.createNativeSettingsFlow({ xSessionToken: token });
    expect(flow.identity.traits.email).toBe(email);
    const saved = await native.updateSettingsFlow({
      flow: flow.id,
      xSessionToken: token,
      updateSettingsFlowBody: { method: 'profile', traits: { email, name: { first: 'Grace', last: 'Halden' } } },
    });
    expect(saved.identity.traits).toEqual({ email, name: { first: 'Grace', last: 'Halden' } });
    expect(messageIds(saved)).toContain(1050001);
    // An old sign-in: the password change asks to re-authenticate.
    await app.db.execute(
      sql`update identity_sessions set authenticated_at = now() - interval '2 hours' where identity_id = ${flow.identity.id}`,
    );
    const stale = await native.createNativeSettingsFlow({ xSessionToken: token });
    const refused = await failure(
      native.updateSettingsFlow({
        flow: stale.id,
        xSessionToken: token,
        updateSettingsFlowBody: { method: 'password', password: 'Another-Long-Passphrase-77' },
      }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { id: 'session_refresh_required' } });
  });

  it('enrols TOTP and lookup secrets, then requires and accepts them at aal2', async () => {
    const email = newEmail();
    await registerWithPassword(sdkClients(basePath).browser, email);
    const { native } = sdkClients(basePath);
    const { session_token: token } = await nativeLogin(native, email);
    const flow: SettingsFlow = await native.createNativeSettingsFlow({ xSessionToken: token });
    const secretNode = flow.ui.nodes.find((n) => (n.attributes as { id?: string }).id === 'totp_secret_key');
    const secret = (secretNode!.attributes as { text: { text: string } }).text.text;
    expect(flow.ui.nodes.find((n) => (n.attributes as { id?: string }).id === 'totp_qr')).toBeDefined();
    const wrong = await failure(
      native.updateSettingsFlow({ flow: flow.id, xSessionToken: token, updateSettingsFlowBody: { method: 'totp', totp_code: '000000' } }),
    );
    expect(messageIds(wrong.body as never)).toContain(4000008);
    const enrolled = await native.updateSettingsFlow({
      flow: flow.id,
      xSessionToken: token,
      updateSettingsFlowBody: { method: 'totp', totp_code: await totpCode({ secret }) },
    });
    expect(enrolled.state).toBe('success');

    const lookupFlow = await native.createNativeSettingsFlow({ xSessionToken: token });
    const revealed = await native.updateSettingsFlow({
      flow: lookupFlow.id,
      xSessionToken: token,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_regenerate: true },
    });
    const codes = (
      revealed.ui.nodes.find((n) => (n.attributes as { id?: string }).id === 'lookup_secret_codes')!.attributes as {
        text: { context: { secrets: string[] } };
      }
    ).text.context.secrets;
    expect(codes).toHaveLength(12);
    await native.updateSettingsFlow({
      flow: lookupFlow.id,
      xSessionToken: token,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_confirm: true },
    });

    // A new sign-in must finish the second factor.
    const login = await nativeLogin(native, email);
    expect(login.session.authenticator_assurance_level).toBe('aal1');
    // A password alone does not sign in an account with a second factor.
    const halfway = await failure(native.toSession({ xSessionToken: login.session_token }));
    expect(halfway.status).toBe(403);
    expect(halfway.body).toMatchObject({
      error: { id: 'session_aal2_required' },
      redirect_browser_to: `${basePath}/self-service/login/browser?aal=aal2`,
    });
    const aal2: LoginFlow = await native.createNativeLoginFlow({ aal: 'aal2', xSessionToken: login.session_token });
    expect(messageIds(aal2)).toContain(1010004);
    const badLookup = await failure(
      native.updateLoginFlow({
        flow: aal2.id,
        xSessionToken: login.session_token,
        updateLoginFlowBody: { method: 'lookup_secret', lookup_secret: 'zzzzzzzz' },
      }),
    );
    expect(messageIds(badLookup.body as never)).toContain(4000016);
    const upgraded = await native.updateLoginFlow({
      flow: aal2.id,
      xSessionToken: login.session_token,
      updateLoginFlowBody: { method: 'lookup_secret', lookup_secret: codes[0]! },
    });
    expect(upgraded.session.authenticator_assurance_level).toBe('aal2');
    // The session gained a privilege, so it has a new token and the old one is void.
    expect(upgraded.session_token).not.toBe(login.session_token);
    expect((await native.toSession({ xSessionToken: upgraded.session_token })).authenticator_assurance_level).toBe('aal2');
    expect((await failure(native.toSession({ xSessionToken: login.session_token }))).status).toBe(401);
  });
});

describe('sessions and logout', () => {
  it('lists, revokes one and revokes all other sessions', async () => {
    const email = newEmail();
    await registerWithPassword(sdkClients(basePath).browser, email);
    const { native } = sdkClients(basePath);
    const a = await nativeLogin(native, email);
    const b = await nativeLogin(native, email);
    const c = await nativeLogin(native, email);
    const others = await native.listMySessions({ xSessionToken: a.session_token });
    expect(others.map((s) => s.id).sort()).toEqual(expect.arrayContaining([b.session.id, c.session.id]));
    await native.disableMySession({ id: b.session.id, xSessionToken: a.session_token });
    expect((await failure(native.toSession({ xSessionToken: b.session_token }))).status).toBe(401);
    const { count } = await native.disableMyOtherSessions({ xSessionToken: a.session_token });
    expect(count).toBeGreaterThanOrEqual(1);
    expect((await failure(native.toSession({ xSessionToken: c.session_token }))).status).toBe(401);
    expect((await native.toSession({ xSessionToken: a.session_token })).active).toBe(true);
  });

  it('logs out a browser with the logout URL and token, and an app with its session token', async () => {
    const email = newEmail();
    const { browser, jar } = sdkClients(basePath);
    await registerWithPassword(browser, email);
    const { logout_url: logoutUrl, logout_token: logoutToken } = await browser.createBrowserLogoutFlow({});
    expect(logoutUrl).toBe(`${basePath}/self-service/logout?token=${logoutToken}`);
    await browser.updateLogoutFlow({ token: logoutToken });
    expect(jar.cookies.has('ory_kratos_session')).toBe(false);
    expect((await failure(browser.toSession({}))).status).toBe(401);

    const { native } = sdkClients(basePath);
    const login = await nativeLogin(native, email);
    await native.performNativeLogout({ performNativeLogoutBody: { session_token: login.session_token! } });
    expect((await failure(native.toSession({ xSessionToken: login.session_token }))).status).toBe(401);
  });

  it('gives a native flow a session token exchange code only when asked, and no session for unknown codes (404)', async () => {
    const { native } = sdkClients(basePath);
    const login = await native.createNativeLoginFlow({ returnSessionTokenExchangeCode: true });
    const registration = await native.createNativeRegistrationFlow({ returnSessionTokenExchangeCode: true });
    for (const flow of [login, registration]) expect(flow.session_token_exchange_code).toMatch(/^[\w-]{43}$/);
    expect(login.session_token_exchange_code).not.toBe(registration.session_token_exchange_code);
    // Only the response that creates the flow carries it.
    expect((await native.getLoginFlow({ id: login.id })).session_token_exchange_code).toBeUndefined();
    expect((await native.createNativeLoginFlow({})).session_token_exchange_code).toBeUndefined();
    const unknown = await failure(
      native.exchangeSessionToken({ initCode: login.session_token_exchange_code!, returnToCode: `${login.id}.not-issued` }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: 404, reason: 'no session yet for this "code"' } });
    // A password needs no browser: the flow answers with the session token as usual.
    const email = newEmail();
    await registerWithPassword(sdkClients(basePath).browser, email);
    const done = await native.updateLoginFlow({ flow: login.id, updateLoginFlowBody: { method: 'password', identifier: email, password } });
    expect(done.session_token).toMatch(/^ory_st_/);
  });

  it('keeps browser errors for the error page (GET /self-service/errors)', async () => {
    const response = await fetch(`${basePath}/self-service/login/browser?return_to=https://evil.example/`, {
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(303);
    const id = new URL(response.headers.get('location')!).searchParams.get('id')!;
    const { native } = sdkClients(basePath);
    const error = await native.getFlowError({ id });
    expect(error.error).toMatchObject({ id: 'self_service_flow_return_to_forbidden' });
  });

  it('serves the WebAuthn script the passkey nodes load', async () => {
    const { native } = sdkClients(basePath);
    const script = await native.getWebAuthnJavaScript();
    expect(script).toContain('SimpleWebAuthnBrowser');
    expect(script).toContain('passkey_login_trigger');
  });
});
