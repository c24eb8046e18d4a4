// Tables owned by the consent module: every cookie-consent decision, kept so it can be proven
// later (when, what, which banner, whose).
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The anonymous id kept in the consent cookie; ties a browser's decisions together. */
    consentId: uuid('consent_id').notNull(),
    /** The signed-in user the browser named, null when signed out. */
    userId: text('user_id'),
    /** Categories accepted by this decision (nonessential, embeds); empty when all were refused. */
    categories: jsonb('categories').$type<string[]>().notNull(),
    /** accept_all, reject_all or custom. */
    action: text('action').notNull(),
    /** banner or popup. */
    variant: text('variant').notNull(),
    bannerVersion: text('banner_version').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('consent_records_consent_id_idx').on(table.consentId, table.recordedAt),
    index('consent_records_user_id_idx').on(table.userId, table.recordedAt),
  ],
);

export type ConsentRecordRow = typeof consentRecords.$inferSelect;
