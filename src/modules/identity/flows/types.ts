// The identity service's options and the types its flows share (their own file, so every flow and
// the facade can name them without importing one another).
import type { Db } from '../../../db/database.ts';
import type { LimitStore } from '../../../platform/rate-limits.ts';
import type { Argon2Params } from '../credentials/password.ts';
import type { Oidc } from '../oidc.ts';
import type { RelyingParty } from '../passkeys.ts';
import type { FlowKind, SessionDevice, UiText } from '../schema.ts';
import type { SessionChanges } from '../session-changes.ts';

export type IdentityEmail =
  | {
      to: string;
      template: 'login_code' | 'registration_code' | 'verification_code' | 'recovery_code';
      data: { code: string; expiresInMinutes: number };
    }
  | { to: string; template: 'recovery_link' | 'verification_link'; data: { link: string; expiresInMinutes: number } };

/** How the identity provider sends its emails (the mail module in the app; a recorder in tests). */
export interface IdentityMailer {
  send(input: IdentityEmail): Promise<void>;
}

export interface IdentityServiceOptions {
  db: Db;
  mailer: IdentityMailer;
  /** Absolute URL of the identity API, e.g. https://example.com/identity. */
  publicBaseUrl: string;
  /** Absolute URL of the site; return_to must stay on this origin. */
  siteUrl: string;
  /** Where each flow's screen lives (Kratos "UI URL"). */
  uiUrls: Record<FlowKind | 'error', string>;
  pepper: string;
  passwordParams?: Argon2Params;
  /** Social sign-in; absent when no provider is configured. */
  oidc?: Oidc;
  /** The site as a WebAuthn relying party (passkeys). */
  relyingParty: RelyingParty;
  /** Where sign-in throttling counts (Redis or memory). */
  limits: LimitStore;
  /** How ended sessions reach every process; this process only when omitted. */
  sessionChanges?: SessionChanges;
  /** Emails whose sign-in works only from this machine: the demo accounts, whose password is public. */
  thisMachineOnlyEmails?: ReadonlySet<string>;
}

export interface RequestContext {
  sessionToken?: string;
  device: Omit<SessionDevice, 'id'>;
  /** The request came from this machine (server/loopback.ts); absent counts as not. */
  fromThisMachine?: boolean;
}

export type Body = Record<string, unknown>;
/** The flows that email a code or a link to an address. */
export type ChallengeKind = 'recovery' | 'verification';
/** What "show the form again" adds to a flow: messages for the whole form or its fields, and the values typed. */
export type InvalidChange = { ui?: UiText[]; nodes?: Record<string, UiText[]>; values?: Record<string, unknown> };
