// The identity schema (Kratos JSON Schema with the ory.sh/kratos extension) and trait validation.
import type { z } from 'zod';
import { emailSchema, findTextProblem, safeText, textMessages, textProblem } from '../../shared/validation/formats.ts';
import { messages } from './messages.ts';
import type { IdentityTraits, UiText } from './schema.ts';

export const IDENTITY_SCHEMA_ID = 'default';

export const identitySchema = {
  $id: 'https://atelier.example/schemas/identity.default.schema.json',
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Person',
  type: 'object',
  properties: {
    traits: {
      type: 'object',
      properties: {
        email: {
          type: 'string',
          format: 'email',
          title: 'E-Mail',
          minLength: 3,
          maxLength: 320,
          'ory.sh/kratos': {
            credentials: {
              password: { identifier: true },
              code: { identifier: true, via: 'email' },
              webauthn: { identifier: true },
              passkey: { display_name: true },
              totp: { account_name: true },
            },
            verification: { via: 'email' },
            recovery: { via: 'email' },
          },
        },
        name: {
          type: 'object',
          properties: {
            first: { type: 'string', title: 'First name', maxLength: 100 },
            last: { type: 'string', title: 'Last name', maxLength: 100 },
          },
        },
      },
      required: ['email'],
      additionalProperties: false,
    },
  },
} as const;

const nameField = safeText().trim().max(100).optional();

/** Reads traits from a submitted body; returns them or the messages to show per field. */
export function parseTraits(raw: unknown): { ok: true; traits: IdentityTraits } | { ok: false; nodeMessages: Record<string, UiText[]> } {
  const source = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const name = (source.name && typeof source.name === 'object' ? source.name : {}) as Record<string, unknown>;
  const nodeMessages: Record<string, UiText[]> = {};
  const emailRaw = typeof source.email === 'string' ? source.email.trim() : '';
  let email = '';
  if (!emailRaw) nodeMessages['traits.email'] = [messages.required('email')];
  else {
    const parsed = emailSchema.safeParse(emailRaw);
    if (parsed.success) email = parsed.data;
    else nodeMessages['traits.email'] = [messages.invalidEmail(emailRaw)];
  }
  const first = nameField.safeParse(typeof name.first === 'string' ? name.first : undefined);
  const last = nameField.safeParse(typeof name.last === 'string' ? name.last : undefined);
  if (!first.success) nodeMessages['traits.name.first'] = [nameMessage(first.error, name.first)];
  if (!last.success) nodeMessages['traits.name.last'] = [nameMessage(last.error, name.last)];
  if (Object.keys(nodeMessages).length > 0) return { ok: false, nodeMessages };
  const traits: IdentityTraits = { email };
  const firstName = first.success ? first.data : undefined;
  const lastName = last.success ? last.data : undefined;
  if (firstName || lastName) traits.name = { ...(firstName ? { first: firstName } : {}), ...(lastName ? { last: lastName } : {}) };
  return { ok: true, traits };
}

function nameMessage(error: z.ZodError, value: unknown): UiText {
  const issue = error.issues[0];
  return issue?.code === 'too_big'
    ? messages.tooLong(100, String(value).length)
    : messages.generic(issue?.message ?? textMessages.controlCharacter);
}

/**
 * A submission with a control character or half a symbol anywhere in it: the message goes on that
 * field, as Kratos shows a validation error, or on the form when the field's own name is the
 * problem. Null for plain text.
 */
export function unsafeTextMessages(body: unknown): { nodes?: Record<string, UiText[]>; ui?: UiText[] } | null {
  const found = findTextProblem(body);
  if (!found) return null;
  const message = messages.generic(textMessages[found.problem]);
  const field = found.path.join('.');
  return field === '' || textProblem(field) ? { ui: [message] } : { nodes: { [field]: [message] } };
}

export function normaliseIdentifier(identifier: string): string {
  return identifier.trim().toLowerCase();
}
