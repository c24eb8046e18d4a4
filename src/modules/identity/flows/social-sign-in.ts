// Social sign-in (OIDC): a login or registration flow sends the browser to the provider; the
// provider sends it back to the callback, which signs in, links (never silently) or creates the
// account. A native app's flow hands its session over through the token exchange instead of a cookie.
import { identityErrors } from '../errors.ts';
import type { FlowRow } from '../flow-store.ts';
import type { IdentityWithAddresses } from '../identity-store.ts';
import { messages } from '../messages.ts';
import { flowIdOf, type OidcPending } from '../oidc.ts';
import type { Outcome } from '../outcome.ts';
import { hashToken, type SessionRow } from '../session-store.ts';
import { newSecret, type FlowContext, type RequestContext } from './context.ts';

/** What the callback needs of the login and registration flows (their `finish`). */
export interface SocialSignInFinishers {
  finishLogin(flow: FlowRow, identityId: string, method: string, context: RequestContext): Promise<Outcome>;
  finishRegistration(
    flow: FlowRow,
    identity: IdentityWithAddresses,
    method: string,
    context: RequestContext,
    verify: boolean,
  ): Promise<Outcome>;
}

/** `method=oidc` in a login or registration flow: off to the provider. */
export async function startOidc(ctx: FlowContext, flow: FlowRow, provider: string): Promise<Outcome> {
  const { oidc } = ctx.options;
  if (!oidc || !oidc.has(provider)) return ctx.invalid(flow, { ui: [messages.generic(`Sign-in with "${provider}" is not available.`)] });
  if (flow.type === 'api' && !flow.internal.tokenExchange)
    return ctx.invalid(flow, {
      ui: [messages.generic('Social sign-in in an app needs a flow created with return_session_token_exchange_code=true.')],
    });
  const { url, pending } = await oidc.start(provider, flow.id);
  const saved = await ctx.flows.save({
    ...flow,
    active: 'oidc',
    internal: { ...flow.internal, pending: { ...(flow.internal.pending ?? {}), oidc: pending } },
  });
  return { kind: 'redirect', flow: saved, to: url };
}

export function createSocialSignIn(ctx: FlowContext, { finishLogin, finishRegistration }: SocialSignInFinishers) {
  const { identities, flows, sessions } = ctx;
  const { oidc, publicBaseUrl, uiUrls } = ctx.options;

  /**
   * A native app's flow finished in the browser: instead of a cookie, the browser takes a code back
   * to the app's return_to, which the app trades with its init code for the session.
   */
  async function returnToApp(flow: FlowRow, result: { sessionId: string } | { continueFlowId: string }): Promise<Outcome> {
    const initHash = flow.internal.tokenExchange?.initHash;
    if (!initHash) throw identityErrors.badRequest('This flow cannot hand a session to an app.');
    const code = `${flow.id}.${newSecret()}`;
    await flows.save({ ...flow, internal: { ...flow.internal, tokenExchange: { initHash, returnToHash: hashToken(code), ...result } } });
    const to = new URL(ctx.returnTarget(flow));
    to.searchParams.set('code', code);
    return { kind: 'redirect', to: to.toString() };
  }

  function backToApp(outcome: Outcome): Promise<Outcome> | Outcome {
    if ((outcome.kind !== 'signed_in' && outcome.kind !== 'registered') || outcome.flow.type !== 'api') return outcome;
    return returnToApp(outcome.flow, { sessionId: outcome.session.id });
  }

  return {
    /** GET|POST /self-service/methods/oidc/callback/:provider — the provider sends the browser back here. */
    async callback({ provider, url, context }: { provider: string; url: URL; context: RequestContext }): Promise<Outcome> {
      const flowId = flowIdOf(url.searchParams.get('state'));
      const flow = flowId ? await flows.get(flowId) : null;
      const pending = flow?.internal.pending?.oidc as OidcPending | undefined;
      if (!oidc || !flow || !pending || pending.provider !== provider || (flow.kind !== 'login' && flow.kind !== 'registration')) {
        throw identityErrors.badRequest('The social sign-in could not be matched to a sign-in attempt. Please start again.');
      }
      if (flow.expiresAt.getTime() < Date.now()) throw identityErrors.flowExpired(flow.expiresAt);
      if (url.searchParams.get('error'))
        throw identityErrors.badRequest(
          `The provider refused the sign-in: ${url.searchParams.get('error_description') ?? url.searchParams.get('error')}`,
        );
      const claims = await oidc.finish(url, pending).catch((error: unknown) => {
        throw identityErrors.badRequest(
          `The sign-in with the provider could not be completed (${error instanceof Error ? error.message : 'unknown error'}).`,
        );
      });
      const cleared: FlowRow = { ...flow, internal: { ...flow.internal, pending: { ...flow.internal.pending, oidc: undefined } } };
      // An app's flow only borrows this browser: whatever session the browser has stays out of it.
      const signIn: RequestContext = flow.type === 'api' ? { ...context, sessionToken: undefined } : context;
      const identifier = `${provider}:${claims.subject}`;
      const linked = await identities.findByCredential('oidc', identifier);
      if (linked) return backToApp(await finishLogin(cleared, linked.id, 'oidc', signIn));
      if (!claims.email)
        throw identityErrors.badRequest('The provider did not share an email address, which this site needs to create your account.');
      const existing = await identities.findByIdentifier(claims.email);
      if (existing) {
        // Never link silently: the owner of the account proves it by signing in the usual way first.
        const label = oidc.list().find((p) => p.id === provider)?.label ?? provider;
        const linking = await flows.create({
          kind: 'login',
          type: flow.type,
          requestUrl: `${publicBaseUrl}/self-service/login/${flow.type}`,
          returnTo: flow.returnTo,
          uiMessages: [
            messages.accountLinking({
              duplicateIdentifier: claims.email,
              provider: label,
              duplicate_identifier: claims.email,
              available_credential_types: await identities.credentialTypes(existing.id),
            }),
          ],
          internal: {
            values: { identifier: claims.email },
            pending: { linkOidc: { provider, subject: claims.subject, email: claims.email } },
          },
          csrfToken: flow.csrfToken,
        });
        // A native app signs in to link in its own screens: the exchange hands it this flow.
        if (flow.type === 'api') return returnToApp(cleared, { continueFlowId: linking.id });
        return { kind: 'redirect', to: `${uiUrls.login}?flow=${linking.id}` };
      }
      const created = await identities.create({
        traits: {
          email: claims.email,
          ...(claims.firstName || claims.lastName
            ? { name: { ...(claims.firstName ? { first: claims.firstName } : {}), ...(claims.lastName ? { last: claims.lastName } : {}) } }
            : {}),
        },
        verified: claims.emailVerified,
      });
      await identities.setCredential(created.identity.id, 'oidc', {
        identifiers: [identifier],
        config: { providers: [{ provider, subject: claims.subject }] },
      });
      return backToApp(await finishRegistration(cleared, created, 'oidc', signIn, !claims.emailVerified));
    },

    /** GET /sessions/token-exchange — a native app trades its two codes, once, for the session and its token. */
    async exchangeSessionToken(
      initCode: string,
      returnToCode: string,
    ): Promise<{ session: SessionRow; token: string } | { continueWith: FlowRow }> {
      const flowId = flowIdOf(returnToCode);
      const flow = flowId ? await flows.get(flowId) : null;
      const exchange = flow?.internal.tokenExchange;
      if (!flow || !exchange?.returnToHash || exchange.returnToHash !== hashToken(returnToCode)) throw identityErrors.noExchangedSession();
      // The return_to code went through a browser; only the app that started the flow knows the init code.
      if (exchange.initHash !== hashToken(initCode))
        throw identityErrors.forbidden('The init_code does not belong to the flow of this return_to_code.');
      if (flow.expiresAt.getTime() < Date.now()) throw identityErrors.flowExpired(flow.expiresAt);
      const next = exchange.continueFlowId ? await flows.get(exchange.continueFlowId) : null;
      if (next) return { continueWith: next };
      const session = exchange.sessionId ? await sessions.get(exchange.sessionId) : null;
      if (!session || !session.active || session.expiresAt.getTime() < Date.now()) throw identityErrors.noExchangedSession();
      if (!(await flows.endTokenExchange(flow.id, exchange.returnToHash))) throw identityErrors.noExchangedSession();
      // Nobody has held this session's token yet (the browser got no cookie): the exchange issues it.
      return { session, token: await sessions.renew(session.id) };
    },
  };
}
