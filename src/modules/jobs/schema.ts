// Tables owned by the jobs module (DESIGN §1, §8): background work kept in our own database, so
// it survives a restart and a second process (a worker at scale) can share it. See job-runner.ts.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** When the job may run next (its schedule, then its backoff after a failure). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    /** A runner's lease while it works on the job; another runner takes it only after this. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** The same key never enqueues twice (e.g. one renewal per subscription and period). */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_pending_run_at_idx')
      .on(table.runAt)
      .where(sql`${table.doneAt} is null`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
