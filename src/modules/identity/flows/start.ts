// Starting and reading flows, for every kind: GET /self-service/<kind>/browser|api (initFlow),
// GET …/flows?id= (getFlow), and the checks a submission passes before its kind's flow sees it
// (CSRF, expiry: openForSubmit).
import { randomUUID } from 'node:crypto';
import { IdentityError, identityErrors } from '../errors.ts';
import type { FlowRow } from '../flow-store.ts';
import { messages } from '../messages.ts';
import type { Outcome } from '../outcome.ts';
import { loginOptions, registrationOptions } from '../passkeys.ts';
import type { FlowKind, FlowParams } from '../schema.ts';
import { hashToken } from '../session-store.ts';
import { newSecret, str, type Body, type FlowContext, type RequestContext } from './context.ts';
import { expiredMessage } from './email-challenge.ts';
import { withPasskey } from './passkey-helpers.ts';

export interface InitFlowInput {
  kind: FlowKind;
  type: 'browser' | 'api';
  requestUrl: string;
  returnTo?: string;
  refresh?: boolean;
  aal?: string;
  csrfToken?: string;
  /** A native app's login or registration that may finish in a browser (social sign-in). */
  returnSessionTokenExchangeCode?: boolean;
  /** login_challenge, organization, via, after_verification_return_to (flows/flow-params.ts). */
  params?: FlowParams;
  context: RequestContext;
}

export function createFlowStart(ctx: FlowContext) {
  const { identities, flows } = ctx;
  const { publicBaseUrl, relyingParty } = ctx.options;
  const alreadySignedIn = (target: string | null): Outcome => ({ kind: 'already_signed_in', returnTo: target ?? ctx.defaultReturnTo });

  /** The enrolment QR code and the passkey options are ready when the page opens, as in Kratos. */
  async function startSettings(input: InitFlowInput, target: string | null, identityId: string): Promise<Outcome> {
    const { kind, type, requestUrl, csrfToken } = input;
    const flow = await flows.create({ kind, type, requestUrl, returnTo: target, identityId, csrfToken });
    const identity = (await identities.get(identityId))!;
    const hasTotp = (await identities.credentialTypes(identityId)).includes('totp');
    const withTotp = hasTotp ? flow : await ctx.secondFactors.withNewTotp(flow, identity.identity.traits.email);
    const options = await registrationOptions(relyingParty, {
      userHandle: identityId,
      userName: identity.identity.traits.email,
      exclude: await ctx.passkeys.stored(identityId),
    });
    return { kind: 'flow', status: 200, flow: await flows.save(withPasskey(withTotp, options)) };
  }

  return {
    /** GET /self-service/<kind>/browser|api */
    async initFlow(input: InitFlowInput): Promise<Outcome> {
      const { kind, type, requestUrl, returnTo, refresh = false, aal, csrfToken, returnSessionTokenExchangeCode = false } = input;
      const params = input.params ?? {};
      const target = ctx.checkReturnTo(returnTo);
      const session = await ctx.currentSession(input.context.sessionToken);
      const initCode =
        returnSessionTokenExchangeCode && type === 'api' && (kind === 'login' || kind === 'registration') ? newSecret() : undefined;
      const exchange = initCode ? { tokenExchange: { initHash: hashToken(initCode) } } : {};
      if (kind === 'settings') {
        if (!session) throw identityErrors.sessionInactive();
        return startSettings(input, target, session.identityId);
      }
      if (kind === 'login') {
        const wantsAal2 = aal === 'aal2';
        if (wantsAal2 && !session)
          throw new IdentityError(
            401,
            'session_aal1_required',
            'You can not requested a higher AAL (AAL2/AAL3) without an active session.',
          );
        if (session && !refresh && !wantsAal2) return alreadySignedIn(target);
        if (session && wantsAal2 && session.aal === 'aal2') return alreadySignedIn(target);
        const uiMessages = wantsAal2 ? [messages.secondFactor()] : refresh && session ? [messages.reauthenticate()] : [];
        const identity = session ? await identities.get(session.identityId) : null;
        const created = await flows.create({
          kind,
          type,
          requestUrl,
          returnTo: target,
          refresh: refresh && Boolean(session),
          requestedAal: wantsAal2 ? 'aal2' : 'aal1',
          identityId: session?.identityId,
          uiMessages,
          internal: { ...(identity && refresh ? { values: { identifier: identity.identity.traits.email } } : {}), ...exchange, params },
          csrfToken,
        });
        return {
          kind: 'flow',
          status: 200,
          flow: wantsAal2 ? created : await flows.save(withPasskey(created, await loginOptions(relyingParty))),
          sessionTokenExchangeCode: initCode,
        };
      }
      if ((kind === 'registration' || kind === 'recovery') && session) return alreadySignedIn(target);
      const created = await flows.create({
        kind,
        type,
        requestUrl,
        returnTo: target,
        csrfToken,
        internal: kind === 'registration' ? { ...exchange, params } : exchange,
      });
      if (kind !== 'registration') return { kind: 'flow', status: 200, flow: created };
      // The new account's WebAuthn user handle is its future identity id.
      const userHandle = randomUUID();
      const options = await registrationOptions(relyingParty, { userHandle, userName: 'new-account' });
      return {
        kind: 'flow',
        status: 200,
        flow: await flows.save(withPasskey(created, options, userHandle)),
        sessionTokenExchangeCode: initCode,
      };
    },

    /** GET /self-service/<kind>/flows?id= — checks the browser's anti-CSRF cookie. */
    async getFlow({
      kind,
      id,
      csrfCookie,
      sessionToken,
    }: {
      kind: FlowKind;
      id: string;
      csrfCookie?: string;
      /** The request's identity session (cookie or X-Session-Token). */ sessionToken?: string;
    }): Promise<FlowRow> {
      const flow = await flows.get(id);
      if (!flow || flow.kind !== kind) throw identityErrors.notFound(`Unable to locate the resource`);
      // A settings flow shows the identity (email, names, a pending TOTP secret): as in Kratos, only
      // the session of the identity it belongs to may read it, whoever knows its id.
      if (flow.kind === 'settings') {
        const session = await ctx.currentSession(sessionToken);
        if (!session) throw identityErrors.sessionInactive();
        if (session.identityId !== flow.identityId) throw identityErrors.identityMismatch();
      }
      if (flow.type === 'browser' && flow.csrfToken !== csrfCookie)
        throw identityErrors.csrf(
          csrfCookie ? 'The anti-CSRF cookie does not match this flow.' : 'The anti-CSRF cookie was not sent with the request.',
        );
      if (flow.expiresAt.getTime() < Date.now())
        throw identityErrors.flowExpired(
          flow.expiresAt,
          undefined,
          `${publicBaseUrl}/self-service/${kind}/browser${flow.returnTo ? `?return_to=${encodeURIComponent(flow.returnTo)}` : ''}`,
        );
      return flow;
    },

    /**
     * The flow a POST /self-service/<kind>?flow= names, once its CSRF token matches and it has not
     * expired (an expired one is replaced by a fresh flow the error names); its old messages cleared.
     */
    async openForSubmit({ kind, id, body, csrfCookie }: { kind: FlowKind; id: string; body: Body; csrfCookie?: string }): Promise<FlowRow> {
      const found = await flows.get(id);
      if (!found || found.kind !== kind) throw identityErrors.notFound('Unable to locate the resource');
      if (found.type === 'browser') {
        const sent = str(body.csrf_token);
        if (!csrfCookie) throw identityErrors.csrf('The anti-CSRF cookie was not sent with the request.');
        if (!sent) throw identityErrors.csrf('The anti-CSRF token was not sent in the request body.');
        if (!(sent === found.csrfToken && csrfCookie === found.csrfToken))
          throw identityErrors.csrf('The anti-CSRF token does not match the anti-CSRF cookie.');
      }
      if (found.expiresAt.getTime() < Date.now()) {
        const replacement = await flows.create({
          kind,
          type: found.type,
          requestUrl: found.requestUrl,
          returnTo: found.returnTo,
          identityId: found.identityId,
          requestedAal: found.requestedAal,
          refresh: found.refresh,
          uiMessages: [expiredMessage(found)],
          csrfToken: found.type === 'browser' ? found.csrfToken : undefined,
        });
        throw identityErrors.flowExpired(found.expiresAt, replacement.id);
      }
      return { ...found, uiMessages: [], internal: { ...found.internal, nodeMessages: undefined } };
    },
  };
}
