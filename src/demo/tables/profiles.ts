// Writes the demo's profiles (src/demo/profiles/generate.ts) into the profiles module's tables:
// people, organisations (published, version 1), projects, featured organisations, and their new
// images into the media module's. Idempotent: rows are keyed by stable ids and existing rows are
// left alone — except a profile the profiles migration carried over bare (details still empty),
// which gets its details and format once.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { mediaAssets } from '../../modules/media/schema.ts';
import { featuredOrganisationProfiles, organisationProfiles, personProfiles, profileProjects } from '../../modules/profiles/schema.ts';
import type { DemoCatalogue } from '../catalogue/types.ts';
import { buildDemoProfiles } from '../profiles/generate.ts';
import { DEMO_GROUP_ACCOUNT_ID } from '../accounts.ts';

const CHUNK = 100;

async function chunked<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

export async function seedProfiles(db: Db, catalogue: DemoCatalogue, anchor: Date): Promise<void> {
  const demo = buildDemoProfiles(catalogue, { lindGroupAccountId: DEMO_GROUP_ACCOUNT_ID });
  const publishedAt = anchor;
  await chunked(demo.art, (chunk) =>
    db
      .insert(mediaAssets)
      .values(chunk.map((spec) => ({ key: spec.key, kind: 'art' as const, art: spec })))
      .onConflictDoNothing(),
  );
  await chunked(demo.people, (chunk) =>
    db
      .insert(personProfiles)
      .values(chunk.map((p) => ({ ...p, version: 1, publishedAt })))
      .onConflictDoUpdate({
        target: personProfiles.profileId,
        set: { details: sql`excluded.details`, format: sql`excluded.format` },
        setWhere: sql`${personProfiles.details} = '{}'::jsonb`,
      }),
  );
  await chunked(demo.organisations, (chunk) =>
    db
      .insert(organisationProfiles)
      .values(chunk.map((o) => ({ ...o, version: 1, publishedAt })))
      .onConflictDoUpdate({
        target: organisationProfiles.profileId,
        set: { details: sql`excluded.details`, format: sql`excluded.format` },
        setWhere: sql`${organisationProfiles.details} = '{}'::jsonb`,
      }),
  );
  await chunked(demo.projects, (chunk) =>
    db
      .insert(profileProjects)
      .values(
        chunk.map(({ projectId, profileId, slug, title, description, thumbnailKey, assets, position }) => ({
          projectId,
          profileId,
          slug,
          title,
          description,
          thumbnailKey,
          assets,
          position,
        })),
      )
      .onConflictDoNothing(),
  );
  await db
    .insert(featuredOrganisationProfiles)
    .values(
      demo.featured.map((f) => ({
        profileId: f.profileId,
        category: f.category,
        startDate: new Date(anchor.getTime() - f.daysAgo * 86_400_000),
      })),
    )
    .onConflictDoNothing();
}
