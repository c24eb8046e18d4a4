// The profiles service (decision 044): public reads (profile-reads.ts), editing and publishing
// (profile-editing.ts), and the name and slug lookups other modules use (follows), so that none
// reads these tables itself (decision 028). Each lookup is one statement whatever the number of keys.
import { inArray, type Column } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { ChangeBus } from '../../platform/change-bus.ts';
import { createProfileEditing } from './profile-editing.ts';
import { createProfileFeaturing } from './profile-featuring.ts';
import { profileInputSchemas, type LookupCheck } from './profile-input.ts';
import { createProfileReads } from './profile-reads.ts';
import { createProfileSearch } from './profile-search.ts';
import { organisationProfiles, personProfiles } from './schema.ts';

export type { ProfileActor } from './profile-editing.ts';
export type { DirectoryPage, ProfileLink } from './profile-reads.ts';

export interface ProfileRef {
  profileId: string;
  slug: string;
  name: string;
}

export interface ProfilesDeps {
  db: Db;
  /** Whether a value is a key of a lookups list (lookups' isKnown). */
  isKnown?: LookupCheck;
  /** The person's role on an organisation account now (organisations' roleOf); none: no one but staff edits organisations. */
  roleOf?: (identityId: string, accountId: string) => Promise<string | null>;
  changes?: ChangeBus;
  now?: () => Date;
}

export function createProfilesService({
  db,
  isKnown = () => true,
  roleOf = async () => null,
  changes,
  now = () => new Date(),
}: ProfilesDeps) {
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

  const reads = createProfileReads({ db, now });
  const editing = createProfileEditing({ db, schemas: profileInputSchemas(isKnown), roleOf, changes, now });

  return {
    peopleByIds: (ids: readonly string[]) => peopleWhere(personProfiles.profileId, ids),
    peopleBySlugs: (slugs: readonly string[]) => peopleWhere(personProfiles.slug, slugs),
    organisationsByIds: (ids: readonly string[]) => organisationsWhere(organisationProfiles.profileId, ids),
    organisationsBySlugs: (slugs: readonly string[]) => organisationsWhere(organisationProfiles.slug, slugs),
    ...reads,
    ...editing,
    ...createProfileFeaturing({ db, changes, now }),
    ...createProfileSearch({ db }),
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
