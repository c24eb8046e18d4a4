// The `link` method of recovery and verification through the official Ory SDK, with our one
// difference from Kratos (docs/decisions/010): the emailed link opens the flow's screen, and only
// the screen's POST uses the token. Browser flows, SPA (JSON) calls, and app (API) flows whose link
// is opened in a browser.
import { type FrontendApi, type UiNodeInputAttributes } from '@ory/client-fetch';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type createTestApp } from '../../test/app.ts';
import { type CookieJar, failure, sdkClients, startListeningApp } from '../../test/identity-client.ts';
import { outbox } from '../mail/schema.ts';
import { identityAddresses, identityFlows } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let site: string;
let basePath: string;
const password = 'Velvet-Orchid-Tannery-1987';
let counter = 0;
const newEmail = () => `linked${Date.now()}${counter++}@example.com`;

beforeAll(async () => {
  ({ app, site, basePath } = await startListeningApp());
});
afterAll(async () => {
  await app.close();
});

type AnyFlow = {
  id: string;
  state?: unknown;
  active?: string;
  ui: { messages?: Array<{ id: number }>; nodes: Array<{ group: string; attributes: unknown; messages: Array<{ id: number }> }> };
};
const csrfOf = (flow: AnyFlow) =>
  String((flow.ui.nodes.map((n) => n.attributes as UiNodeInputAttributes).find((a) => a.name === 'csrf_token') ?? { value: '' }).value);
const messageIds = (flow: AnyFlow) => [
  ...(flow.ui.messages ?? []).map((m) => m.id),
  ...flow.ui.nodes.flatMap((n) => n.messages.map((m) => m.id)),
];
const wrongToken = () => 'x'.repeat(43);

async function register(email: string) {
  const { native } = sdkClients(basePath);
  const flow = await native.createNativeRegistrationFlow({});
  await native.updateRegistrationFlow({ flow: flow.id, updateRegistrationFlowBody: { method: 'password', password, traits: { email } } });
}

/** The link in the newest email of this kind to `to`, and its token. */
async function emailedLink(to: string, template: 'recovery_link' | 'verification_link') {
  const [row] = await app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, template)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const link = (row?.data as { link?: string } | undefined)?.link;
  if (!link) throw new Error(`no ${template} was emailed to ${to}`);
  return { link, token: new URL(link).searchParams.get('token')! };
}

/** A GET as a browser makes it: HTML, cookies kept, redirects followed (and listed). */
async function open(jar: CookieJar, start: string) {
  const hops: string[] = [];
  let url = start;
  for (let hop = 0; hop < 8; hop++) {
    const response = await jar.fetch(url, { headers: { accept: 'text/html' } });
    if (response.status < 300 || response.status >= 400) return { url, hops, status: response.status, html: await response.text() };
    url = new URL(response.headers.get('location')!, url).toString();
    hops.push(url);
  }
  throw new Error(`too many redirects from ${start}`);
}

/** The screen's form that posts to the identity API: where it goes and what it sends. */
function apiForm(html: string) {
  const form = [...html.matchAll(/<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].find((m) => m[1]!.includes('/self-service/'));
  if (!form) throw new Error('no identity form on the page');
  const fields: Record<string, string> = {};
  for (const [tag] of form[2]!.matchAll(/<(?:input|button)[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(tag)?.[1];
    if (name) fields[name] = /value="([^"]*)"/.exec(tag)?.[1] ?? '';
  }
  const buttons = [...form[2]!.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
  return { action: form[1]!.replace(/&amp;/g, '&'), fields, buttons };
}

/** Submits a screen's form as a browser without JavaScript does; returns the response (not followed). */
function post(jar: CookieJar, form: ReturnType<typeof apiForm>) {
  return jar.fetch(form.action, {
    method: 'POST',
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form.fields),
  });
}

async function flowState(id: string) {
  const [row] = await app.db
    .select({ state: identityFlows.state, internal: identityFlows.internal })
    .from(identityFlows)
    .where(eq(identityFlows.id, id));
  return { state: row?.state, hasLink: Boolean(row?.internal.link) };
}

async function isVerified(email: string) {
  const [row] = await app.db
    .select({ verified: identityAddresses.verified })
    .from(identityAddresses)
    .where(and(eq(identityAddresses.value, email), eq(identityAddresses.kind, 'verifiable')));
  return row?.verified;
}

async function browserRecoveryLink(browser: FrontendApi, email: string) {
  const flow = await browser.createBrowserRecoveryFlow({});
  const sent = await browser.updateRecoveryFlow({
    flow: flow.id,
    updateRecoveryFlowBody: { method: 'link', email, csrf_token: csrfOf(flow) },
  });
  return { flow, sent, ...(await emailedLink(email, 'recovery_link')) };
}

describe('recovery by link', () => {
  it('emails a link to the screen; opening it uses nothing; the POST signs in and leads to the settings screen', async () => {
    const email = newEmail();
    await register(email);
    const { browser, jar } = sdkClients(basePath);
    const { flow, sent, link, token } = await browserRecoveryLink(browser, email);
    expect(sent.state).toBe('sent_email');
    expect(sent.active).toBe('link');
    expect(messageIds(sent)).toEqual([1060002]);
    // Kratos's nodes after a link was sent: the address again, to send another.
    expect(
      sent.ui.nodes.map((n) => [n.group, (n.attributes as UiNodeInputAttributes).name, (n.attributes as UiNodeInputAttributes).value]),
    ).toEqual([
      ['default', 'csrf_token', csrfOf(flow)],
      ['link', 'email', email],
      ['link', 'method', 'link'],
    ]);
    expect(link).toBe(`${site}/user/recovery/?flow=${flow.id}&token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    expect(JSON.stringify((await app.db.select().from(identityFlows).where(eq(identityFlows.id, flow.id)))[0])).not.toContain(token);

    // Opening the link (twice, as a scanner then the reader would) shows the confirmation step.
    for (let time = 0; time < 2; time++) {
      const page = await open(jar, link);
      expect(page.status).toBe(200);
      expect(page.url).toBe(link);
      expect(page.html).toContain('Recover your account');
      const form = apiForm(page.html);
      expect(form.action).toBe(`${basePath}/self-service/recovery?flow=${flow.id}&token=${token}`);
      expect(form.fields).toEqual({ csrf_token: csrfOf(flow), method: 'link' });
      expect(form.buttons).toEqual(['Recover my account']);
    }
    // Kratos's own link address only sends the browser to that screen.
    const kratosLink = await jar.fetch(`${basePath}/self-service/recovery?flow=${flow.id}&token=${token}`);
    expect(kratosLink.status).toBe(303);
    expect(kratosLink.headers.get('location')).toBe(link);
    expect(await flowState(flow.id)).toEqual({ state: 'sent_email', hasLink: true });
    expect(jar.cookies.has('ory_kratos_session')).toBe(false);

    // The confirming POST (SPA: JSON) signs in and sends the browser to the settings screen.
    const done = await failure(
      browser.updateRecoveryFlow({ flow: flow.id, token, updateRecoveryFlowBody: { method: 'link', email: '', csrf_token: csrfOf(flow) } }),
    );
    expect(done.status).toBe(422);
    expect(done.body).toMatchObject({ error: { id: 'browser_location_change_required' } });
    const settingsUrl = new URL(String(done.body.redirect_browser_to));
    expect(`${settingsUrl.origin}${settingsUrl.pathname}`).toBe(`${site}/user/account/`);
    const settings = await browser.getSettingsFlow({ id: settingsUrl.searchParams.get('flow')! });
    expect(messageIds(settings)).toContain(1060001);
    const session = await browser.toSession();
    expect(session.identity?.traits.email).toBe(email);
    expect(session.authentication_methods?.map((m) => m.method)).toEqual(['link_recovery']);
    // A recent sign-in: the new password is accepted at once.
    const saved = await browser.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: { method: 'password', password: 'Quiet-Linen-Atelier-2044', csrf_token: csrfOf(settings) },
    });
    expect(saved.state).toBe('success');

    // Used once: the same token is refused, and the link now opens a fresh flow that says so.
    const reused = await failure(
      browser.updateRecoveryFlow({ flow: flow.id, token, updateRecoveryFlowBody: { method: 'link', email: '', csrf_token: csrfOf(flow) } }),
    );
    expect(reused.status).toBe(400);
    expect(messageIds(reused.body as AnyFlow)).toEqual([4060004]);
    const stale = await open(jar, link);
    const fresh = new URL(stale.url);
    expect(fresh.searchParams.get('token')).toBeNull();
    expect(fresh.searchParams.get('flow')).not.toBe(flow.id);
    expect(messageIds(await browser.getRecoveryFlow({ id: fresh.searchParams.get('flow')! }))).toEqual([4060004]);
  });

  it('an app asks for the link; the browser that opens it confirms in a flow of its own (HTML form)', async () => {
    const email = newEmail();
    await register(email);
    const { native } = sdkClients(basePath);
    const flow = await native.createNativeRecoveryFlow();
    const sent = await native.updateRecoveryFlow({ flow: flow.id, updateRecoveryFlowBody: { method: 'link', email } });
    expect(sent.state).toBe('sent_email');
    expect(messageIds(sent)).toEqual([1060002]);
    const { link, token } = await emailedLink(email, 'recovery_link');
    expect(link).toBe(`${site}/user/recovery/?flow=${flow.id}&token=${token}`);

    // A mail scanner (a browser of its own), then the reader's browser: each gets a flow of its own; nothing is used.
    const scannerJar = sdkClients(basePath).jar;
    const scanner = await open(scannerJar, link);
    expect(scanner.status).toBe(200);
    const { jar } = sdkClients(basePath);
    const page = await open(jar, link);
    expect(page.hops[0]).toBe(`${basePath}/self-service/recovery?flow=${flow.id}&token=${token}`);
    const own = new URL(page.url).searchParams.get('flow')!;
    expect(own).not.toBe(flow.id);
    expect(page.url).toBe(`${site}/user/recovery/?flow=${own}&token=${token}`);
    expect((await open(jar, page.url)).url).toBe(page.url);
    expect(await flowState(flow.id)).toEqual({ state: 'sent_email', hasLink: true });

    const form = apiForm(page.html);
    expect(form.action).toBe(`${basePath}/self-service/recovery?flow=${own}&token=${token}`);
    const done = await post(jar, form);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(new RegExp(`^${site}/user/account/\\?flow=`));
    expect(jar.cookies.has('ory_kratos_session')).toBe(true);
    // The app's flow is done too, and its token gone.
    expect(await flowState(flow.id)).toEqual({ state: 'passed_challenge', hasLink: false });
    expect((await native.getRecoveryFlow({ id: flow.id })).state).toBe('passed_challenge');

    // The scanner's flow cannot use the token any more.
    const scannerFlow = new URL(scanner.url).searchParams.get('flow')!;
    const late = await post(scannerJar, apiForm(scanner.html));
    expect(late.status).toBe(303);
    expect(late.headers.get('location')).toBe(`${site}/user/recovery/?flow=${scannerFlow}`);
    expect(scannerJar.cookies.has('ory_kratos_session')).toBe(false);
  });

  it('refuses a wrong token, and five wrong tokens void the link', async () => {
    const email = newEmail();
    await register(email);
    const { browser } = sdkClients(basePath);
    const submit = (flow: AnyFlow, token: string, client = browser) =>
      failure(
        client.updateRecoveryFlow({
          flow: flow.id,
          token,
          updateRecoveryFlowBody: { method: 'link', email: '', csrf_token: csrfOf(flow) },
        }),
      );

    const first = await browserRecoveryLink(browser, email);
    const wrong = await submit(first.flow, wrongToken());
    expect(wrong.status).toBe(400);
    expect(messageIds(wrong.body as AnyFlow)).toEqual([4060004]);
    expect((wrong.body as AnyFlow).state).toBe('sent_email');
    expect((await submit(first.flow, first.token)).status).toBe(422);

    // Another browser: the first one is signed in now.
    const { browser: other } = sdkClients(basePath);
    const second = await browserRecoveryLink(other, email);
    const states: unknown[] = [];
    for (let attempt = 0; attempt < 5; attempt++) states.push(((await submit(second.flow, wrongToken(), other)).body as AnyFlow).state);
    expect(states).toEqual(['sent_email', 'sent_email', 'sent_email', 'sent_email', 'choose_method']);
    const refused = await submit(second.flow, second.token, other);
    expect(refused.status).toBe(400);
    expect(messageIds(refused.body as AnyFlow)).toEqual([4060004]);
  });

  it('refuses the link of an expired flow', async () => {
    const email = newEmail();
    await register(email);
    const { browser, jar } = sdkClients(basePath);
    const { flow, link, token } = await browserRecoveryLink(browser, email);
    await app.db.execute(sql`update identity_flows set expires_at = now() - interval '1 minute' where id = ${flow.id}`);
    const expired = await failure(
      browser.updateRecoveryFlow({ flow: flow.id, token, updateRecoveryFlowBody: { method: 'link', email: '', csrf_token: csrfOf(flow) } }),
    );
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ error: { id: 'self_service_flow_expired' } });
    const page = await open(jar, link);
    const fresh = new URL(page.url);
    expect(fresh.searchParams.get('token')).toBeNull();
    expect(messageIds(await browser.getRecoveryFlow({ id: fresh.searchParams.get('flow')! }))).toEqual([4060005]);
    expect(jar.cookies.has('ory_kratos_session')).toBe(false);
  });

  it('gives the same answer for an unknown address and sends nothing', async () => {
    const { native } = sdkClients(basePath);
    const flow = await native.createNativeRecoveryFlow();
    const sent = await native.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'link', email: 'no-account-link@example.com' },
    });
    expect(sent.state).toBe('sent_email');
    expect(messageIds(sent)).toEqual([1060002]);
    await expect(emailedLink('no-account-link@example.com', 'recovery_link')).rejects.toThrow();
  });
});

describe('verification by link', () => {
  it('verifies the address with the confirming POST, not by opening the link', async () => {
    const email = newEmail();
    await register(email);
    expect(await isVerified(email)).toBe(false);
    const { browser, jar } = sdkClients(basePath);
    const flow = await browser.createBrowserVerificationFlow({});
    const sent = await browser.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'link', email, csrf_token: csrfOf(flow) },
    });
    expect(sent.state).toBe('sent_email');
    expect(messageIds(sent)).toEqual([1080001]);
    const { link, token } = await emailedLink(email, 'verification_link');
    expect(link).toBe(`${site}/user/confirm-email?flow=${flow.id}&token=${token}`);

    for (let time = 0; time < 2; time++) {
      const page = await open(jar, link);
      expect(page.status).toBe(200);
      expect(apiForm(page.html)).toMatchObject({
        action: `${basePath}/self-service/verification?flow=${flow.id}&token=${token}`,
        buttons: ['Confirm email address'],
      });
    }
    expect(await isVerified(email)).toBe(false);

    const done = await browser.updateVerificationFlow({
      flow: flow.id,
      token,
      updateVerificationFlowBody: { method: 'link', email: '', csrf_token: csrfOf(flow) },
    });
    expect(done.state).toBe('passed_challenge');
    expect(messageIds(done)).toEqual([1080002]);
    expect(await isVerified(email)).toBe(true);

    const reused = await failure(
      browser.updateVerificationFlow({
        flow: flow.id,
        token,
        updateVerificationFlowBody: { method: 'link', email: '', csrf_token: csrfOf(flow) },
      }),
    );
    expect(reused.status).toBe(400);
    expect(messageIds(reused.body as AnyFlow)).toEqual([4070001]);
  });

  it('an app asks for the link; a browser confirms it and sees the address confirmed', async () => {
    const email = newEmail();
    await register(email);
    const { native } = sdkClients(basePath);
    const flow = await native.createNativeVerificationFlow();
    const sent = await native.updateVerificationFlow({ flow: flow.id, updateVerificationFlowBody: { method: 'link', email } });
    expect(messageIds(sent)).toEqual([1080001]);
    const { link } = await emailedLink(email, 'verification_link');

    const { jar } = sdkClients(basePath);
    const page = await open(jar, link);
    expect(page.status).toBe(200);
    expect(await isVerified(email)).toBe(false);
    const done = await post(jar, apiForm(page.html));
    expect(done.status).toBe(303);
    const confirmed = await open(jar, done.headers.get('location')!);
    expect(confirmed.html).toContain('Email address confirmed');
    expect(await isVerified(email)).toBe(true);
    expect((await native.getVerificationFlow({ id: flow.id })).state).toBe('passed_challenge');
  });
});
