// Identity sessions seen from outside: whoami, logout (browser and API) and the session JSON.
import { IdentityError, identityErrors } from '../errors.ts';
import { hashToken, sessionToJson, type SessionRow } from '../session-store.ts';
import type { FlowContext } from './context.ts';

export function createSessionFlows(ctx: FlowContext) {
  const { identities, sessions } = ctx;
  const { publicBaseUrl } = ctx.options;

  return {
    async sessionToJson(session: SessionRow) {
      const identity = await identities.get(session.identityId);
      return sessionToJson(session, identity ? identities.toJson(identity) : null);
    },

    /** GET /sessions/whoami */
    async whoami(token: string | undefined): Promise<SessionRow> {
      const session = await ctx.currentSession(token);
      if (!session) throw identityErrors.sessionInactive();
      // required_aal = highest_available (Kratos's default): an account with a second factor is
      // not signed in until the session has passed it, so a password alone opens nothing.
      if (session.aal === 'aal1') {
        const types = await identities.credentialTypes(session.identityId);
        if (types.includes('totp') || types.includes('lookup_secret')) {
          throw new IdentityError(
            403,
            'session_aal2_required',
            'Session does not fulfill the requested Authenticator Assurance Level',
            'An active session was found but it does not fulfill the Authenticator Assurance Level, implying that the session must use a second factor.',
            undefined,
            {
              redirect_browser_to: `${publicBaseUrl}/self-service/login/browser?aal=aal2`,
            },
          );
        }
      }
      return session;
    },

    async logoutUrl(token: string | undefined, returnTo?: string) {
      const session = await ctx.currentSession(token);
      if (!session) throw identityErrors.sessionInactive();
      const logoutToken = await sessions.rotateLogoutToken(session.id);
      const target = ctx.checkReturnTo(returnTo);
      return {
        logout_url: `${publicBaseUrl}/self-service/logout?token=${logoutToken}${target ? `&return_to=${encodeURIComponent(target)}` : ''}`,
        logout_token: logoutToken,
      };
    },

    /** GET /self-service/logout?token= — the token must belong to the browser's session. */
    async logout({
      sessionToken,
      logoutToken,
      returnTo,
    }: {
      sessionToken?: string;
      logoutToken: string;
      returnTo?: string;
    }): Promise<string> {
      const target = ctx.checkReturnTo(returnTo) ?? ctx.defaultReturnTo;
      const session = await ctx.currentSession(sessionToken);
      if (!session || session.logoutTokenHash !== hashToken(logoutToken))
        throw identityErrors.forbidden('Unable to log out because the logout token in the URL query does not match the session cookie.');
      await sessions.revoke(session.id);
      return target;
    },

    async logoutApi(sessionToken: string): Promise<void> {
      const session = await ctx.currentSession(sessionToken);
      if (!session) throw identityErrors.forbidden('The provided session token is invalid or has already been revoked.');
      await sessions.revoke(session.id);
    },
  };
}
