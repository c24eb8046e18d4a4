// Tables of the product session (issue 4): the rotating signing keys of the two tokens, and when
// each identity first came through the auth endpoint (is_first_login).
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';

/**
 * ES256 signing keys. The newest active key signs; a key is published in the JWKS until every
 * token it signed has expired (expires_at), then deleted.
 */
export const signingKeys = pgTable(
  'signing_keys',
  {
    /** RFC 7638 thumbprint of the public key. */
    kid: text('kid').primaryKey(),
    alg: text('alg').$type<'ES256'>().notNull(),
    publicJwk: jsonb('public_jwk').$type<JWK>().notNull(),
    /** The private JWK sealed with AES-256-GCM under a key derived from IDENTITY_SECRET (keys.ts). */
    privateJwkEncrypted: text('private_jwk_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Stops signing after this instant. */
    retireAfter: timestamp('retire_after', { withTimezone: true }).notNull(),
    /** Unpublished (and deleted) after this instant: retire_after + the longest token lifetime. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('signing_keys_expires').on(t.expiresAt)],
);

/**
 * The first time an identity was issued tokens, and in which identity session: tokens minted in
 * that session say is_first_login (a refresh ten minutes later is still the first login).
 * No foreign key: the identity module owns its tables (DESIGN §7).
 */
export const sessionFirstSeen = pgTable('session_first_seen', {
  identityId: uuid('identity_id').primaryKey(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  firstSessionId: uuid('first_session_id').notNull(),
});
