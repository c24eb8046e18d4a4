// The registration flow: password, emailed code, passkey, social sign-in (started here, finished in
// social-sign-in.ts) and the profile-first step (two-step.ts). A new account gets a session at once
// and, unless its address is already proved, a verification flow.
import { checkPasswordPolicy, hashPassword } from '../credentials/password.ts';
import type { FlowRow } from '../flow-store.ts';
import type { IdentityWithAddresses } from '../identity-store.ts';
import { messages } from '../messages.ts';
import type { ContinueWith, Outcome } from '../outcome.ts';
import { verifyRegistration as verifyPasskeyRegistration } from '../passkeys.ts';
import type { IdentityTraits, UiText } from '../schema.ts';
import { normaliseIdentifier, parseTraits } from '../traits.ts';
import { addressOf, duplicateMessage, str, type Body, type FlowContext, type RequestContext } from './context.ts';
import { parseJsonField } from './passkey-helpers.ts';
import { startOidc } from './social-sign-in.ts';
import { submitProfileStep } from './two-step.ts';
import type { VerificationFlow } from './verification.ts';

type ParsedTraits = ReturnType<typeof parseTraits>;

export function createRegistrationFlow(ctx: FlowContext, verification: Pick<VerificationFlow, 'start'>) {
  const { identities, flows, limiter, secrets, invalid } = ctx;
  const { passwordParams, relyingParty, uiUrls } = ctx.options;

  async function submit(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    const method = str(body.method) || (body.provider ? 'oidc' : '');
    if (method === 'oidc') return startOidc(ctx, flow, str(body.provider));
    if (method === 'profile' || str(body.screen)) return submitProfileStep(flow, body, ctx.twoStep);
    // After a profile step the traits are the flow's own when the credential step does not repeat them.
    const sentTraits = body.traits && typeof body.traits === 'object' ? body.traits : flow.internal.profileStep?.traits;
    const parsed = parseTraits(sentTraits);
    const rawTraits = (sentTraits ?? {}) as Record<string, unknown>;
    if (method === 'code') return codeRegistration(flow, body, context, parsed, rawTraits);
    if (method === 'password') return passwordRegistration(flow, body, context, parsed, rawTraits);
    if (method === 'passkey' || method === 'webauthn') return passkeyRegistration(flow, body, context, parsed, rawTraits);
    return invalid(flow, {
      ui: [{ id: 4010003, text: 'Could not find a strategy to sign you up with. Did you fill out the form correctly?', type: 'error' }],
      values: { traits: rawTraits },
    });
  }

  async function codeRegistration(
    flow: FlowRow,
    body: Body,
    context: RequestContext,
    parsed: ParsedTraits,
    rawTraits: Record<string, unknown>,
  ): Promise<Outcome> {
    const resend = str(body.resend) === 'code';
    const code = str(body.code).trim();
    if (flow.state === 'sent_email' && !resend && code) {
      const stored = flow.internal.code;
      if (
        stored?.traits &&
        parsed.ok &&
        normaliseIdentifier(parsed.traits.email) !== normaliseIdentifier(String((stored.traits as IdentityTraits).email))
      ) {
        return invalid(flow, { ui: [messages.traitsChanged()] });
      }
      const checked = await secrets.checkCode(flow, code);
      if (!checked.ok) return secrets.reject(checked, messages.registrationCodeInvalid(), 'code');
      const traits = stored!.traits as IdentityTraits;
      if (await identities.emailInUse(traits.email)) return invalid(checked.flow, { ui: [duplicateMessage(traits.email)] });
      const identity = await identities.create({ traits, verified: true });
      await identities.setCredential(identity.identity.id, 'code', {
        identifiers: [normaliseIdentifier(traits.email)],
        config: { addresses: [{ channel: 'email', address: traits.email }] },
      });
      return finish(checked.flow, identity, 'code', context, false);
    }
    if (!parsed.ok) return invalid(flow, { nodes: parsed.nodeMessages, values: { traits: rawTraits } });
    if (await identities.emailInUse(parsed.traits.email))
      return invalid(flow, { ui: [duplicateMessage(parsed.traits.email)], values: { traits: rawTraits } });
    const wait = await limiter.emailWait('code', normaliseIdentifier(parsed.traits.email), addressOf(context));
    if (wait > 0) return invalid(flow, { ui: [messages.rateLimited(wait)], values: { traits: rawTraits } });
    const sent = await secrets.sendCode(
      {
        ...flow,
        state: 'sent_email',
        active: 'code',
        uiMessages: [messages.registrationCodeSent()],
        internal: { ...flow.internal, values: { traits: parsed.traits } },
      },
      'registration_code',
      parsed.traits.email,
      { traits: parsed.traits },
    );
    return { kind: 'flow', status: 400, flow: await flows.save(sent) };
  }

  async function passwordRegistration(
    flow: FlowRow,
    body: Body,
    context: RequestContext,
    parsed: ParsedTraits,
    rawTraits: Record<string, unknown>,
  ): Promise<Outcome> {
    const password = str(body.password);
    const nodeMessages: Record<string, UiText[]> = parsed.ok ? {} : { ...parsed.nodeMessages };
    if (!password) nodeMessages.password = [messages.required('password')];
    else {
      const policy = checkPasswordPolicy({ password, identifier: parsed.ok ? parsed.traits.email : str(rawTraits.email) });
      if (!policy.ok) nodeMessages.password = [policy.message];
    }
    if (Object.keys(nodeMessages).length > 0 || !parsed.ok) return invalid(flow, { nodes: nodeMessages, values: { traits: rawTraits } });
    if (await identities.emailInUse(parsed.traits.email))
      return invalid(flow, { ui: [duplicateMessage(parsed.traits.email)], values: { traits: rawTraits } });
    const identity = await identities.create({ traits: parsed.traits });
    await identities.setCredential(identity.identity.id, 'password', {
      identifiers: [normaliseIdentifier(parsed.traits.email)],
      config: { hashedPassword: await hashPassword(password, { params: passwordParams }) },
    });
    return finish(flow, identity, 'password', context, true);
  }

  async function passkeyRegistration(
    flow: FlowRow,
    body: Body,
    context: RequestContext,
    parsed: ParsedTraits,
    rawTraits: Record<string, unknown>,
  ): Promise<Outcome> {
    if (!parsed.ok) return invalid(flow, { nodes: parsed.nodeMessages, values: { traits: rawTraits } });
    if (await identities.emailInUse(parsed.traits.email))
      return invalid(flow, { ui: [duplicateMessage(parsed.traits.email)], values: { traits: rawTraits } });
    const pending = flow.internal.pending?.passkey as { challenge: string; userHandle?: string } | undefined;
    const passkey = pending
      ? await verifyPasskeyRegistration(relyingParty, {
          response: parseJsonField(body.passkey_register),
          challenge: pending.challenge,
          displayName: 'Passkey',
        })
      : null;
    if (!passkey || !pending?.userHandle)
      return invalid(flow, {
        ui: [{ id: 4000001, text: 'The passkey could not be created. Please try again or choose another way to sign up.', type: 'error' }],
        values: { traits: rawTraits },
      });
    const identity = await identities.create({ traits: parsed.traits, id: pending.userHandle });
    await ctx.passkeys.save(identity.identity.id, [passkey]);
    return finish(flow, identity, 'passkey', context, true);
  }

  /** The account exists: a session, and (`verify`) a verification flow for its address. */
  async function finish(
    flow: FlowRow,
    identity: IdentityWithAddresses,
    method: string,
    context: RequestContext,
    verify: boolean,
  ): Promise<Outcome> {
    const { session, token } = await ctx.startSession(identity.identity.id, method, context);
    const saved = await flows.save({ ...flow, state: 'passed_challenge', active: method, identityId: identity.identity.id });
    const continueWith: ContinueWith[] = [];
    if (saved.type === 'api') continueWith.push({ action: 'set_ory_session_token', ory_session_token: token });
    if (verify) {
      // after_verification_return_to, when the flow was started with one (flows/flow-params.ts).
      const afterVerification = flow.internal.params?.afterVerificationReturnTo ?? flow.returnTo;
      const started = await verification.start(
        identity.identity.id,
        identity.identity.traits.email,
        saved.type,
        afterVerification,
        saved.type === 'browser' ? saved.csrfToken : undefined,
      );
      continueWith.push({
        action: 'show_verification_ui',
        flow: { id: started.id, verifiable_address: identity.identity.traits.email, url: `${uiUrls.verification}?flow=${started.id}` },
      });
    }
    const fresh = (await identities.get(identity.identity.id))!;
    return { kind: 'registered', flow: saved, session, token, identity: fresh, continueWith };
  }

  return { submit, finish };
}
