// What every flow needs, built once by the facade (identity-service.ts) and passed to each flow's
// factory: the options, the module's stores, and the small helpers the flows share (return_to
// check, "show the form again", sessions, the demo-account rule).
import { randomBytes } from 'node:crypto';
import { IdentityError, identityErrors } from '../errors.ts';
import { createFlowStore, type FlowRow, type FlowStore } from '../flow-store.ts';
import { createIdentityStore, type IdentityStore } from '../identity-store.ts';
import { createAttemptLimiter } from '../attempt-limiter.ts';
import { messages } from '../messages.ts';
import type { Outcome } from '../outcome.ts';
import type { UiText } from '../schema.ts';
import { createSecondFactors } from '../second-factors.ts';
import { localSessionChanges } from '../session-changes.ts';
import { createSessionStore, PRIVILEGED_WINDOW_MS, type SessionRow, type SessionStore } from '../session-store.ts';
import { createEmailedSecrets } from './emailed-secrets.ts';
import { createPasskeyCredentials } from './passkey-helpers.ts';
import type { TwoStepDeps } from './two-step.ts';
import type { IdentityServiceOptions, InvalidChange, RequestContext } from './types.ts';

export type { Body, ChallengeKind, IdentityEmail, IdentityMailer, IdentityServiceOptions, InvalidChange, RequestContext } from './types.ts';

export const str = (value: unknown): string => (typeof value === 'string' ? value : '');
/** The client address sign-in throttling counts against. */
export const addressOf = (context: RequestContext): string => context.device.ip_address ?? '';
export const newSecret = () => randomBytes(32).toString('base64url');

/** "An account with this email exists", with the hints Kratos gives. */
export function duplicateMessage(email: string): UiText {
  return messages.duplicateWithHints({
    available_credential_types: ['password', 'code'],
    available_oidc_providers: [],
    credential_identifier_hint: email,
  });
}

export function createFlowContext(options: IdentityServiceOptions) {
  const { db, publicBaseUrl, pepper } = options;
  const identities: IdentityStore = createIdentityStore({ db, publicBaseUrl });
  const sessionChanges = options.sessionChanges ?? localSessionChanges();
  const sessions: SessionStore = createSessionStore({ db, changes: sessionChanges });
  const flows: FlowStore = createFlowStore({ db });
  const siteOrigin = new URL(options.siteUrl).origin;
  const defaultReturnTo = `${siteOrigin}/`;

  async function invalid(flow: FlowRow, change: InvalidChange): Promise<Outcome> {
    let next: FlowRow = { ...flow, uiMessages: [...flow.uiMessages, ...(change.ui ?? [])] };
    if (change.nodes)
      next = { ...next, internal: { ...next.internal, nodeMessages: { ...(next.internal.nodeMessages ?? {}), ...change.nodes } } };
    if (change.values) next = { ...next, internal: { ...next.internal, values: { ...(next.internal.values ?? {}), ...change.values } } };
    return { kind: 'flow', status: 400, flow: await flows.save(next) };
  }

  const context = {
    options,
    identities,
    sessions,
    flows,
    sessionChanges,
    defaultReturnTo,
    limiter: createAttemptLimiter({ limits: options.limits }),
    secondFactors: createSecondFactors({ identities, pepper }),
    passkeys: createPasskeyCredentials(identities),
    secrets: createEmailedSecrets({ options, flows, invalid }),
    invalid,

    /** A return_to on this site, as an absolute URL; null when none was given. */
    checkReturnTo(returnTo: string | undefined): string | null {
      if (!returnTo) return null;
      try {
        const url = new URL(returnTo, siteOrigin);
        if (url.origin !== siteOrigin) throw identityErrors.returnToForbidden();
        return url.toString();
      } catch (error) {
        if (error instanceof IdentityError) throw error;
        throw identityErrors.returnToForbidden();
      }
    },
    returnTarget: (flow: FlowRow): string => flow.returnTo ?? defaultReturnTo,

    currentSession: async (token: string | undefined): Promise<SessionRow | null> => (token ? sessions.findByToken(token) : null),
    startSession: (identityId: string, method: string, context: RequestContext) =>
      sessions.create({ identityId, method, device: context.device }),
    /** Signed in recently enough to change the email, the password or a second factor. */
    isPrivileged: (session: SessionRow): boolean => Date.now() - session.authenticatedAt.getTime() < PRIVILEGED_WINDOW_MS,

    /** A demo account (decision 017): it signs in only from this machine. */
    async signsInOnlyHere(identityId: string): Promise<boolean> {
      if (!options.thisMachineOnlyEmails?.size) return false;
      const found = await identities.get(identityId);
      return Boolean(found?.addresses.some((address) => options.thisMachineOnlyEmails!.has(address.value)));
    },

    /** What the two-step screens (flows/two-step.ts) use. */
    twoStep: {
      findIdentity: (identifier) => identities.findByIdentifier(identifier),
      credentialTypes: (identityId) => identities.credentialTypes(identityId),
      emailInUse: (email) => identities.emailInUse(email),
      duplicate: duplicateMessage,
      save: (flow) => flows.save(flow),
      invalid,
    } satisfies TwoStepDeps,
  };
  return context;
}

export type FlowContext = ReturnType<typeof createFlowContext>;
