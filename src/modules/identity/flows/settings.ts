// The settings flow: profile (an email change needs a recent sign-in and starts a verification),
// password, the second factors (TOTP, backup codes) and passkeys. Only the session of the identity
// the flow belongs to may submit it.
import { checkPasswordPolicy, hashPassword } from '../credentials/password.ts';
import { identityErrors } from '../errors.ts';
import type { FlowRow } from '../flow-store.ts';
import type { IdentityWithAddresses } from '../identity-store.ts';
import { messages } from '../messages.ts';
import type { Outcome } from '../outcome.ts';
import { registrationOptions, verifyRegistration as verifyPasskeyRegistration } from '../passkeys.ts';
import type { SessionRow } from '../session-store.ts';
import { normaliseIdentifier, parseTraits } from '../traits.ts';
import { str, type Body, type FlowContext, type RequestContext } from './context.ts';
import { parseJsonField, withPasskey } from './passkey-helpers.ts';
import type { VerificationFlow } from './verification.ts';

/** Which method a settings form submitted: `method`, or the button that names it. */
function methodOf(body: Body): string {
  if (str(body.method)) return str(body.method);
  if (body.totp_unlink) return 'totp';
  if (body.lookup_secret_regenerate || body.lookup_secret_confirm) return 'lookup_secret';
  if (body.passkey_remove) return 'passkey';
  return '';
}

export function createSettingsFlow(ctx: FlowContext, verification: Pick<VerificationFlow, 'start'>) {
  const { identities, sessions, flows, invalid } = ctx;
  const { publicBaseUrl, passwordParams, relyingParty, uiUrls } = ctx.options;

  const saved = async (next: FlowRow): Promise<Outcome> => ({
    kind: 'flow',
    status: 200,
    flow: await flows.save({ ...next, state: 'success', uiMessages: [messages.settingsSaved()] }),
  });

  async function submit(flow: FlowRow, body: Body, context: RequestContext): Promise<Outcome> {
    const session = await ctx.currentSession(context.sessionToken);
    if (!session) throw identityErrors.sessionInactive();
    if (session.identityId !== flow.identityId) throw identityErrors.identityMismatch();
    const identity = (await identities.get(session.identityId))!;
    const method = methodOf(body);
    const refreshUrl = `${publicBaseUrl}/self-service/login/browser?refresh=true&return_to=${encodeURIComponent(`${uiUrls.settings}?flow=${flow.id}`)}`;
    // Everything but the names needs a recent sign-in.
    const requirePrivileged = () => {
      if (!ctx.isPrivileged(session)) throw identityErrors.sessionRefreshRequired(refreshUrl);
    };
    if (method === 'profile') return updateProfile(flow, body, identity, requirePrivileged);
    if (method === 'password') {
      requirePrivileged();
      return updatePassword(flow, body, identity, session);
    }
    if (method === 'totp' || method === 'lookup_secret') {
      requirePrivileged();
      return updateSecondFactor(flow, body, identity, session, method);
    }
    if (method === 'passkey' || method === 'webauthn') {
      requirePrivileged();
      return updatePasskeys(flow, body, identity);
    }
    return invalid(flow, {
      ui: [{ id: 4010005, text: 'Could not find a strategy to update your settings. Did you fill out the form correctly?', type: 'error' }],
    });
  }

  async function updateProfile(
    flow: FlowRow,
    body: Body,
    identity: IdentityWithAddresses,
    requirePrivileged: () => void,
  ): Promise<Outcome> {
    const parsed = parseTraits(body.traits);
    if (!parsed.ok) return invalid(flow, { nodes: parsed.nodeMessages });
    const emailChanged = normaliseIdentifier(parsed.traits.email) !== normaliseIdentifier(identity.identity.traits.email);
    if (emailChanged) {
      // The email is a sign-in identifier: changing it needs a recent sign-in.
      requirePrivileged();
      if (await identities.emailInUse(parsed.traits.email, identity.identity.id))
        return invalid(flow, { nodes: { 'traits.email': [messages.duplicate()] } });
    }
    await identities.updateTraits(identity.identity.id, parsed.traits);
    if (emailChanged)
      await verification.start(
        identity.identity.id,
        parsed.traits.email,
        flow.type,
        flow.returnTo,
        flow.type === 'browser' ? flow.csrfToken : undefined,
      );
    return saved(flow);
  }

  async function updatePassword(flow: FlowRow, body: Body, identity: IdentityWithAddresses, session: SessionRow): Promise<Outcome> {
    const password = str(body.password);
    if (!password) return invalid(flow, { nodes: { password: [messages.required('password')] } });
    const policy = checkPasswordPolicy({ password, identifier: identity.identity.traits.email });
    if (!policy.ok) return invalid(flow, { nodes: { password: [policy.message] } });
    await identities.setCredential(identity.identity.id, 'password', {
      identifiers: [normaliseIdentifier(identity.identity.traits.email)],
      config: { hashedPassword: await hashPassword(password, { params: passwordParams }) },
    });
    // Other devices sign in again with the new password.
    await sessions.revokeOthers(identity.identity.id, session.id);
    return saved(flow);
  }

  async function updateSecondFactor(
    flow: FlowRow,
    body: Body,
    identity: IdentityWithAddresses,
    session: SessionRow,
    method: 'totp' | 'lookup_secret',
  ): Promise<Outcome> {
    const result = await ctx.secondFactors.updateSettings(identity, flow, method, body);
    if (!result.ok) return invalid(result.flow, { nodes: result.nodeMessages });
    // Turning the app on proves it just now, so this session has passed the second factor: without
    // this, the account page (which wants aal2 once a second factor exists) would ask for another code at once.
    if (result.done && method === 'totp' && !body.totp_unlink)
      await sessions.addMethod(session.id, { method: 'totp', aal: 'aal2', completed_at: new Date().toISOString() });
    if (result.done) return saved(result.flow);
    return { kind: 'flow', status: 200, flow: await flows.save(result.flow) };
  }

  async function updatePasskeys(flow: FlowRow, body: Body, identity: IdentityWithAddresses): Promise<Outcome> {
    const passkeys = await ctx.passkeys.stored(identity.identity.id);
    if (typeof body.passkey_remove === 'string' && body.passkey_remove) {
      await ctx.passkeys.save(
        identity.identity.id,
        passkeys.filter((p) => p.id !== body.passkey_remove),
      );
      return saved(flow);
    }
    const pending = flow.internal.pending?.passkey as { challenge: string } | undefined;
    const passkey = pending
      ? await verifyPasskeyRegistration(relyingParty, {
          response: parseJsonField(body.passkey_settings_register),
          challenge: pending.challenge,
          displayName: `Passkey ${passkeys.length + 1}`,
        })
      : null;
    if (!passkey) return invalid(flow, { ui: [{ id: 4000001, text: 'The passkey could not be added. Please try again.', type: 'error' }] });
    await ctx.passkeys.save(identity.identity.id, [...passkeys, passkey]);
    const options = await registrationOptions(relyingParty, {
      userHandle: identity.identity.id,
      userName: identity.identity.traits.email,
      exclude: [...passkeys, passkey],
    });
    return saved(withPasskey(flow, options));
  }

  return { submit };
}
