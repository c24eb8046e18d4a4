// The user-initiated auth journeys of §4: login, logout, register and custom registration. Every
// browser effect (navigation, reload, connectivity, waiting) is injected so each rule is testable.
import type { FrontendApi, RegistrationFlow, UiNode } from '@ory/client-fetch';
import {
  AuthFlowError,
  BROWSER_LOCATION_CHANGE_REQUIRED,
  DEFAULT_FLOW_ERROR_MESSAGE,
  flowErrorMessage,
  readIdentityError,
  SESSION_ALREADY_AVAILABLE,
  SESSION_INACTIVE,
} from './auth-errors.ts';
import type { RedirectStore } from './storage.ts';

/** The identity-provider calls used here; an `@ory/client-fetch` FrontendApi fits. */
export type IdentityClient = Pick<
  FrontendApi,
  'createBrowserLoginFlow' | 'createBrowserRegistrationFlow' | 'updateRegistrationFlow' | 'createBrowserLogoutFlow'
>;

export const AUTH_PATHS = Object.freeze({
  login: '/user/login/',
  register: '/user/register/',
  logout: '/user/logout/',
});

/** Wait after starting a logout navigation (§9). */
export const POST_LOGOUT_WAIT_MS = 2500;

export type LoginMethod = 'email' | 'google' | 'apple';

export interface LoginOptions {
  method?: LoginMethod;
  /** Where to land afterwards; default the current page (§4 Login redirect storage). */
  redirectTo?: string;
}

export interface LogoutOptions {
  redirectTo?: string;
  /** Rethrow a failure instead of sending the browser to /user/logout/. */
  skipErrorRedirect?: boolean;
}

export interface RegisterOptions {
  redirectTo?: string;
}

export interface CustomRegistrationOptions {
  email: string;
  redirectTo?: string;
}

export interface AuthActionsDeps {
  identity: IdentityClient;
  redirects: Pick<RedirectStore, 'storeLoginRedirect' | 'storeLogoutRedirect'>;
  forceRefresh: () => Promise<unknown>;
  /**
   * Go to a URL: app paths (/user/...) and external ones (the social provider, the logout URL).
   * Register follows it with reload() when offline, so an in-app navigation must already have
   * changed the address when it returns.
   */
  navigate: (url: string) => void;
  reload: () => void;
  isOnline: () => boolean;
  sleep: (ms: number) => Promise<void>;
}

export interface AuthActions {
  login(options?: LoginOptions): Promise<void>;
  logout(options?: LogoutOptions): Promise<void>;
  register(options?: RegisterOptions): void;
  /** Starts a code registration for `email`; throws an AuthFlowError with the §8 message. */
  customRegistration(options: CustomRegistrationOptions): Promise<void>;
}

/** The anti-forgery token Kratos puts in a hidden `csrf_token` input node. */
export function csrfTokenOf(nodes: readonly UiNode[]): string | undefined {
  for (const node of nodes) {
    const attributes = node.attributes;
    if (attributes.node_type === 'input' && attributes.name === 'csrf_token' && attributes.value != null) {
      return String(attributes.value);
    }
  }
  return undefined;
}

function withFlow(path: string, flowId: string): string {
  return `${path}?flow=${encodeURIComponent(flowId)}`;
}

// Both mean the browser's session disagrees with the cookies we hold; a forced refresh fixes the
// cookies and the user stream, which is the whole remedy.
function isSessionMismatch(id: string | null): boolean {
  return id === SESSION_ALREADY_AVAILABLE || id === SESSION_INACTIVE;
}

export function createAuthActions(deps: AuthActionsDeps): AuthActions {
  const { identity, redirects, navigate } = deps;

  const socialLogin = async (provider: 'google' | 'apple', returnTo: string): Promise<void> => {
    let target: string | undefined;
    try {
      const flow = await identity.createBrowserRegistrationFlow({ returnTo });
      // Kratos answers an OIDC submit from JavaScript with 422 and the provider URL; a 2xx is
      // only expected with a redirect in continue_with.
      const result = await identity.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: 'oidc', provider, csrf_token: csrfTokenOf(flow.ui.nodes) },
      });
      for (const next of result.continue_with ?? []) {
        if (next.action === 'redirect_browser_to') target = next.redirect_browser_to;
      }
    } catch (error) {
      const details = await readIdentityError(error);
      if (details.redirectBrowserTo && (details.status === 422 || details.id === BROWSER_LOCATION_CHANGE_REQUIRED)) {
        navigate(details.redirectBrowserTo);
        return;
      }
      if (isSessionMismatch(details.id)) {
        await deps.forceRefresh();
        return;
      }
      throw new AuthFlowError(flowErrorMessage(details), details, { cause: error });
    }
    if (!target) throw new AuthFlowError(DEFAULT_FLOW_ERROR_MESSAGE, { id: null, status: null });
    navigate(target);
  };

  return {
    async login({ method = 'email', redirectTo } = {}) {
      // The provider sends the browser to the stored target once signed in (it checks it against its allow-list).
      const target = redirects.storeLoginRedirect(redirectTo);
      if (method === 'google' || method === 'apple') return socialLogin(method, target);
      try {
        const flow = await identity.createBrowserLoginFlow({ returnTo: target });
        navigate(withFlow(AUTH_PATHS.login, flow.id));
      } catch (error) {
        const details = await readIdentityError(error);
        if (isSessionMismatch(details.id)) {
          await deps.forceRefresh();
          return;
        }
        // The login page creates its own flow and shows any problem there.
        navigate(AUTH_PATHS.login);
      }
    },

    async logout({ redirectTo, skipErrorRedirect = false } = {}) {
      const target = redirects.storeLogoutRedirect(redirectTo);
      if (!deps.isOnline()) {
        navigate(AUTH_PATHS.logout);
      } else {
        try {
          // The provider sends the browser to the stored target once the session is gone.
          const flow = await identity.createBrowserLogoutFlow({ returnTo: target });
          navigate(flow.logout_url);
        } catch (error) {
          const details = await readIdentityError(error);
          if (details.id === SESSION_INACTIVE) {
            // Already signed out at the provider: clear our cookies too. A failure here must not
            // hide the logout error itself.
            await deps.forceRefresh().catch(() => undefined);
          }
          if (skipErrorRedirect) throw new AuthFlowError(flowErrorMessage(details), details, { cause: error });
          navigate(AUTH_PATHS.logout);
        }
      }
      // Keep the caller's "signing out" state up while the browser leaves the page, so the old
      // signed-in UI does not flash back in the meantime.
      await deps.sleep(POST_LOGOUT_WAIT_MS);
    },

    register({ redirectTo } = {}) {
      const target = redirects.storeLoginRedirect(redirectTo);
      // The registration screen passes return_to on to the flow it starts.
      navigate(`${AUTH_PATHS.register}?return_to=${encodeURIComponent(target)}`);
      // Offline, an in-app navigation cannot fetch the page's code; a reload shows the browser's
      // own offline state instead of a half-rendered page.
      if (!deps.isOnline()) deps.reload();
    },

    async customRegistration({ email, redirectTo }) {
      const target = redirects.storeLoginRedirect(redirectTo);
      let flow: RegistrationFlow;
      try {
        flow = await identity.createBrowserRegistrationFlow({ returnTo: target });
        try {
          await identity.updateRegistrationFlow({
            flow: flow.id,
            updateRegistrationFlowBody: { method: 'code', csrf_token: csrfTokenOf(flow.ui.nodes), traits: { email } },
          });
        } catch (error) {
          // Kratos answers "code sent" (and field errors) with 400 and the flow itself; the
          // registration page renders that flow. A 400 error envelope is a real failure.
          const details = await readIdentityError(error);
          if (details.status !== 400 || details.id !== null) throw error;
        }
      } catch (error) {
        const details = await readIdentityError(error);
        if (details.id === SESSION_ALREADY_AVAILABLE) await deps.forceRefresh().catch(() => undefined);
        throw new AuthFlowError(flowErrorMessage(details, { registration: true }), details, { cause: error });
      }
      navigate(withFlow(AUTH_PATHS.register, flow.id));
    },
  };
}
