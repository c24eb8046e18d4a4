// Featured organisations (§3 FeaturedOrganisationProfile, §9 categories): the newsroom shows an
// organisation on the home page (HOMEPAGE_COMPONENT) or atop the organisations directory
// (ORGANISATION_INDEX) from a start day. Site staff only; readers see them through
// featuredOrganisations (profile-reads.ts) once the day has come.
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { ChangeBus } from '../../platform/change-bus.ts';
import { BaseError, parseInput, UnauthorizedError } from '../../shared/errors.ts';
import { paths } from '../../shared/paths.ts';
import { isSiteAdmin } from '../session/permissions.ts';
import type { ProfileActor } from './profile-editing.ts';
import { featureInputSchema, profileMessages, unfeatureInputSchema } from './profile-input.ts';
import { featuredOrganisationProfiles, organisationProfiles, type FeaturedCategory } from './schema.ts';

export interface FeaturedEntry {
  profileId: string;
  slug: string;
  title: string;
  category: FeaturedCategory;
  startDate: Date;
  creatorUserId: string | null;
}

/** The pages that show featured organisations, for the page caches. */
const FEATURING_PAGES = [paths.home(), paths.organisations()];

export function createProfileFeaturing({ db, changes, now }: { db: Db; changes?: ChangeBus; now: () => Date }) {
  function requireStaff(actor: ProfileActor) {
    if (!isSiteAdmin(actor.principal)) throw new UnauthorizedError(actor.userId, null, profileMessages.featuring);
  }

  return {
    /** Every featured organisation, scheduled ones included, by category and latest start first (the staff page). */
    async featuredForStaff(actor: ProfileActor): Promise<FeaturedEntry[]> {
      requireStaff(actor);
      return db
        .select({
          profileId: featuredOrganisationProfiles.profileId,
          slug: organisationProfiles.slug,
          title: organisationProfiles.title,
          category: featuredOrganisationProfiles.category,
          startDate: featuredOrganisationProfiles.startDate,
          creatorUserId: featuredOrganisationProfiles.creatorUserId,
        })
        .from(featuredOrganisationProfiles)
        .innerJoin(organisationProfiles, eq(organisationProfiles.profileId, featuredOrganisationProfiles.profileId))
        .orderBy(asc(featuredOrganisationProfiles.category), desc(featuredOrganisationProfiles.startDate), asc(organisationProfiles.title));
    },

    /** Features a published organisation in a category from a day (today by default); featuring it again moves the day. */
    async featureOrganisation(actor: ProfileActor, input: unknown): Promise<FeaturedEntry> {
      requireStaff(actor);
      const { profileId, category, startDate } = parseInput(featureInputSchema, input);
      const [profile] = await db
        .select({ slug: organisationProfiles.slug, title: organisationProfiles.title })
        .from(organisationProfiles)
        .where(and(eq(organisationProfiles.profileId, profileId), isNotNull(organisationProfiles.publishedAt)));
      if (!profile) throw new BaseError(profileMessages.notCompany);
      const start = startDate ? new Date(`${startDate}T00:00:00Z`) : now();
      const values = { profileId, category, startDate: start, creatorUserId: actor.userId };
      await db
        .insert(featuredOrganisationProfiles)
        .values(values)
        .onConflictDoUpdate({
          target: [featuredOrganisationProfiles.profileId, featuredOrganisationProfiles.category],
          set: { startDate: start, creatorUserId: actor.userId },
        });
      await changes?.publish('pages', { paths: FEATURING_PAGES });
      return { ...values, ...profile };
    },

    /** Stops featuring an organisation in a category; one not featured there changes nothing. */
    async unfeatureOrganisation(actor: ProfileActor, input: unknown): Promise<void> {
      requireStaff(actor);
      const { profileId, category } = parseInput(unfeatureInputSchema, input);
      await db
        .delete(featuredOrganisationProfiles)
        .where(and(eq(featuredOrganisationProfiles.profileId, profileId), eq(featuredOrganisationProfiles.category, category)));
      await changes?.publish('pages', { paths: FEATURING_PAGES });
    },
  };
}
