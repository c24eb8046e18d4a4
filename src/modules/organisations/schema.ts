// Tables owned by the organisations module (issue 17): organisation accounts (a team plan with
// seats), the people holding their seats with a role, invitations (seats reserved for an email
// with no account yet, or not yet claimed), the email domains an organisation proved it owns,
// and the joins and leaves (SPEC §3 "Organisation membership"). Partial unique indexes make the
// races safe: one live seat per person and account, one OWNER, one open invitation per email,
// one organisation per verified domain.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** §6 organisation account roles. */
export const ORGANISATION_ROLES = ['OWNER', 'ADMIN', 'USER'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

/** The §4 statuses an organisation's subscription reads as (Expired once it ended). */
export const ORGANISATION_STATUSES = ['ActiveRenewing', 'ActiveTrial', 'ActiveCanceled', 'Expired'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

/** How a seat was taken: the buyer, added by an admin, an invitation claimed, joining by email domain. */
export const SEAT_ORIGINS = ['purchase', 'added', 'invitation', 'domain'] as const;
export type SeatOrigin = (typeof SEAT_ORIGINS)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const organisationAccounts = pgTable(
  'organisation_accounts',
  {
    /** §3 accountId: billing's account id for the organisation's subscription. */
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    ownerIdentityId: uuid('owner_identity_id').notNull(),
    primaryContactEmail: text('primary_contact_email').notNull(),
    jobIndustry: text('job_industry'),
    contentStrategyIndustry: text('content_strategy_industry'),
    purchasedSeats: integer('purchased_seats').notNull(),
    /** Seats beyond the purchased ones the plan lets the admins use (the owner is alerted); 0: none. */
    extraSeatAllowance: integer('extra_seat_allowance').notNull().default(0),
    /** What a seat grants (§4 level, type Group). */
    membershipLevel: text('membership_level').notNull(),
    planCode: text('plan_code'),
    status: text('status').$type<OrganisationStatus>().notNull(),
    /** The paid term's end: every seat's membership ends then unless the term moves. Null: no end. */
    termEndsAt: timestamp('term_ends_at', { withTimezone: true }),
    /** When the subscription ended (status Expired). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organisation_accounts_seats_check', sql`${t.purchasedSeats} >= 0 and ${t.extraSeatAllowance} >= 0`),
    check('organisation_accounts_status_check', sql`${t.status} in (${inList(ORGANISATION_STATUSES)})`),
  ],
);

/** One seat held by one person (§3 OrganisationAccountUser). A removed seat keeps its row (removed_at). */
export const organisationAccountUsers = pgTable(
  'organisation_account_users',
  {
    /** §3 accountUserId. */
    id: uuid('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => organisationAccounts.id),
    identityId: uuid('identity_id').notNull(),
    role: text('role').$type<OrganisationRole>().notNull(),
    origin: text('origin').$type<SeatOrigin>().notNull(),
    /** Who gave the seat; null when automatic (the buyer, joining by domain). */
    initiatorIdentityId: uuid('initiator_identity_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedByIdentityId: uuid('removed_by_identity_id'),
  },
  (t) => [
    uniqueIndex('organisation_account_users_live_idx')
      .on(t.accountId, t.identityId)
      .where(sql`${t.removedAt} is null`),
    uniqueIndex('organisation_account_users_one_owner_idx')
      .on(t.accountId)
      .where(sql`${t.role} = 'OWNER' and ${t.removedAt} is null`),
    index('organisation_account_users_identity_idx').on(t.identityId),
    check('organisation_account_users_role_check', sql`${t.role} in (${inList(ORGANISATION_ROLES)})`),
    check('organisation_account_users_origin_check', sql`${t.origin} in (${inList(SEAT_ORIGINS)})`),
  ],
);

/** A seat reserved for an email (an unclaimed membership account, §3): claimed, revoked or open. */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: uuid('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => organisationAccounts.id),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    role: text('role').$type<OrganisationRole>().notNull(),
    invitedByIdentityId: uuid('invited_by_identity_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resentAt: timestamp('resent_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedByIdentityId: uuid('claimed_by_identity_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByIdentityId: uuid('revoked_by_identity_id'),
  },
  (t) => [
    uniqueIndex('organisation_invitations_open_idx')
      .on(t.accountId, t.email)
      .where(sql`${t.claimedAt} is null and ${t.revokedAt} is null`),
    index('organisation_invitations_email_idx').on(t.email),
    check('organisation_invitations_role_check', sql`${t.role} in ('ADMIN', 'USER')`),
  ],
);

/** An email domain an organisation adds (§3 OrganisationAccountDomain); verified once an address at it confirms. */
export const organisationDomains = pgTable(
  'organisation_domains',
  {
    /** §3 domainId. */
    id: uuid('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => organisationAccounts.id),
    /** Lower-cased, e.g. maison.com. */
    domain: text('domain').notNull(),
    createdByIdentityId: uuid('created_by_identity_id').notNull(),
    /** The address at the domain the confirmation went to. */
    confirmationEmail: text('confirmation_email').notNull(),
    /** HMAC-SHA256 of the emailed confirmation code (hex); null once verified. */
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** Wrong codes entered against the pending code; at the limit the code is void. */
    tokenAttempts: integer('token_attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledByIdentityId: uuid('disabled_by_identity_id'),
  },
  (t) => [
    // A domain belongs to one organisation at a time once verified; disabling it releases it.
    uniqueIndex('organisation_domains_verified_idx')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null and ${t.disabledAt} is null`),
    uniqueIndex('organisation_domains_account_idx')
      .on(t.accountId, t.domain)
      .where(sql`${t.disabledAt} is null`),
  ],
);

/** Joins and leaves (§3 analytics "Organisation membership": accountId, initiatorUserId null when automatic). */
export const organisationMembershipEvents = pgTable(
  'organisation_membership_events',
  {
    id: uuid('id').primaryKey(),
    accountId: text('account_id').notNull(),
    identityId: uuid('identity_id').notNull(),
    kind: text('kind').$type<'join' | 'leave'>().notNull(),
    initiatorIdentityId: uuid('initiator_identity_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organisation_membership_events_account_idx').on(t.accountId, t.at),
    check('organisation_membership_events_kind_check', sql`${t.kind} in ('join', 'leave')`),
  ],
);

export type OrganisationAccountRow = typeof organisationAccounts.$inferSelect;
export type OrganisationAccountUserRow = typeof organisationAccountUsers.$inferSelect;
export type OrganisationInvitationRow = typeof organisationInvitations.$inferSelect;
export type OrganisationDomainRow = typeof organisationDomains.$inferSelect;
