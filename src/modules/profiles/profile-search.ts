// Published profiles as text, for the search index (modules/search, decision 049): the public row
// only (what the last publish copied, never a draft), in id order, a batch at a time. Everything
// here is on the public page for every reader, so the index may match and show all of it.
import { and, asc, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { bof500ClassYear, BOF500_BADGE } from './bof500.ts';
import { organisationProfiles, personProfiles } from './schema.ts';

export type ProfileKind = 'person' | 'organisation';

/** One published profile's words: its name, the line under it, its longer descriptions and where it is. */
export interface ProfileText {
  profileId: string;
  slug: string;
  name: string;
  /** The person's subtitle, or the organisation's summary. */
  description: string;
  /** Summary and editorial descriptions. */
  body: string;
  /** Location (city or country key), category or industry key. */
  names: string;
  thumbnailKey: string | null;
  /** The last publish. */
  publishedAt: string;
  /** A person's filters (/bof500/search/): category key, nationalities (Country keys), BoF 500 classes (null: not in it). */
  person?: { category: string; nationalities: string[]; bof500Classes: number[] | null };
}

export function createProfileSearch({ db }: { db: Db }) {
  return {
    async profilesForSearch({
      kind,
      slugs,
      after,
      limit,
    }: {
      kind: ProfileKind;
      slugs?: readonly string[];
      after?: string;
      limit: number;
    }): Promise<ProfileText[]> {
      const table = kind === 'person' ? personProfiles : organisationProfiles;
      const conditions: SQL[] = [sql`${table.version} > 0`];
      if (slugs) conditions.push(inArray(table.slug, [...slugs]));
      if (after) conditions.push(gt(table.profileId, after));
      const published = (at: Date | null) => (at ?? new Date(0)).toISOString();
      if (kind === 'person') {
        const rows = await db
          .select()
          .from(personProfiles)
          .where(and(...conditions))
          .orderBy(asc(personProfiles.profileId))
          .limit(limit);
        return rows.map((r) => ({
          profileId: r.profileId,
          slug: r.slug,
          name: `${r.firstName} ${r.lastName}`,
          description: r.subtitle,
          body: [r.summary, r.details.editorialDescription ?? ''].join('\n'),
          names: [r.location, r.category].join(' '),
          thumbnailKey: r.thumbnailKey,
          publishedAt: published(r.publishedAt),
          person: {
            category: r.category,
            nationalities: r.nationalities,
            bof500Classes: r.details.badges?.includes(BOF500_BADGE)
              ? (r.details.collections ?? []).flatMap((key) => bof500ClassYear(key) ?? []).sort((a, b) => a - b)
              : null,
          },
        }));
      }
      const rows = await db
        .select()
        .from(organisationProfiles)
        .where(and(...conditions))
        .orderBy(asc(organisationProfiles.profileId))
        .limit(limit);
      return rows.map((r) => ({
        profileId: r.profileId,
        slug: r.slug,
        name: r.title,
        description: r.summary,
        body: [r.details.editorialDescription ?? '', r.details.premiumDescription ?? ''].join('\n'),
        names: [r.city, r.organisationIndustry, r.organisationType].join(' '),
        thumbnailKey: r.thumbnailKey,
        publishedAt: published(r.publishedAt),
      }));
    },
  };
}
