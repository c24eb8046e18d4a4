// The table owned by the enquiries module: what people send through the contact forms (§2
// /contact/professional/, /contact/student/, /contact/insights/, /contact/media/) and the team
// enquiry on /subscriptions/executive/. Only what the form asks is kept (CONTEXT.md says why):
// no IP address, no user agent, no identity id. The sender's address is the reply's address.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ENQUIRY_KINDS, ENQUIRY_STATUSES, type EnquiryKind, type EnquiryStatus } from './enquiry-input.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<EnquiryKind>().notNull(),
    status: text('status').$type<EnquiryStatus>().notNull(),
    name: text('name').notNull(),
    /** Lower-cased, as the mail service stores addresses. */
    email: text('email').notNull(),
    /** The company, publication, school or university. */
    company: text('company'),
    jobTitle: text('job_title'),
    /** ISO 3166-1 alpha-2 key from the lookups module. */
    country: text('country'),
    /** People the team membership is for (group enquiries only). */
    teamSize: integer('team_size'),
    message: text('message'),
    /** The page the form was on, path and query (e.g. /subscriptions/executive/). */
    sourcePath: text('source_path').notNull(),
    /** Why a spam enquiry is spam ('honeypot'); null for the rest. */
    spamReason: text('spam_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the inbox's copy was written to the mail outbox; null until then (the job retries). */
    inboxNotifiedAt: timestamp('inbox_notified_at', { withTimezone: true }),
    /** When the sender's acknowledgement was written to the mail outbox. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** The last change of status by a site admin: when, and who (the token's user_id). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: text('status_changed_by'),
  },
  (table) => [
    // The admin list: newest first, filtered by kind and status.
    index('enquiries_created_idx').on(table.createdAt),
    index('enquiries_kind_status_created_idx').on(table.kind, table.status, table.createdAt),
    check('enquiries_kind_check', sql`${table.kind} in (${inList(ENQUIRY_KINDS)})`),
    check('enquiries_status_check', sql`${table.status} in (${inList(ENQUIRY_STATUSES)})`),
    check('enquiries_team_size_check', sql`${table.teamSize} is null or ${table.teamSize} > 0`),
  ],
);

export type EnquiryRow = typeof enquiries.$inferSelect;
