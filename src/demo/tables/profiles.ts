// Writes the demo catalogue's profiles into the profiles module's tables. Idempotent: rows are keyed by stable ids
// and existing rows are left alone.
import type { Db } from '../../db/database.ts';
import { stableUuid } from '../../db/stable-id.ts';
import type { DemoCatalogue } from '../catalogue/types.ts';
import { organisationProfiles, personProfiles } from '../../modules/profiles/schema.ts';

export async function seedProfiles(db: Db, catalogue: DemoCatalogue): Promise<void> {
  await db
    .insert(personProfiles)
    .values(
      catalogue.people.map((p) => ({
        profileId: stableUuid('person', p.slug),
        slug: p.slug,
        firstName: p.firstName,
        lastName: p.lastName,
        subtitle: p.subtitle,
        summary: p.summary,
        location: p.location,
        nationalities: p.nationalities,
        category: p.category,
        yearBorn: p.yearBorn,
        thumbnailKey: p.portrait.key,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(organisationProfiles)
    .values(
      catalogue.organisations.map((o) => ({
        profileId: stableUuid('organisation', o.slug),
        slug: o.slug,
        title: o.title,
        summary: o.summary,
        city: o.city,
        country: o.country,
        organisationIndustry: o.industry,
        organisationSize: o.size,
        organisationType: o.type,
        ownershipType: o.ownership,
        yearEstablished: o.yearEstablished,
        thumbnailKey: o.logo.key,
      })),
    )
    .onConflictDoNothing();
}
