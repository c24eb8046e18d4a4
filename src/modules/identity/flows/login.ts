// The login flow: password, emailed code, passkey, social sign-in (started here, finished in
// social-sign-in.ts), the identifier-first step (two-step.ts) and the aal2 step (second factors).
import { verifyPassword, verifyPasswordAgainstDummy } from '../credentials/password.ts';
import { identityErrors } from '../errors.ts';
import type { FlowRow } from '../flow-store.ts';
import { messages } from '../messages.ts';
import type { ContinueWith, Outcome } from '../outcome.ts';
import { credentialIdOf, verifyLogin as verifyPasskeyLogin } from '../passkeys.ts';
import type { UiText } from '../schema.ts';
import { normaliseIdentifier } from '../traits.ts';
import { addressOf, str, type Body, type FlowContext, type RequestContext } from './context.ts';
import { codeAddress } from './flow-params.ts';
import { parseJsonField } from './passkey-helpers.ts';
import { startOidc } from './social-sign-in.ts';
import { submitIdentifierFirst } from './two-step.ts';

export function createLoginFlow(ctx: FlowContext) {
  const { identities, sessions, flows, limiter, secrets, invalid } = ctx;
  const { publicBaseUrl, passwordParams, relyingParty } = ctx.options;

  async function submit(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    const method = str(body.method) || (body.provider ? 'oidc' : '');
    if (flow.requestedAal === 'aal2') return secondFactorLogin(flow, body, context);
    if (method === 'oidc') return startOidc(ctx, flow, str(body.provider));
    if (method === 'passkey' || method === 'webauthn') return passkeyLogin(flow, body, context);
    if (method === 'identifier_first') return submitIdentifierFirst(flow, body, ctx.twoStep);
    if (method === 'password') return passwordLogin(flow, body, context);
    if (method === 'code') return codeLogin(flow, body, context);
    return invalid(flow, { ui: [messages.noStrategy()] });
  }

  async function passwordLogin(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    // After an identifier-first step the identifier is the flow's own.
    const identifier = normaliseIdentifier(
      str(body.identifier) || str(body.password_identifier) || (flow.internal.identifierFirst ? str(flow.internal.values?.identifier) : ''),
    );
    const password = str(body.password);
    const values = { identifier };
    const nodeMessages: Record<string, UiText[]> = {};
    if (!identifier) nodeMessages.identifier = [messages.required('identifier')];
    if (!password) nodeMessages.password = [messages.required('password')];
    if (Object.keys(nodeMessages).length > 0) return invalid(flow, { nodes: nodeMessages, values });
    const address = addressOf(context);
    const wait = await limiter.passwordWait(identifier, address);
    if (wait > 0) return invalid(flow, { ui: [messages.rateLimited(wait)], values });
    const identity = await identities.findByIdentifier(identifier);
    const credential = identity ? await identities.credential(identity.id, 'password') : null;
    const hash = typeof credential?.config.hashedPassword === 'string' ? credential.config.hashedPassword : null;
    // Without an account, spend the same time hashing so timing does not reveal which emails exist.
    const ok = hash ? await verifyPassword(hash, password) : await verifyPasswordAgainstDummy(password, { params: passwordParams });
    if (!ok || !identity) {
      await limiter.passwordFailed(identifier, address);
      return invalid(flow, { ui: [messages.invalidCredentials()], values });
    }
    if (identity.state !== 'active') return invalid(flow, { ui: [messages.identityDisabled()], values });
    await limiter.passwordSucceeded(identifier, address);
    return finish(flow, identity.id, 'password', context);
  }

  async function codeLogin(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    const identifier = normaliseIdentifier(str(body.identifier) || str(flow.internal.values?.identifier));
    const resend = str(body.resend) === 'code';
    const code = str(body.code).trim();
    if (flow.state === 'sent_email' && !resend && code) {
      const checked = await secrets.checkCode(flow, code);
      if (!checked.ok) return secrets.reject(checked, messages.loginCodeInvalid(), 'code');
      const stored = flow.internal.code!;
      await identities.markVerified(stored.identityId!, stored.address);
      return finish(checked.flow, stored.identityId!, 'code', context);
    }
    if (!identifier) return invalid(flow, { nodes: { identifier: [messages.required('identifier')] } });
    const wait = await limiter.emailWait('code', identifier, addressOf(context));
    if (wait > 0) return invalid(flow, { ui: [messages.rateLimited(wait)], values: { identifier } });
    const identity = await identities.findByIdentifier(identifier);
    if (!identity) return invalid(flow, { nodes: { identifier: [messages.noCodeUser()] }, values: { identifier } });
    // The flow's `via` names the trait the code goes to (flows/flow-params.ts).
    const address = codeAddress(identity.traits as Record<string, unknown>, flow.internal.params) ?? identifier;
    const sent = await secrets.sendCode(
      {
        ...flow,
        state: 'sent_email',
        active: 'code',
        uiMessages: [messages.loginCodeSent()],
        internal: { ...flow.internal, values: { identifier } },
      },
      'login_code',
      address,
      { identityId: identity.id },
    );
    // Kratos answers a sent code with 400 and the flow: clients expect it.
    return { kind: 'flow', status: 400, flow: await flows.save(sent) };
  }

  async function passkeyLogin(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    const pending = flow.internal.pending?.passkey as { challenge: string } | undefined;
    const response = parseJsonField(body.passkey_login);
    const credentialId = credentialIdOf(response);
    const failed = () =>
      invalid(flow, {
        ui: [{ id: 4010009, text: 'The passkey could not be verified. Please try again or choose another way to sign in.', type: 'error' }],
      });
    if (!pending || !credentialId) return failed();
    const identity = await identities.findByCredential('passkey', credentialId);
    const passkeys = identity ? await ctx.passkeys.stored(identity.id) : [];
    const stored = passkeys.find((p) => p.id === credentialId);
    if (!identity || !stored) return failed();
    const counter = await verifyPasskeyLogin(relyingParty, { response, challenge: pending.challenge, stored });
    if (counter === null) return failed();
    await ctx.passkeys.save(
      identity.id,
      passkeys.map((p) => (p.id === stored.id ? { ...p, counter } : p)),
    );
    return finish(flow, identity.id, 'passkey', context);
  }

  async function secondFactorLogin(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    const session = await ctx.currentSession(context.sessionToken);
    if (!session || session.identityId !== flow.identityId) throw identityErrors.sessionInactive();
    const method = str(body.method);
    const result = await ctx.secondFactors.verifyLogin(session.identityId, method, body);
    if (!result.ok) return invalid(flow, { nodes: result.nodeMessages });
    const upgraded = await sessions.addMethod(session.id, { method, aal: 'aal2', completed_at: new Date().toISOString() });
    const token = await sessions.renew(session.id);
    const identity = (await identities.get(session.identityId))!;
    const saved = await flows.save({ ...flow, state: 'passed_challenge', active: method });
    const continueWith: ContinueWith[] = saved.type === 'api' ? [{ action: 'set_ory_session_token', ory_session_token: token }] : [];
    continueWith.push({ action: 'redirect_browser_to', redirect_browser_to: ctx.returnTarget(flow) });
    return { kind: 'signed_in', flow: saved, session: upgraded, token, identity, continueWith };
  }

  /** The identity proved who it is: a session (or the refreshed one), then on to the aal2 step or return_to. */
  async function finish(flow: FlowRow, identityId: string, method: string, context: RequestContext): Promise<Outcome> {
    if (!context.fromThisMachine && (await ctx.signsInOnlyHere(identityId)))
      return invalid(flow, { ui: [messages.demoAccountThisMachineOnly()] });
    const existing = await ctx.currentSession(context.sessionToken);
    // A refresh (re-authentication) renews the same session's authentication time.
    const { session, token } =
      flow.refresh && existing && existing.identityId === identityId
        ? {
            session: await sessions.addMethod(existing.id, { method, aal: 'aal1', completed_at: new Date().toISOString() }),
            token: await sessions.renew(existing.id),
          }
        : await ctx.startSession(identityId, method, context);
    await linkPendingOidc(flow, identityId);
    const identity = (await identities.get(identityId))!;
    const saved = await flows.save({ ...flow, state: 'passed_challenge', active: method, identityId });
    const continueWith: ContinueWith[] = [];
    if (saved.type === 'api') continueWith.push({ action: 'set_ory_session_token', ory_session_token: token });
    // A second factor on the account: the browser continues to the aal2 step.
    const types = await identities.credentialTypes(identityId);
    const needsSecondFactor = types.includes('totp') || types.includes('lookup_secret');
    const next = needsSecondFactor
      ? `${publicBaseUrl}/self-service/login/browser?aal=aal2${flow.returnTo ? `&return_to=${encodeURIComponent(flow.returnTo)}` : ''}`
      : ctx.returnTarget(flow);
    continueWith.push({ action: 'redirect_browser_to', redirect_browser_to: next });
    return { kind: 'signed_in', flow: saved, session, token, identity, continueWith };
  }

  /** After the owner signs in, a social account waiting to be linked is added to it. */
  async function linkPendingOidc(flow: FlowRow, identityId: string): Promise<void> {
    const link = flow.internal.pending?.linkOidc as { provider: string; subject: string } | undefined;
    if (!link) return;
    const current = await identities.credential(identityId, 'oidc');
    const providers = [
      ...((current?.config.providers as { provider: string; subject: string }[] | undefined) ?? []),
      { provider: link.provider, subject: link.subject },
    ];
    await identities.setCredential(identityId, 'oidc', {
      identifiers: providers.map((p) => `${p.provider}:${p.subject}`),
      config: { providers },
    });
  }

  return { submit, finish };
}
