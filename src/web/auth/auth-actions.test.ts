import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthActions, POST_LOGOUT_WAIT_MS, type IdentityClient } from './auth-actions.ts';
import { AuthFlowError, DEFAULT_REGISTRATION_MESSAGE } from './auth-errors.ts';
import { createMemoryStorage, identityError, kratosError, loginFlow, logoutFlow, registrationFlow, START_MS } from './auth-test-fakes.ts';
import { createExpiringStorage, createRedirectStore } from './storage.ts';

const PAGE = 'https://atelier.test/articles/a-story/';
const GOOGLE = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=atelier&state=s1';

function setup({ online = true, page = PAGE } = {}) {
  const identity = {
    createBrowserLoginFlow: vi.fn<IdentityClient['createBrowserLoginFlow']>(() => Promise.resolve(loginFlow())),
    createBrowserRegistrationFlow: vi.fn<IdentityClient['createBrowserRegistrationFlow']>(() => Promise.resolve(registrationFlow())),
    updateRegistrationFlow: vi.fn<IdentityClient['updateRegistrationFlow']>(() =>
      Promise.reject(identityError(422, { error: { id: 'browser_location_change_required', code: 422 }, redirect_browser_to: GOOGLE })),
    ),
    createBrowserLogoutFlow: vi.fn<IdentityClient['createBrowserLogoutFlow']>(() => Promise.resolve(logoutFlow())),
  } satisfies IdentityClient;
  const raw = createMemoryStorage();
  const redirects = createRedirectStore({
    storage: createExpiringStorage({ storage: raw, now: () => Date.now() }),
    currentUrl: () => page,
  });
  const forceRefresh = vi.fn(() => Promise.resolve());
  const navigate = vi.fn<(url: string) => void>();
  const reload = vi.fn();
  const sleep = vi.fn((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const actions = createAuthActions({ identity, redirects, forceRefresh, navigate, reload, isOnline: () => online, sleep });
  return { actions, identity, redirects, forceRefresh, navigate, reload, sleep };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START_MS);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('login (§4)', () => {
  it('stores the redirect before choosing the flow (confirm-email becoming /)', async () => {
    const { actions, redirects, identity } = setup({ page: 'https://atelier.test/user/confirm-email?token=t' });
    const stored: (string | null)[] = [];
    identity.createBrowserLoginFlow.mockImplementation(() => {
      stored.push(redirects.readAuthRedirect());
      return Promise.resolve(loginFlow());
    });
    await actions.login();
    await actions.login({ redirectTo: '/subscriptions/packages/' });
    expect(stored).toEqual(['https://atelier.test/', 'https://atelier.test/subscriptions/packages/']);
  });

  it('sends Google and Apple to the social login URL the failing OIDC submit returns', async () => {
    const { actions, identity, navigate } = setup();
    await actions.login({ method: 'google' });
    expect(identity.updateRegistrationFlow).toHaveBeenCalledWith({
      flow: 'reg-flow-1',
      updateRegistrationFlowBody: { method: 'oidc', provider: 'google', csrf_token: 'csrf-reg' },
    });
    expect(navigate).toHaveBeenLastCalledWith(GOOGLE);

    // A bare 422 body with redirect_browser_to is enough too.
    identity.updateRegistrationFlow.mockRejectedValueOnce(identityError(422, { redirect_browser_to: 'https://appleid.apple.com/auth' }));
    await actions.login({ method: 'apple' });
    expect(identity.updateRegistrationFlow).toHaveBeenLastCalledWith(
      expect.objectContaining({ updateRegistrationFlowBody: expect.objectContaining({ provider: 'apple' }) }),
    );
    expect(navigate).toHaveBeenLastCalledWith('https://appleid.apple.com/auth');
  });

  it('rethrows a social login failure that carries no redirect target', async () => {
    const { actions, identity, navigate } = setup();
    const failure = kratosError(400, 'self_service_flow_disabled', 'Registration is not allowed');
    identity.updateRegistrationFlow.mockRejectedValueOnce(failure);
    const error = await actions.login({ method: 'google' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthFlowError);
    expect(error).toMatchObject({
      message: '[self_service_flow_disabled] Registration is not allowed',
      id: 'self_service_flow_disabled',
      cause: failure,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('creates a login flow for email and goes to /user/login/?flow={id}', async () => {
    const { actions, navigate } = setup();
    await actions.login({ method: 'email' });
    expect(navigate).toHaveBeenCalledWith('/user/login/?flow=login-flow-1');
  });

  it('passes the stored redirect to the provider as return_to, so the sign-in ends there', async () => {
    const { actions, identity, redirects } = setup();
    await actions.login({ redirectTo: '/articles/a-story/' });
    expect(redirects.readAuthRedirect()).toBe('https://atelier.test/articles/a-story/');
    expect(identity.createBrowserLoginFlow).toHaveBeenCalledWith({ returnTo: 'https://atelier.test/articles/a-story/' });
    await actions.login({ method: 'google', redirectTo: '/topics/beauty/' });
    expect(identity.createBrowserRegistrationFlow).toHaveBeenLastCalledWith({ returnTo: 'https://atelier.test/topics/beauty/' });
  });

  it('forces a token refresh when the session is already available or inactive', async () => {
    const { actions, identity, forceRefresh, navigate } = setup();
    identity.createBrowserLoginFlow.mockRejectedValueOnce(kratosError(400, 'session_already_available'));
    await actions.login();
    identity.createBrowserLoginFlow.mockRejectedValueOnce(kratosError(401, 'session_inactive'));
    await actions.login();
    // Social login too.
    identity.createBrowserRegistrationFlow.mockRejectedValueOnce(kratosError(400, 'session_already_available'));
    await actions.login({ method: 'google' });
    expect(forceRefresh).toHaveBeenCalledTimes(3);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('redirects to /user/login/ on any other error', async () => {
    const { actions, identity, navigate, forceRefresh } = setup();
    identity.createBrowserLoginFlow.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await actions.login();
    identity.createBrowserLoginFlow.mockRejectedValueOnce(kratosError(500, 'internal_server_error'));
    await actions.login();
    expect(navigate.mock.calls).toEqual([['/user/login/'], ['/user/login/']]);
    expect(forceRefresh).not.toHaveBeenCalled();
  });
});

describe('logout (§4)', () => {
  it('stores the logout redirect (one-more-step and logout pages becoming /)', async () => {
    const { actions, redirects, identity } = setup({ page: 'https://atelier.test/user/one-more-step/?flow=newsletters' });
    const done = actions.logout();
    expect(redirects.readAuthRedirect()).toBe('https://atelier.test/');
    await vi.runAllTimersAsync();
    await done;
    expect(identity.createBrowserLogoutFlow).toHaveBeenCalledWith({ returnTo: 'https://atelier.test/' });
    const other = setup();
    const next = other.actions.logout({ redirectTo: '/events/' });
    expect(other.redirects.readAuthRedirect()).toBe('https://atelier.test/events/');
    await vi.runAllTimersAsync();
    await next;
  });

  it('goes to /user/logout/ without calling the identity provider when offline', async () => {
    const { actions, identity, navigate } = setup({ online: false });
    const done = actions.logout();
    await vi.runAllTimersAsync();
    await done;
    expect(navigate).toHaveBeenCalledWith('/user/logout/');
    expect(identity.createBrowserLogoutFlow).not.toHaveBeenCalled();
  });

  it('fetches the logout URL and redirects to it', async () => {
    const { actions, navigate } = setup();
    const done = actions.logout();
    await vi.runAllTimersAsync();
    await done;
    expect(navigate).toHaveBeenCalledWith('https://atelier.test/identity/self-service/logout?token=t1');
  });

  it('goes to /user/logout/ on error (refreshing the token when the session is inactive)', async () => {
    const { actions, identity, navigate, forceRefresh } = setup();
    identity.createBrowserLogoutFlow.mockRejectedValueOnce(kratosError(401, 'session_inactive'));
    const done = actions.logout();
    await vi.runAllTimersAsync();
    await done;
    expect(forceRefresh).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/user/logout/');
  });

  it('rethrows instead when the caller asked to skip the error redirect', async () => {
    const { actions, identity, navigate } = setup();
    identity.createBrowserLogoutFlow.mockRejectedValueOnce(kratosError(401, 'session_inactive'));
    await expect(actions.logout({ skipErrorRedirect: true })).rejects.toMatchObject({
      name: 'AuthFlowError',
      message: 'Session is inactive',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('waits 2.5 seconds afterwards', async () => {
    const { actions, navigate } = setup();
    let finished = false;
    const done = actions.logout().then(() => (finished = true));
    await vi.advanceTimersByTimeAsync(POST_LOGOUT_WAIT_MS - 1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(finished).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(finished).toBe(true);
    expect(POST_LOGOUT_WAIT_MS).toBe(2500);
  });
});

describe('register (§4)', () => {
  it('stores the redirect and goes to /user/register/, passing it on as return_to', () => {
    const { actions, redirects, navigate, reload } = setup();
    actions.register({ redirectTo: '/subscriptions/packages/' });
    expect(redirects.readAuthRedirect()).toBe('https://atelier.test/subscriptions/packages/');
    expect(navigate).toHaveBeenCalledWith(
      `/user/register/?return_to=${encodeURIComponent('https://atelier.test/subscriptions/packages/')}`,
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when offline', () => {
    const { actions, navigate, reload } = setup({ online: false });
    actions.register();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/user\/register\/\?return_to=/));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('custom registration (§4)', () => {
  it("creates a registration flow, reads its anti-forgery token and submits method 'code' with the email trait", async () => {
    const { actions, identity } = setup();
    identity.updateRegistrationFlow.mockResolvedValueOnce({ identity: { id: 'i1', schema_id: 'default', schema_url: '', traits: {} } });
    await actions.customRegistration({ email: 'ana@example.com', redirectTo: '/articles/a-story/' });
    expect(identity.createBrowserRegistrationFlow).toHaveBeenCalledWith({ returnTo: 'https://atelier.test/articles/a-story/' });
    expect(identity.updateRegistrationFlow).toHaveBeenCalledWith({
      flow: 'reg-flow-1',
      updateRegistrationFlowBody: { method: 'code', csrf_token: 'csrf-reg', traits: { email: 'ana@example.com' } },
    });
  });

  it('tolerates a 400 response (the flow with "code sent") and goes to /user/register/?flow={id}', async () => {
    const { actions, identity, navigate } = setup();
    identity.updateRegistrationFlow.mockRejectedValueOnce(identityError(400, { ...registrationFlow(), state: 'sent_email' }));
    await actions.customRegistration({ email: 'ana@example.com' });
    expect(navigate).toHaveBeenCalledWith('/user/register/?flow=reg-flow-1');
  });

  it('fails with the server message, or the default registration message when there is none or it is a fetch error', async () => {
    const { actions, identity, navigate } = setup();
    identity.updateRegistrationFlow.mockRejectedValueOnce(
      kratosError(403, 'security_csrf_violation', 'The request was rejected to protect you from CSRF'),
    );
    await expect(actions.customRegistration({ email: 'a@example.com' })).rejects.toThrow(
      'The request was rejected to protect you from CSRF',
    );
    identity.createBrowserRegistrationFlow.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(actions.customRegistration({ email: 'a@example.com' })).rejects.toThrow(DEFAULT_REGISTRATION_MESSAGE);
    identity.updateRegistrationFlow.mockRejectedValueOnce(identityError(500, {}));
    await expect(actions.customRegistration({ email: 'a@example.com' })).rejects.toThrow(DEFAULT_REGISTRATION_MESSAGE);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("does not tolerate a 400 error envelope: session_already_available refreshes the token and says 'Session already available'", async () => {
    const { actions, identity, forceRefresh, navigate } = setup();
    identity.updateRegistrationFlow.mockRejectedValueOnce(kratosError(400, 'session_already_available'));
    await expect(actions.customRegistration({ email: 'a@example.com' })).rejects.toThrow('Session already available');
    expect(forceRefresh).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});
