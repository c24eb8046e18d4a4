// The §4 journeys the sign-in and register buttons and the wall's code sign-up run
// (components/auth-links.tsx), end to end: the browser auth layer's login(), register() and
// customRegistration() through the official Ory SDK against the running server, then the screen
// each one lands on, as the browser would load it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type createTestApp } from '../../test/app.ts';
import { latestCode, sdkClients, startListeningApp } from '../../test/identity-client.ts';
import { createAuthActions } from './auth-actions.ts';
import { createMemoryStorage } from './auth-test-fakes.ts';
import { createExpiringStorage, createRedirectStore } from './storage.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
let app: App;
let site: string;
let basePath: string;

beforeAll(async () => {
  ({ app, site, basePath } = await startListeningApp());
});
afterAll(async () => {
  await app.close();
});

/** A reader on a story page, with a browser-like SDK client and the journeys wired to it. */
function readerOn(path: string) {
  const { browser, jar } = sdkClients(basePath);
  const visited: string[] = [];
  const redirects = createRedirectStore({
    storage: createExpiringStorage({ storage: createMemoryStorage(), now: () => Date.now() }),
    currentUrl: () => `${site}${path}`,
  });
  const actions = createAuthActions({
    identity: browser,
    redirects,
    forceRefresh: async () => undefined,
    navigate: (url) => visited.push(url),
    reload: () => undefined,
    isOnline: () => true,
    sleep: async () => undefined,
  });
  const open = async (url: string) => {
    const response = await jar.fetch(new URL(url, site));
    return { status: response.status, location: response.headers.get('location'), html: await response.text() };
  };
  return { actions, browser, visited, open, redirects };
}

const STORY = '/articles/the-quiet-power-of-fashion-week/';

describe('§4 journeys against the identity provider', () => {
  it('login() opens a login flow that returns to the page the reader was on, and the sign-in screen renders it', async () => {
    const { actions, browser, visited, open } = readerOn(STORY);
    await actions.login();
    expect(visited).toHaveLength(1);
    const flowId = new URL(visited[0]!, site).searchParams.get('flow');
    expect(visited[0]).toBe(`/user/login/?flow=${flowId}`);
    expect((await browser.getLoginFlow({ id: flowId! })).return_to).toBe(`${site}${STORY}`);
    const screen = await open(visited[0]!);
    expect(screen.status).toBe(200);
    expect(screen.html).toContain('Sign in');
    expect(screen.html).toContain(`flow=${flowId}`);
  });

  it('register() sends the reader to the registration screen, whose flow goes through one-more-step back to the page', async () => {
    const { actions, visited, open } = readerOn(STORY);
    actions.register();
    expect(visited).toEqual([`/user/register/?return_to=${encodeURIComponent(`${site}${STORY}`)}`]);
    const screen = await open(visited[0]!);
    expect(screen.status).toBe(302);
    const init = new URL(screen.location!, site);
    expect(init.pathname).toBe('/identity/self-service/registration/browser');
    const next = new URL(init.searchParams.get('return_to')!);
    expect(next.pathname).toBe('/user/one-more-step/');
    expect(next.searchParams.get('return_to')).toBe(`${site}${STORY}`);
  });

  it('customRegistration() emails a code and lands on the registration screen asking for it', async () => {
    const { actions, browser, visited, open } = readerOn(STORY);
    const email = `wall-reader-${Date.now()}@example.com`;
    const next = `${site}/user/one-more-step/?return_to=${encodeURIComponent(`${site}${STORY}`)}`;
    await actions.customRegistration({ email, redirectTo: next });
    expect(visited).toHaveLength(1);
    const flowId = new URL(visited[0]!, site).searchParams.get('flow')!;
    expect(visited[0]).toBe(`/user/register/?flow=${flowId}`);
    const flow = await browser.getRegistrationFlow({ id: flowId });
    expect(flow).toMatchObject({ state: 'sent_email', active: 'code', return_to: next });
    expect(await latestCode(app.db, email)).toMatch(/^\d{6}$/);
    const screen = await open(visited[0]!);
    expect(screen.status).toBe(200);
    expect(screen.html).toContain('Check your email');
  });
});
