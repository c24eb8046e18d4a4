// The careers service: readers save jobs listed on organisation profiles, see them on
// /careers/your-jobs/, and an organisation's admins see how often each job was saved (the partner
// hub). Jobs themselves are the profiles module's (read through its service, never its tables).
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { BaseError, parseInput } from '../../shared/errors.ts';
import { safeText } from '../../shared/validation/formats.ts';
import type { ProfilesService } from '../profiles/profiles-service.ts';
import { savedJobKey } from './saved-job-key.ts';
import { savedJobs } from './schema.ts';

/** A job as a form names it: the organisation profile that lists it and the job's id there. */
export const savedJobInputSchema = z.object({
  profileId: z.uuid({ error: 'Choose a job from an organisation’s profile.' }),
  jobId: safeText().trim().min(1, { error: 'Choose a job from an organisation’s profile.' }).max(100),
});
export type SavedJobRef = z.output<typeof savedJobInputSchema>;

export const careersMessages = {
  notListed: 'This job is no longer listed, so it cannot be saved.',
} as const;

export interface SavedJob {
  profileId: string;
  jobId: string;
  savedAt: Date;
  /** The organisation, while its profile is published. */
  organisation: { slug: string; title: string; format: string } | null;
  /** The job as its profile lists it now; null once it is taken down. */
  job: { title: string; location: string; url: string; postedOn: string } | null;
}

export function createCareersService({ db, profiles }: { db: Db; profiles: Pick<ProfilesService, 'jobsOf'> }) {
  return {
    /** Saves a job a published profile lists now; saving it again changes nothing. */
    async saveJob(userId: string, input: unknown): Promise<SavedJobRef> {
      const ref = parseInput(savedJobInputSchema, input);
      const [organisation] = await profiles.jobsOf([ref.profileId]);
      if (!organisation?.jobs.some((job) => job.jobId === ref.jobId)) throw new BaseError(careersMessages.notListed);
      await db.insert(savedJobs).values({ userId, organisationProfileId: ref.profileId, jobId: ref.jobId }).onConflictDoNothing();
      return ref;
    },

    /** Forgets a saved job (taken down or not); forgetting one not saved changes nothing. */
    async removeJob(userId: string, input: unknown): Promise<SavedJobRef> {
      const ref = parseInput(savedJobInputSchema, input);
      await db
        .delete(savedJobs)
        .where(and(eq(savedJobs.userId, userId), eq(savedJobs.organisationProfileId, ref.profileId), eq(savedJobs.jobId, ref.jobId)));
      return ref;
    },

    /** The reader's saved jobs, the latest saved first, each as its profile lists it now. */
    async savedJobs(userId: string): Promise<SavedJob[]> {
      const rows = await db.select().from(savedJobs).where(eq(savedJobs.userId, userId)).orderBy(desc(savedJobs.savedAt), savedJobs.jobId);
      const listed = new Map(
        (await profiles.jobsOf([...new Set(rows.map((row) => row.organisationProfileId))])).map((o) => [o.profileId, o]),
      );
      return rows.map((row) => {
        const organisation = listed.get(row.organisationProfileId);
        const job = organisation?.jobs.find((candidate) => candidate.jobId === row.jobId);
        return {
          profileId: row.organisationProfileId,
          jobId: row.jobId,
          savedAt: row.savedAt,
          organisation: organisation ? { slug: organisation.slug, title: organisation.title, format: organisation.format } : null,
          job: job ? { title: job.title, location: job.location, url: job.url, postedOn: job.postedOn } : null,
        };
      });
    },

    /** The keys (savedJobKey) of the reader's saved jobs. */
    async savedJobKeys(userId: string): Promise<string[]> {
      const rows = await db
        .select({ profileId: savedJobs.organisationProfileId, jobId: savedJobs.jobId })
        .from(savedJobs)
        .where(eq(savedJobs.userId, userId));
      return rows.map(savedJobKey);
    },

    /** How many readers saved each job of these organisation profiles (the partner hub). */
    async savesPerJob(profileIds: readonly string[]): Promise<{ profileId: string; jobId: string; saves: number }[]> {
      if (profileIds.length === 0) return [];
      const rows = await db
        .select({ profileId: savedJobs.organisationProfileId, jobId: savedJobs.jobId, saves: count() })
        .from(savedJobs)
        .where(inArray(savedJobs.organisationProfileId, [...profileIds]))
        .groupBy(savedJobs.organisationProfileId, savedJobs.jobId);
      return rows.map((row) => ({ ...row, saves: Number(row.saves) }));
    },
  };
}

export type CareersService = ReturnType<typeof createCareersService>;
