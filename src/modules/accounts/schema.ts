// Tables of the accounts domain: what the product knows about a person beyond their identity
// (names and the email address live in the identity's traits).
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** §3 UserData beyond the names; keys of the lookups (country code, job function …). */
export const userData = pgTable('user_data', {
  identityId: uuid('identity_id').primaryKey(),
  organisationTitle: text('organisation_title'),
  country: text('country'),
  jobFunction: text('job_function'),
  jobIndustry: text('job_industry'),
  jobLevel: text('job_level'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A pending change of sign-in address: the code sent to the new address proves it is theirs. */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: uuid('id').primaryKey(),
    identityId: uuid('identity_id').notNull(),
    newEmail: text('new_email').notNull(),
    /** Peppered hash of the code; the code itself is only in the email. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_change_requests_identity').on(t.identityId)],
);
