// Tables owned by the careers module: the jobs readers saved. A job lives in its organisation's
// published profile (profiles module, details.jobs); a saved job names it by the profile and the
// job's id. No foreign keys into profiles: a job taken down stays saved and is shown as no longer
// listed, so the reader knows what happened to it.
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const savedJobs = pgTable(
  'saved_jobs',
  {
    /** The reader (the numeric user id, as follows and consent name readers). */
    userId: text('user_id').notNull(),
    organisationProfileId: uuid('organisation_profile_id').notNull(),
    jobId: text('job_id').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Saving twice is the same save.
    primaryKey({ columns: [table.userId, table.organisationProfileId, table.jobId] }),
    // The partner hub: how many readers saved each of an organisation's jobs.
    index('saved_jobs_profile_idx').on(table.organisationProfileId, table.jobId),
  ],
);
