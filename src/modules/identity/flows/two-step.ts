// Kratos's two-step screens, besides the one-screen forms (kratos-notes.md §11 "identifier-first",
// "profile-first registration"):
// - identifier_first login: the first screen asks only the identifier; submitting it with
//   `method=identifier_first` shows the sign-in methods for that identifier. An identifier with no
//   account gets the usual methods, so the answer does not tell who has an account (as in Kratos).
// - profile registration: the first screen asks the traits; `method=profile` checks them and shows
//   the credential step (password, code, passkey, social) with the traits kept; `screen=previous`
//   (or `credential-selection`) goes back to edit them.
// Both answer like Kratos's other "show the form again" steps: 400 with the flow for JSON, 303 to
// the screen for a browser form (identity-routes.ts sendOutcome).
import type { FlowRow } from '../flow-store.ts';
import type { Outcome } from '../outcome.ts';
import { messages } from '../messages.ts';
import type { CredentialType, UiText } from '../schema.ts';
import { normaliseIdentifier, parseTraits } from '../traits.ts';

export interface TwoStepDeps {
  findIdentity(identifier: string): Promise<{ id: string } | null>;
  credentialTypes(identityId: string): Promise<CredentialType[]>;
  emailInUse(email: string): Promise<boolean>;
  duplicate(email: string): UiText;
  save(flow: FlowRow): Promise<FlowRow>;
  invalid(flow: FlowRow, change: { ui?: UiText[]; nodes?: Record<string, UiText[]>; values?: Record<string, unknown> }): Promise<Outcome>;
}

/** What a sign-in method needs from the account: a password, or a passkey; a code works for every account. */
const METHOD_NEEDS: Record<string, CredentialType | null> = { password: 'password', code: null, passkey: 'passkey' };

/** Methods offered when there is no account: as if there were one with a password. */
const UNKNOWN_ACCOUNT_METHODS = ['password', 'code'];

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export async function submitIdentifierFirst(flow: FlowRow, body: Record<string, unknown>, deps: TwoStepDeps): Promise<Outcome> {
  const identifier = normaliseIdentifier(text(body.identifier));
  if (!identifier) return deps.invalid(flow, { nodes: { identifier: [messages.required('identifier')] } });
  const identity = await deps.findIdentity(identifier);
  const types = identity ? await deps.credentialTypes(identity.id) : null;
  const methods = types
    ? Object.keys(METHOD_NEEDS).filter((method) => METHOD_NEEDS[method] === null || types.includes(METHOD_NEEDS[method]!))
    : UNKNOWN_ACCOUNT_METHODS;
  const next: FlowRow = {
    ...flow,
    internal: { ...flow.internal, values: { ...flow.internal.values, identifier }, identifierFirst: { methods } },
  };
  return { kind: 'flow', status: 400, flow: await deps.save(next) };
}

export async function submitProfileStep(flow: FlowRow, body: Record<string, unknown>, deps: TwoStepDeps): Promise<Outcome> {
  const screen = text(body.screen);
  const rawTraits = (body.traits && typeof body.traits === 'object' ? body.traits : (flow.internal.profileStep?.traits ?? {})) as Record<
    string,
    unknown
  >;
  if (screen === 'previous' || screen === 'credential-selection') {
    // Back to the traits, as they were typed.
    const back: FlowRow = {
      ...flow,
      internal: { ...flow.internal, values: { ...flow.internal.values, traits: rawTraits }, profileStep: undefined },
    };
    return { kind: 'flow', status: 400, flow: await deps.save(back) };
  }
  const parsed = parseTraits(rawTraits);
  if (!parsed.ok) return deps.invalid(flow, { nodes: parsed.nodeMessages, values: { traits: rawTraits } });
  if (await deps.emailInUse(parsed.traits.email))
    return deps.invalid(flow, { ui: [deps.duplicate(parsed.traits.email)], values: { traits: rawTraits } });
  const next: FlowRow = {
    ...flow,
    internal: { ...flow.internal, values: { ...flow.internal.values, traits: parsed.traits }, profileStep: { traits: parsed.traits } },
  };
  return { kind: 'flow', status: 400, flow: await deps.save(next) };
}
