// Tables owned by the memberships module. One row is one term of a membership: what it grants
// (level, type), from when to when, and why (source). Rows are never deleted, so they are the
// history; the current membership is the latest term that has started (memberships-service.ts).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ACTIVE_MEMBERSHIP_STATUSES, MEMBERSHIP_LEVELS, MEMBERSHIP_TYPES, type ActiveMembershipStatus } from '../../shared/membership.ts';

/** Why a person holds a membership: seeded for trying the site, bought, through an organisation, or given by an admin. */
export const MEMBERSHIP_SOURCES = ['demo', 'subscription', 'group', 'admin_grant'] as const;
export type MembershipSource = (typeof MEMBERSHIP_SOURCES)[number];

// A term grants something: 'None' is what having no current term means, never a stored value.
const withoutNone = <T extends string>(values: readonly T[]) => values.filter((value): value is Exclude<T, 'None'> => value !== 'None');
export const GRANTED_LEVELS = withoutNone(MEMBERSHIP_LEVELS);
export const GRANTED_TYPES = withoutNone(MEMBERSHIP_TYPES);

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey(),
    identityId: uuid('identity_id').notNull(),
    level: text('level').$type<(typeof GRANTED_LEVELS)[number]>().notNull(),
    type: text('type').$type<(typeof GRANTED_TYPES)[number]>().notNull(),
    /** How the term runs while within it; Expired and None are derived from the dates, never stored. */
    status: text('status').$type<ActiveMembershipStatus>().notNull(),
    source: text('source').$type<MembershipSource>().notNull(),
    /** The billing plan that sold it (§3 UserProfile.membershipPlan); null when not bought. */
    planCode: text('plan_code'),
    /** The organisation account whose seat this is (§3 UserProfile.membershipGroupAccountId). */
    groupAccountId: text('group_account_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null: no end (a demo or admin grant). A later grant sets it to when that grant starts. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('memberships_identity_idx').on(table.identityId, table.startsAt),
    check('memberships_level_check', sql`${table.level} in (${inList(GRANTED_LEVELS)})`),
    check('memberships_type_check', sql`${table.type} in (${inList(GRANTED_TYPES)})`),
    check('memberships_status_check', sql`${table.status} in (${inList(ACTIVE_MEMBERSHIP_STATUSES)})`),
    check('memberships_source_check', sql`${table.source} in (${inList(MEMBERSHIP_SOURCES)})`),
    check('memberships_term_check', sql`${table.endsAt} is null or ${table.endsAt} >= ${table.startsAt}`),
  ],
);

export type MembershipRow = typeof memberships.$inferSelect;
