// Conformance, continued (issue 13 "Identity gaps"), through the official Ory SDK against the
// running server: the two-step screens (identifier_first login, profile registration), the init
// parameters login_challenge, organization, via and after_verification_return_to, and JSON bodies
// in form format.
import { type FrontendApi, type LoginFlow, type RegistrationFlow, type UiNode, type UiNodeInputAttributes } from '@ory/client-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type createTestApp } from '../../test/app.ts';
import { failure, latestCode, sdkClients, startListeningApp } from '../../test/identity-client.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let site: string;
let basePath: string;
const password = 'Velvet-Orchid-Tannery-1987';
let counter = 0;
const newEmail = () => `extras${Date.now()}${counter++}@example.com`;

beforeAll(async () => {
  ({ app, site, basePath } = await startListeningApp());
});
afterAll(async () => {
  await app.close();
});

const attributes = (node: UiNode) => node.attributes as UiNodeInputAttributes;
const csrfOf = (flow: { ui: { nodes: UiNode[] } }) =>
  String(flow.ui.nodes.map(attributes).find((a) => a.name === 'csrf_token')?.value ?? '');
/** The nodes as `group:name=value` (value only for submits and hidden fields), to compare screens. */
const shape = (flow: { ui: { nodes: UiNode[] } }) =>
  flow.ui.nodes
    .filter((n) => n.attributes.node_type === 'input' && attributes(n).name !== 'csrf_token' && !attributes(n).name.startsWith('passkey'))
    .map((n) => {
      const a = attributes(n);
      return `${n.group}:${a.name}${a.type === 'submit' || a.type === 'hidden' ? `=${String(a.value ?? '')}` : ''}`;
    });

/** A call Kratos answers with 400 and the flow to render again. */
async function flowAgain<T>(call: Promise<unknown>): Promise<T> {
  const answer = await failure(call);
  expect(answer.status).toBe(400);
  return answer.body as T;
}

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

describe('identifier_first login', () => {
  it('asks the identifier first, then shows the methods that identifier can use, and signs in with the one chosen', async () => {
    const email = newEmail();
    await registerWithPassword(sdkClients(basePath).browser, email);
    const { browser, jar } = sdkClients(basePath);
    const flow = await browser.createBrowserLoginFlow({});
    const second = await flowAgain<LoginFlow>(
      browser.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: 'identifier_first', identifier: email, csrf_token: csrfOf(flow) },
      }),
    );
    expect(second.state).toBe('choose_method');
    expect(shape(second)).toEqual([
      `identifier_first:identifier=${email}`,
      'password:password',
      'password:method=password',
      'code:method=code',
    ]);
    // The password step does not repeat the identifier: the flow keeps it.
    const done = await browser.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'password', password, csrf_token: csrfOf(second) } as never,
    });
    expect(done.session.identity?.traits).toMatchObject({ email });
    expect(jar.cookies.has('ory_kratos_session')).toBe(true);
  });

  it('offers a code-only account no password, and an unknown identifier the usual methods (no account enumeration)', async () => {
    const codeOnly = newEmail();
    const { browser: signUp } = sdkClients(basePath);
    const registration = await signUp.createBrowserRegistrationFlow({});
    await failure(
      signUp.updateRegistrationFlow({
        flow: registration.id,
        updateRegistrationFlowBody: { method: 'code', csrf_token: csrfOf(registration), traits: { email: codeOnly } },
      }),
    );
    await signUp.updateRegistrationFlow({
      flow: registration.id,
      updateRegistrationFlowBody: {
        method: 'code',
        csrf_token: csrfOf(registration),
        code: await latestCode(app.db, codeOnly),
        traits: { email: codeOnly },
      },
    });

    const { native } = sdkClients(basePath);
    const forCodeOnly = await native.createNativeLoginFlow({});
    expect(
      shape(
        await flowAgain<LoginFlow>(
          native.updateLoginFlow({ flow: forCodeOnly.id, updateLoginFlowBody: { method: 'identifier_first', identifier: codeOnly } }),
        ),
      ),
    ).toEqual([`identifier_first:identifier=${codeOnly}`, 'code:method=code']);
    const forNobody = await native.createNativeLoginFlow({});
    expect(
      shape(
        await flowAgain<LoginFlow>(
          native.updateLoginFlow({ flow: forNobody.id, updateLoginFlowBody: { method: 'identifier_first', identifier: newEmail() } }),
        ),
      ),
    ).toEqual([
      expect.stringMatching(/^identifier_first:identifier=/),
      'password:password',
      'password:method=password',
      'code:method=code',
    ]);
    const empty = await flowAgain<LoginFlow>(
      native.updateLoginFlow({ flow: forNobody.id, updateLoginFlowBody: { method: 'identifier_first', identifier: '' } }),
    );
    expect(empty.ui.nodes.find((n) => attributes(n).name === 'identifier')?.messages.map((m) => m.id)).toEqual([4000002]);
  });
});

describe('profile registration (two steps)', () => {
  it('collects the traits first, then the credential, and can go back to the traits', async () => {
    const { browser } = sdkClients(basePath);
    const email = newEmail();
    const flow = await browser.createBrowserRegistrationFlow({});
    const traits = { email, name: { first: 'Grace', last: 'Mbeki' } };
    const second = await flowAgain<RegistrationFlow>(
      browser.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'profile', traits, csrf_token: csrfOf(flow) },
      }),
    );
    expect(shape(second)).toEqual([
      `default:traits.email=${email}`,
      'default:traits.name.first=Grace',
      'default:traits.name.last=Mbeki',
      'profile:screen=credential-selection',
      'password:password',
      'password:method=password',
      'code:method=code',
    ]);

    const back = await flowAgain<RegistrationFlow>(
      browser.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'profile', screen: 'previous', traits, csrf_token: csrfOf(flow) },
      }),
    );
    expect(shape(back).slice(0, 3)).toEqual(['default:traits.email', 'default:traits.name.first', 'default:traits.name.last']);
    expect(back.ui.nodes.map(attributes).find((a) => a.name === 'traits.email')?.value).toBe(email);

    await flowAgain(
      browser.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'profile', traits, csrf_token: csrfOf(flow) },
      }),
    );
    // The credential step does not repeat the traits: the flow keeps them.
    const done = await browser.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: { method: 'password', password, csrf_token: csrfOf(flow) } as never,
    });
    expect(done.identity.traits).toEqual(traits);
  });

  it('refuses bad traits on the first step with the field message', async () => {
    const { native } = sdkClients(basePath);
    const flow = await native.createNativeRegistrationFlow({});
    const again = await flowAgain<RegistrationFlow>(
      native.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'profile', traits: { email: 'not-an-email' } },
      }),
    );
    expect(again.ui.nodes.find((n) => attributes(n).name === 'traits.email')?.messages.length).toBeGreaterThan(0);
  });
});

describe('init parameters', () => {
  it('keeps login_challenge and organization on login and registration flows and shows them as Kratos does', async () => {
    const { browser } = sdkClients(basePath);
    const organization = '8f5b9a5e-6a55-4c43-9a8e-3b0f1f0f4c11';
    const login = await browser.createBrowserLoginFlow({ loginChallenge: 'challenge-123', organization });
    expect(login).toMatchObject({ oauth2_login_challenge: 'challenge-123', organization_id: organization });
    expect(await browser.getLoginFlow({ id: login.id })).toMatchObject({
      oauth2_login_challenge: 'challenge-123',
      organization_id: organization,
    });
    const registration = await browser.createBrowserRegistrationFlow({ loginChallenge: 'challenge-456', organization });
    expect(registration).toMatchObject({ oauth2_login_challenge: 'challenge-456', organization_id: organization });
    expect((await failure(browser.createBrowserLoginFlow({ organization: 'not-a-uuid' }))).status).toBe(400);
  });

  it('via names the trait a code sign-in uses; an unknown trait is refused', async () => {
    const email = newEmail();
    await registerWithPassword(sdkClients(basePath).browser, email);
    const { native } = sdkClients(basePath);
    const refused = await failure(native.createNativeLoginFlow({ via: 'phone' }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('via');
    const flow = await native.createNativeLoginFlow({ via: 'email' });
    const sent = await flowAgain<LoginFlow>(
      native.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'code', identifier: email, csrf_token: '' } }),
    );
    expect(sent.state).toBe('sent_email');
    expect(await latestCode(app.db, email)).toMatch(/^\d{6}$/);
  });

  it('after_verification_return_to is where the verification after sign-up ends; it obeys the return_to allow-list', async () => {
    const { browser } = sdkClients(basePath);
    const after = `${site}/user/account/`;
    const flow = await browser.createBrowserRegistrationFlow({ returnTo: `${site}/user/welcome/`, afterVerificationReturnTo: after });
    expect(flow.return_to).toBe(`${site}/user/welcome/`);
    const result = await browser.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: { method: 'password', csrf_token: csrfOf(flow), password, traits: { email: newEmail() } },
    });
    const verification = result.continue_with?.find((c) => c.action === 'show_verification_ui') as { flow: { id: string } } | undefined;
    expect((await browser.getVerificationFlow({ id: verification!.flow.id })).return_to).toBe(after);

    const refused = await failure(browser.createBrowserRegistrationFlow({ afterVerificationReturnTo: 'https://elsewhere.example/' }));
    expect(refused.status).toBe(400);
    expect((refused.body.error as { id?: string }).id).toBe('self_service_flow_return_to_forbidden');
  });
});

describe('JSON bodies in form format', () => {
  it('registers from {"traits.email": …, "traits.name.first": …} as Kratos does', async () => {
    const { browser, jar } = sdkClients(basePath);
    const flow = await browser.createBrowserRegistrationFlow({});
    const email = newEmail();
    const response = await jar.fetch(`${basePath}/self-service/registration?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        method: 'password',
        csrf_token: csrfOf(flow),
        password,
        'traits.email': email,
        'traits.name.first': 'Ada',
        'traits.name.last': 'Okafor',
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { identity: { traits: unknown } };
    expect(body.identity.traits).toEqual({ email, name: { first: 'Ada', last: 'Okafor' } });
  });

  it('a dotted key never reaches an object prototype', async () => {
    const { native } = sdkClients(basePath);
    const flow = await native.createNativeRegistrationFlow({});
    const response = await fetch(`${basePath}/self-service/registration?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ method: 'profile', '__proto__.polluted': 'yes', 'traits.__proto__.x': 'y', 'traits.email': 'not-an-email' }),
    });
    expect(response.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
