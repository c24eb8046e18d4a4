// Tables of the identity provider (the Kratos-compatible self-service API, issue 3).
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export type IdentityTraits = { email: string; name?: { first?: string; last?: string } };

export const identities = pgTable('identities', {
  id: uuid('id').primaryKey(),
  /** The numeric user id the product uses (§1: sent as text). */
  userNumber: bigserial('user_number', { mode: 'number' }).notNull().unique(),
  schemaId: text('schema_id').notNull().default('default'),
  state: text('state').$type<'active' | 'inactive'>().notNull().default('active'),
  traits: jsonb('traits').$type<IdentityTraits>().notNull(),
  metadataPublic: jsonb('metadata_public').$type<Record<string, unknown> | null>(),
  metadataAdmin: jsonb('metadata_admin').$type<Record<string, unknown> | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  stateChangedAt: timestamp('state_changed_at', { withTimezone: true }),
});

/** Verifiable and recovery addresses (both from the email trait). */
export const identityAddresses = pgTable(
  'identity_addresses',
  {
    id: uuid('id').primaryKey(),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'verifiable' | 'recovery'>().notNull(),
    via: text('via').$type<'email'>().notNull().default('email'),
    value: text('value').notNull(),
    verified: boolean('verified').notNull().default(false),
    status: text('status').$type<'pending' | 'sent' | 'completed'>().notNull().default('pending'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_addresses_kind_value').on(t.kind, t.via, t.value), index('identity_addresses_identity').on(t.identityId)],
);

export type CredentialType = 'password' | 'code' | 'totp' | 'lookup_secret' | 'webauthn' | 'passkey' | 'oidc';

export const identityCredentials = pgTable(
  'identity_credentials',
  {
    id: uuid('id').primaryKey(),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    type: text('type').$type<CredentialType>().notNull(),
    /** Lower-cased identifiers this credential signs in with (email; provider:subject for OIDC). */
    identifiers: text('identifiers').array().notNull().default([]),
    /** Type-specific secrets: password hash, TOTP secret, hashed lookup codes … never returned by the API. */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_credentials_identity_type').on(t.identityId, t.type)],
);

export interface AuthenticationMethod {
  method: string;
  aal: 'aal1' | 'aal2';
  completed_at: string;
  provider?: string;
}
export interface SessionDevice {
  id: string;
  ip_address?: string;
  user_agent?: string;
  location?: string;
}

export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: uuid('id').primaryKey(),
    /** SHA-256 of the session token (cookie value or X-Session-Token); the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    logoutTokenHash: text('logout_token_hash').notNull(),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    aal: text('aal').$type<'aal1' | 'aal2'>().notNull().default('aal1'),
    authenticationMethods: jsonb('authentication_methods').$type<AuthenticationMethod[]>().notNull().default([]),
    devices: jsonb('devices').$type<SessionDevice[]>().notNull().default([]),
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * When what the product tokens say about this identity last changed (a membership granted or
     * ended, a seat removed): tokens minted before then are stale and minted again (decision 046).
     */
    claimsChangedAt: timestamp('claims_changed_at', { withTimezone: true }),
  },
  (t) => [index('identity_sessions_identity').on(t.identityId)],
);

export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';
export type FlowState = 'choose_method' | 'sent_email' | 'passed_challenge' | 'show_form' | 'success';

export interface UiText {
  id: number;
  text: string;
  type: 'info' | 'error' | 'success';
  context?: Record<string, unknown>;
}

/** A one-time code or link token sent by email: only its hash is kept. */
export interface SentSecret {
  hash: string;
  expiresAt: string;
  attempts: number;
  address: string;
  identityId?: string;
}

/** What a flow remembers between requests; never sent to clients as such. */
export interface FlowInternal {
  /** Values the form shows again (identifier, traits, email). */
  values?: Record<string, unknown>;
  /** Messages attached to a field, by node name. */
  nodeMessages?: Record<string, UiText[]>;
  code?: SentSecret & { traits?: Record<string, unknown> };
  /** An emailed link's token (recovery, verification); it expires with the flow. */
  link?: SentSecret;
  /** A flow a browser got for a link emailed from another flow (an app's, another browser's): the id of that flow. */
  linkOf?: string;
  /** Pending TOTP secret during enrolment, lookup codes shown once … */
  pending?: Record<string, unknown>;
  /** Settings flow privileges granted by a recovery. */
  recoveredAt?: string;
  /** A native app's session token exchange (hashes only; GET /sessions/token-exchange). */
  tokenExchange?: TokenExchange;
  /** Init parameters beyond return_to (flows/flow-params.ts). */
  params?: FlowParams;
  /** Two-step screens (flows/two-step.ts): the second screen's methods, or the traits of step one. */
  identifierFirst?: { methods: string[] };
  profileStep?: { traits: Record<string, unknown> };
}

/** Login and registration init parameters Kratos takes besides return_to (flows/flow-params.ts). */
export interface FlowParams {
  oauth2LoginChallenge?: string;
  organizationId?: string;
  /** The trait a code sign-in sends its code to. */
  via?: string;
  afterVerificationReturnTo?: string;
}

/** Set when the flow starts; the rest when it finishes in a browser and sends it back to the app. */
export interface TokenExchange {
  initHash: string;
  returnToHash?: string;
  /** The session the exchange hands over … */
  sessionId?: string;
  /** … or the flow the app continues with (an account to link first). */
  continueFlowId?: string;
}

export const identityFlows = pgTable(
  'identity_flows',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<FlowKind>().notNull(),
    type: text('type').$type<'browser' | 'api'>().notNull(),
    state: text('state').$type<FlowState>().notNull(),
    active: text('active'),
    csrfToken: text('csrf_token').notNull(),
    requestUrl: text('request_url').notNull(),
    returnTo: text('return_to'),
    requestedAal: text('requested_aal').$type<'aal1' | 'aal2'>().notNull().default('aal1'),
    refresh: boolean('refresh').notNull().default(false),
    identityId: uuid('identity_id').references(() => identities.id, { onDelete: 'cascade' }),
    uiMessages: jsonb('ui_messages').$type<UiText[]>().notNull().default([]),
    internal: jsonb('internal').$type<FlowInternal>().notNull().default({}),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_flows_expires').on(t.expiresAt)],
);

/** Errors a browser is sent to the error page for (GET /self-service/errors?id=). */
export const identityErrors = pgTable('identity_errors', {
  id: uuid('id').primaryKey(),
  error: jsonb('error').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
