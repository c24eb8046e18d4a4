// The profiles service: what other modules may read about person and organisation profiles, so that
// none reads these tables itself (decision 028). Today that is the names and slugs of the people and
// organisations readers follow (follows); the profiles issue adds the rest. Each lookup is one
// statement whatever the number of keys.
import { inArray, type Column } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { organisationProfiles, personProfiles } from './schema.ts';

export interface ProfileRef {
  profileId: string;
  slug: string;
  name: string;
}

export function createProfilesService({ db }: { db: Db }) {
  const people = {
    profileId: personProfiles.profileId,
    slug: personProfiles.slug,
    firstName: personProfiles.firstName,
    lastName: personProfiles.lastName,
  };
  const organisations = { profileId: organisationProfiles.profileId, slug: organisationProfiles.slug, name: organisationProfiles.title };

  async function peopleWhere(column: Column, keys: readonly string[]): Promise<ProfileRef[]> {
    if (keys.length === 0) return [];
    const rows = await db
      .select(people)
      .from(personProfiles)
      .where(inArray(column, [...keys]));
    return rows.map(({ firstName, lastName, ...rest }) => ({ ...rest, name: `${firstName} ${lastName}` }));
  }

  async function organisationsWhere(column: Column, keys: readonly string[]): Promise<ProfileRef[]> {
    return keys.length === 0
      ? []
      : db
          .select(organisations)
          .from(organisationProfiles)
          .where(inArray(column, [...keys]));
  }

  return {
    peopleByIds: (ids: readonly string[]) => peopleWhere(personProfiles.profileId, ids),
    peopleBySlugs: (slugs: readonly string[]) => peopleWhere(personProfiles.slug, slugs),
    organisationsByIds: (ids: readonly string[]) => organisationsWhere(organisationProfiles.profileId, ids),
    organisationsBySlugs: (slugs: readonly string[]) => organisationsWhere(organisationProfiles.slug, slugs),
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
