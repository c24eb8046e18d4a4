// The identity schema (Kratos JSON Schema with the ory.sh/kratos extension) and trait validation.
import { z } from 'zod';
import { emailSchema } from '../../shared/validation/formats.ts';
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
            credentials: { password: { identifier: true }, code: { identifier: true, via: 'email' }, webauthn: { identifier: true }, passkey: { display_name: true }, totp: { account_name: true } },
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

const nameField = z.string().trim().max(100).optional();

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
  if (!first.success) nodeMessages['traits.name.first'] = [messages.tooLong(100, String(name.first).length)];
  if (!last.success) nodeMessages['traits.name.last'] = [messages.tooLong(100, String(name.last).length)];
  if (Object.keys(nodeMessages).length > 0) return { ok: false, nodeMessages };
  const traits: IdentityTraits = { email };
  const firstName = first.success ? first.data : undefined;
  const lastName = last.success ? last.data : undefined;
  if (firstName || lastName) traits.name = { ...(firstName ? { first: firstName } : {}), ...(lastName ? { last: lastName } : {}) };
  return { ok: true, traits };
}

export function normaliseIdentifier(identifier: string): string {
  return identifier.trim().toLowerCase();
}
