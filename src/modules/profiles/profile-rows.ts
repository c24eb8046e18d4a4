// Between the tables and the profile shapes: a public row as a profile, a profile as its source
// document, and a source document applied back to a public row on publish.
import type { organisationProfiles, personProfiles, profileProjects } from './schema.ts';
import type {
  OrganisationDetails,
  OrganisationFields,
  OrganisationProfile,
  PersonDetails,
  PersonFields,
  PersonProfile,
  Project,
  ProfileSourceDocument,
} from './profile-types.ts';

export type PersonRow = typeof personProfiles.$inferSelect;
export type OrganisationRow = typeof organisationProfiles.$inferSelect;
export type ProjectRow = typeof profileProjects.$inferSelect;

// The profile fields that are columns of the row (the rest of a profile is its `details` JSON).
// personFieldsOf and organisationFieldsOf only typecheck while these lists name every field.
const PERSON_COLUMNS = [
  'firstName',
  'lastName',
  'subtitle',
  'summary',
  'location',
  'nationalities',
  'category',
  'yearBorn',
  'thumbnailKey',
  'format',
] as const satisfies readonly (keyof PersonFields)[];
const ORGANISATION_COLUMNS = [
  'title',
  'summary',
  'city',
  'country',
  'organisationIndustry',
  'organisationSize',
  'organisationType',
  'ownershipType',
  'yearEstablished',
  'thumbnailKey',
  'format',
] as const satisfies readonly (keyof OrganisationFields)[];

/** The named keys of a value and nothing else (a row holds more than the fields). */
function pick<T, K extends keyof T>(value: T, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, value[name]])) as Pick<T, K>;
}

/** An update split into the named columns it sets (undefined ones left out) and the rest. */
function split<T extends object, K extends keyof T>(update: T, names: readonly K[]): { fields: Partial<Pick<T, K>>; rest: Omit<T, K> } {
  const fields: Partial<Pick<T, K>> = {};
  const rest: Partial<T> = { ...update };
  for (const name of names) {
    if (update[name] !== undefined) fields[name] = update[name];
    delete rest[name];
  }
  return { fields, rest: rest as Omit<T, K> };
}

export function personFieldsOf(row: PersonFields): PersonFields {
  return pick(row, PERSON_COLUMNS);
}

export function organisationFieldsOf(row: OrganisationFields): OrganisationFields {
  return pick(row, ORGANISATION_COLUMNS);
}

export function personOf(row: PersonRow): PersonProfile {
  return {
    ...personFieldsOf(row),
    profileId: row.profileId,
    slug: row.slug,
    version: row.version,
    publishedAt: row.publishedAt,
    details: row.details,
  };
}

export function organisationOf(row: OrganisationRow): OrganisationProfile {
  return {
    ...organisationFieldsOf(row),
    profileId: row.profileId,
    slug: row.slug,
    version: row.version,
    publishedAt: row.publishedAt,
    accountId: row.accountId,
    details: row.details,
  };
}

export function projectOf(row: ProjectRow): Project {
  const { projectId, profileId, slug, title, description, thumbnailKey, assets } = row;
  return { projectId, profileId, slug, title, description, thumbnailKey, assets };
}

/** The source a profile starts from before its first edit: what the public sees. */
export function documentOfPerson(row: PersonRow): ProfileSourceDocument {
  return { kind: 'person', fields: personFieldsOf(row), details: row.details };
}

export function documentOfOrganisation(row: OrganisationRow): ProfileSourceDocument {
  const { projects: _published, ...details } = row.details;
  return { kind: 'organisation', fields: organisationFieldsOf(row), details };
}

/** The fields of an update split into the row's columns and its details. */
export function splitPerson(update: Partial<PersonFields & PersonDetails>): { fields: Partial<PersonFields>; details: PersonDetails } {
  const { fields, rest } = split(update, PERSON_COLUMNS);
  return { fields, details: rest };
}

export function splitOrganisation(update: Partial<OrganisationFields & OrganisationDetails>): {
  fields: Partial<OrganisationFields>;
  details: OrganisationDetails;
} {
  const { fields, rest } = split(update, ORGANISATION_COLUMNS);
  return { fields, details: rest };
}

/** Drops keys whose value is undefined, so a partial update keeps what it leaves out. */
export function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
