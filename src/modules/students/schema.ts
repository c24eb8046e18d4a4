// Tables of the students module (issue 7 "Students"): a person's academic email address, the code
// that proves it is theirs, and their graduation year (§3 UserAcademicData).
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per person who has entered an academic address. A new address (or a new code) replaces
 * the pending code; the code itself is only ever in the email, the row keeps its keyed SHA-256.
 */
export const userAcademicData = pgTable(
  'user_academic_data',
  {
    identityId: uuid('identity_id').primaryKey(),
    /** Lower-cased, as the shared email schema leaves it. */
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** HMAC-SHA256 of the pending code (hex); null once verified or never sent. */
    verificationCodeHash: text('verification_code_hash'),
    /** When the pending code was sent (at most one new code a minute) and when it stops working. */
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    /** Wrong codes entered against the pending code; at the limit the code is void. */
    codeAttempts: integer('code_attempts').notNull().default(0),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    graduationYear: integer('graduation_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_academic_data_attempts_check', sql`${t.codeAttempts} >= 0`),
    check('user_academic_data_verified_check', sql`${t.emailVerified} = false or ${t.emailVerifiedAt} is not null`),
  ],
);
