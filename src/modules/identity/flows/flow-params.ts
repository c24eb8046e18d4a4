// The init parameters Kratos takes on top of return_to for login and registration flows
// (reference/ory-kratos-openapi.json; kratos-notes.md §1): `login_challenge`, `organization`,
// `via` and `after_verification_return_to`. Checked when the flow starts, kept in the flow's
// internal state, and shown again the way Kratos's flow JSON shows them.
//
// - login_challenge: an OAuth2 provider's (Ory Hydra's) login challenge. There is no OAuth2
//   provider here, so nothing is done with it; it is kept and echoed as `oauth2_login_challenge`
//   so a client written for Kratos sees the flow it expects (docs/decisions/020).
// - organization: an organisation id (a uuid, as Kratos has it); kept and echoed as `organization_id`.
// - via: which identifier trait a code sign-in sends its code to (this schema has one: email).
// - after_verification_return_to: where the verification flow a registration starts sends the
//   browser afterwards; the same allow-list as return_to applies.
import { z } from 'zod';
import { identityErrors } from '../errors.ts';
import type { FlowKind, FlowParams } from '../schema.ts';

/** Traits a code can be sent to (`credentials.code.identifier` in the identity schema, traits.ts). */
export const CODE_TRAITS = ['email'] as const;

const printable = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\x21-\x7e]+$/);
const paramsSchema = z.object({
  login_challenge: printable(4096).optional(),
  organization: z.uuid().optional(),
  via: z.enum(CODE_TRAITS).optional(),
  after_verification_return_to: z.string().min(1).max(4096).optional(),
});

/**
 * The parameters a flow of this kind takes, from the init request's query. A value Kratos would
 * refuse is a 400; `after_verification_return_to` goes through `checkReturnTo` (the allow-list).
 */
export function flowParamsOf(
  kind: FlowKind,
  query: Record<string, string | undefined>,
  checkReturnTo: (url: string) => string | null,
): FlowParams {
  if (kind !== 'login' && kind !== 'registration') return {};
  const present = Object.fromEntries(
    Object.entries(query).filter(([key, value]) => key in paramsSchema.shape && value !== undefined && value !== ''),
  );
  const parsed = paramsSchema.safeParse(present);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'query');
    throw identityErrors.badRequest(
      field === 'via'
        ? `The via parameter must name an identifier trait a code can be sent to: ${CODE_TRAITS.join(', ')}.`
        : `The ${field} parameter is malformed.`,
    );
  }
  const { login_challenge, organization, via, after_verification_return_to } = parsed.data;
  const params: FlowParams = {};
  if (login_challenge) params.oauth2LoginChallenge = login_challenge;
  if (organization) params.organizationId = organization;
  if (kind === 'login' && via) params.via = via;
  if (kind === 'registration' && after_verification_return_to)
    params.afterVerificationReturnTo = checkReturnTo(after_verification_return_to) ?? undefined;
  return params;
}

/** The flow JSON fields Kratos shows for them (login and registration flows). */
export function flowParamsJson(params: FlowParams | undefined): { organization_id?: string; oauth2_login_challenge?: string } {
  return {
    ...(params?.organizationId ? { organization_id: params.organizationId } : {}),
    ...(params?.oauth2LoginChallenge ? { oauth2_login_challenge: params.oauth2LoginChallenge } : {}),
  };
}

/** The address a code sign-in goes to: the trait `via` names (email by default). */
export function codeAddress(traits: Record<string, unknown>, params: FlowParams | undefined): string | null {
  const value = traits[params?.via ?? 'email'];
  return typeof value === 'string' && value ? value : null;
}
