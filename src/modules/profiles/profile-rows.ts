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

export function personFieldsOf(row: PersonFields): PersonFields {
  const { firstName, lastName, subtitle, summary, location, nationalities, category, yearBorn, thumbnailKey, format } = row;
  return { firstName, lastName, subtitle, summary, location, nationalities, category, yearBorn, thumbnailKey, format };
}

export function organisationFieldsOf(row: OrganisationFields): OrganisationFields {
  const {
    title,
    summary,
    city,
    country,
    organisationIndustry,
    organisationSize,
    organisationType,
    ownershipType,
    yearEstablished,
    thumbnailKey,
    format,
  } = row;
  return {
    title,
    summary,
    city,
    country,
    organisationIndustry,
    organisationSize,
    organisationType,
    ownershipType,
    yearEstablished,
    thumbnailKey,
    format,
  };
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
  const { firstName, lastName, subtitle, summary, location, nationalities, category, yearBorn, thumbnailKey, format, ...details } = update;
  const fields = Object.fromEntries(
    Object.entries({ firstName, lastName, subtitle, summary, location, nationalities, category, yearBorn, thumbnailKey, format }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  return { fields, details };
}

export function splitOrganisation(update: Partial<OrganisationFields & OrganisationDetails>): {
  fields: Partial<OrganisationFields>;
  details: OrganisationDetails;
} {
  const {
    title,
    summary,
    city,
    country,
    organisationIndustry,
    organisationSize,
    organisationType,
    ownershipType,
    yearEstablished,
    thumbnailKey,
    format,
    ...details
  } = update;
  const fields = Object.fromEntries(
    Object.entries({
      title,
      summary,
      city,
      country,
      organisationIndustry,
      organisationSize,
      organisationType,
      ownershipType,
      yearEstablished,
      thumbnailKey,
      format,
    }).filter(([, value]) => value !== undefined),
  );
  return { fields, details };
}

/** Drops keys whose value is undefined, so a partial update keeps what it leaves out. */
export function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
