// What the public sees of profiles: a published profile by slug or id, the directories with their
// filters and pages, featured organisations, the people categories and collections, and the links
// between profiles both ways (key people ↔ organisations, parent ↔ subsidiaries). Never a source.
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { bof500ClassKey, bof500ClassYear, BOF500_BADGE } from './bof500.ts';
import type { Bof500Query, DirectoryQuery } from './profile-input.ts';
import { organisationOf, personOf } from './profile-rows.ts';
import type { Job, OrganisationProfile, PersonProfile } from './profile-types.ts';
import { featuredOrganisationProfiles, organisationProfiles, personProfiles, type FeaturedCategory } from './schema.ts';

export const DIRECTORY_PAGE_SIZE = 24;

export interface DirectoryPage<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
}

/** A profile as another profile's page links to it. */
export interface ProfileLink {
  profileId: string;
  slug: string;
  name: string;
  subtitle: string;
  thumbnailKey: string | null;
  /** The role (key people) or relation (companies), when the link has one. */
  role: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const isKey = (value: string) => (UUID.test(value) || SLUG.test(value)) && value.length <= 200;
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A profile named by another (a key person, a related company), with the role it has there. */
type LinkEntry = { profileId: string; role?: string | null };

/** The ids that can be profiles (a stored link to anything else is skipped, not an error). */
const profileIdsOf = (entries: readonly LinkEntry[]) => entries.map((e) => e.profileId).filter((id) => UUID.test(id));

/** The published rows found, in the entries' order, each linked with its entry's role. */
function linksInOrder<Row extends { profileId: string }>(
  entries: readonly LinkEntry[],
  rows: Row[],
  link: (row: Row, role: string | null) => ProfileLink,
): ProfileLink[] {
  const byId = new Map(rows.map((r) => [r.profileId, r]));
  return entries.flatMap((e) => {
    const row = byId.get(e.profileId);
    return row ? [link(row, e.role ?? null)] : [];
  });
}

export function createProfileReads({ db, now }: { db: Db; now: () => Date }) {
  const personPublished = isNotNull(personProfiles.publishedAt);
  const organisationPublished = isNotNull(organisationProfiles.publishedAt);

  async function page<T>(total: number, requested: number, load: (offset: number) => Promise<T[]>): Promise<DirectoryPage<T>> {
    const pageCount = Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));
    const current = Math.min(Math.max(1, requested), pageCount);
    return { items: total === 0 ? [] : await load((current - 1) * DIRECTORY_PAGE_SIZE), total, page: current, pageCount };
  }

  const personLink = (row: typeof personProfiles.$inferSelect, role: string | null = null): ProfileLink => ({
    profileId: row.profileId,
    slug: row.slug,
    name: `${row.firstName} ${row.lastName}`,
    subtitle: row.subtitle,
    thumbnailKey: row.thumbnailKey,
    role,
  });
  const organisationLink = (row: typeof organisationProfiles.$inferSelect, role: string | null = null): ProfileLink => ({
    profileId: row.profileId,
    slug: row.slug,
    name: row.title,
    subtitle: row.summary,
    thumbnailKey: row.thumbnailKey,
    role,
  });

  /** The people directory's filters (published, category, nationality, a name or title). */
  const peopleFilter = (query: DirectoryQuery) =>
    and(
      personPublished,
      query.category ? eq(personProfiles.category, query.category) : undefined,
      query.country ? sql`${query.country} = any(${personProfiles.nationalities})` : undefined,
      query.q
        ? or(
            ilike(sql`${personProfiles.firstName} || ' ' || ${personProfiles.lastName}`, `%${likeEscape(query.q)}%`),
            ilike(personProfiles.subtitle, `%${likeEscape(query.q)}%`),
          )
        : undefined,
    );

  /** In the BoF 500: in the class of `classYear`, or in any class. */
  const inBof500 = (classYear: number | undefined) =>
    classYear === undefined
      ? sql`${personProfiles.details}->'badges' @> ${JSON.stringify([BOF500_BADGE])}::jsonb`
      : sql`${personProfiles.details}->'collections' @> ${JSON.stringify([bof500ClassKey(classYear)])}::jsonb`;

  /** Every collection published people belong to, with how many. */
  async function collectionCounts(): Promise<{ key: string; count: number }[]> {
    const rows = await db
      .select({ key: sql<string>`c.key`, count: count() })
      .from(sql`${personProfiles}, jsonb_array_elements_text(coalesce(${personProfiles.details}->'collections', '[]'::jsonb)) as c(key)`)
      .where(personPublished)
      .groupBy(sql`c.key`)
      .orderBy(sql`c.key`);
    return rows.map((r) => ({ key: r.key, count: Number(r.count) }));
  }

  async function listPeopleWhere(where: SQL | undefined, requestedPage: number): Promise<DirectoryPage<PersonProfile>> {
    const [total] = await db.select({ n: count() }).from(personProfiles).where(where);
    return page(Number(total?.n ?? 0), requestedPage, async (offset) =>
      (
        await db
          .select()
          .from(personProfiles)
          .where(where)
          .orderBy(asc(personProfiles.lastName), asc(personProfiles.firstName), asc(personProfiles.profileId))
          .limit(DIRECTORY_PAGE_SIZE)
          .offset(offset)
      ).map(personOf),
    );
  }

  return {
    /** A published person profile by slug or id; null when there is none (never published included). */
    async personPublic(key: string): Promise<PersonProfile | null> {
      if (!isKey(key)) return null;
      const [row] = await db
        .select()
        .from(personProfiles)
        .where(and(UUID.test(key) ? eq(personProfiles.profileId, key) : eq(personProfiles.slug, key), personPublished));
      return row ? personOf(row) : null;
    },

    async organisationPublic(key: string): Promise<OrganisationProfile | null> {
      if (!isKey(key)) return null;
      const [row] = await db
        .select()
        .from(organisationProfiles)
        .where(and(UUID.test(key) ? eq(organisationProfiles.profileId, key) : eq(organisationProfiles.slug, key), organisationPublished));
      return row ? organisationOf(row) : null;
    },

    /** The jobs the published organisations among `profileIds` list, each organisation with its name and slug (saved jobs, the partner hub). */
    async jobsOf(
      profileIds: readonly string[],
    ): Promise<{ profileId: string; slug: string; title: string; format: OrganisationProfile['format']; jobs: Job[] }[]> {
      const ids = profileIds.filter((id) => UUID.test(id));
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          profileId: organisationProfiles.profileId,
          slug: organisationProfiles.slug,
          title: organisationProfiles.title,
          format: organisationProfiles.format,
          details: organisationProfiles.details,
        })
        .from(organisationProfiles)
        .where(and(inArray(organisationProfiles.profileId, ids), organisationPublished));
      return rows.map(({ details, ...organisation }) => ({ ...organisation, jobs: details.jobs ?? [] }));
    },

    /** Every published profile's slug and when it was last published, for /sitemap.xml. */
    async published(): Promise<{ people: { slug: string; publishedAt: Date }[]; organisations: { slug: string; publishedAt: Date }[] }> {
      const [people, organisations] = await Promise.all([
        db
          .select({ slug: personProfiles.slug, publishedAt: personProfiles.publishedAt })
          .from(personProfiles)
          .where(personPublished)
          .orderBy(asc(personProfiles.slug)),
        db
          .select({ slug: organisationProfiles.slug, publishedAt: organisationProfiles.publishedAt })
          .from(organisationProfiles)
          .where(organisationPublished)
          .orderBy(asc(organisationProfiles.slug)),
      ]);
      const dated = (rows: { slug: string; publishedAt: Date | null }[]) =>
        rows.map((r) => ({ slug: r.slug, publishedAt: r.publishedAt! }));
      return { people: dated(people), organisations: dated(organisations) };
    },

    /** `/people/`: published people, by last name, filtered by category and a name. */
    async listPeople(query: DirectoryQuery): Promise<DirectoryPage<PersonProfile>> {
      return listPeopleWhere(peopleFilter(query), query.page);
    },

    /** `/bof500/` and `/bof500/search/`: the people in the BoF 500 (or one class), filtered as the people directory is. */
    async listBof500(query: Bof500Query): Promise<DirectoryPage<PersonProfile>> {
      return listPeopleWhere(and(peopleFilter(query), inBof500(query.class)), query.page);
    },

    /** The BoF 500's filter values with their counts: every class year, and the categories and nationalities in the chosen class. */
    async bof500Facets(classYear?: number): Promise<{
      classes: { year: number; count: number }[];
      categories: { key: string; count: number }[];
      countries: { key: string; count: number }[];
    }> {
      const where = and(personPublished, inBof500(classYear));
      const [classes, categories, countries] = await Promise.all([
        collectionCounts(),
        db.select({ key: personProfiles.category, count: count() }).from(personProfiles).where(where).groupBy(personProfiles.category),
        db
          .select({ key: sql<string>`n.key`, count: count() })
          .from(sql`${personProfiles}, unnest(${personProfiles.nationalities}) as n(key)`)
          .where(where)
          .groupBy(sql`n.key`),
      ]);
      return {
        classes: classes
          .flatMap(({ key, count: n }) => {
            const year = bof500ClassYear(key);
            return year === null ? [] : [{ year, count: n }];
          })
          .sort((a, b) => b.year - a.year),
        categories: categories.map((r) => ({ key: r.key, count: Number(r.count) })),
        countries: countries.map((r) => ({ key: r.key, count: Number(r.count) })),
      };
    },

    /** `/organisations/`: published organisations, by name, filtered by industry, country and size. */
    async listOrganisations(query: DirectoryQuery): Promise<DirectoryPage<OrganisationProfile>> {
      const where = and(
        organisationPublished,
        query.industry ? eq(organisationProfiles.organisationIndustry, query.industry) : undefined,
        query.country ? eq(organisationProfiles.country, query.country) : undefined,
        query.size ? eq(organisationProfiles.organisationSize, query.size) : undefined,
        query.q ? ilike(organisationProfiles.title, `%${likeEscape(query.q)}%`) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(organisationProfiles).where(where);
      return page(Number(total?.n ?? 0), query.page, async (offset) =>
        (
          await db
            .select()
            .from(organisationProfiles)
            .where(where)
            .orderBy(asc(organisationProfiles.title), asc(organisationProfiles.profileId))
            .limit(DIRECTORY_PAGE_SIZE)
            .offset(offset)
        ).map(organisationOf),
      );
    },

    /** The values in use for the directories' filters, with how many published profiles have each. */
    async facets(): Promise<{
      categories: { key: string; count: number }[];
      industries: { key: string; count: number }[];
      countries: { key: string; count: number }[];
      sizes: { key: string; count: number }[];
    }> {
      const grouped = async (
        column: SQL | typeof organisationProfiles.country,
        table: typeof personProfiles | typeof organisationProfiles,
        published: SQL,
      ) =>
        (
          await db
            .select({ key: sql<string>`${column}`, count: count() })
            .from(table)
            .where(published)
            .groupBy(sql`${column}`)
        ).map((r) => ({ key: r.key, count: Number(r.count) }));
      const [categories, industries, countries, sizes] = await Promise.all([
        grouped(sql`${personProfiles.category}`, personProfiles, personPublished),
        grouped(sql`${organisationProfiles.organisationIndustry}`, organisationProfiles, organisationPublished),
        grouped(sql`${organisationProfiles.country}`, organisationProfiles, organisationPublished),
        grouped(sql`${organisationProfiles.organisationSize}`, organisationProfiles, organisationPublished),
      ]);
      return { categories, industries, countries, sizes };
    },

    /** §7 personProfileCategories: the categories published people are filed under, with counts. */
    async personCategories(): Promise<{ key: string; count: number }[]> {
      return (await this.facets()).categories;
    },

    /** §7 profileCollections: the collections (a BoF 500 class, say) published people belong to. */
    async collections(): Promise<{ key: string; count: number }[]> {
      return collectionCounts();
    },

    /** §7 featuredOrganisationProfiles: published organisations featured in `category` from a start date now past, newest first. */
    async featuredOrganisations(category: FeaturedCategory, limit = 12): Promise<(OrganisationProfile & { startDate: Date })[]> {
      const rows = await db
        .select({ profile: organisationProfiles, startDate: featuredOrganisationProfiles.startDate })
        .from(featuredOrganisationProfiles)
        .innerJoin(organisationProfiles, eq(organisationProfiles.profileId, featuredOrganisationProfiles.profileId))
        .where(
          and(
            eq(featuredOrganisationProfiles.category, category),
            lte(featuredOrganisationProfiles.startDate, now()),
            organisationPublished,
          ),
        )
        .orderBy(desc(featuredOrganisationProfiles.startDate), asc(organisationProfiles.title))
        .limit(limit);
      return rows.map((r) => ({ ...organisationOf(r.profile), startDate: r.startDate }));
    },

    /** Published people among the ids, in the order given, each with the role given. */
    async peopleLinks(entries: readonly LinkEntry[]): Promise<ProfileLink[]> {
      const ids = profileIdsOf(entries);
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(personProfiles)
        .where(and(inArray(personProfiles.profileId, ids), personPublished));
      return linksInOrder(entries, rows, personLink);
    },

    async organisationLinks(entries: readonly LinkEntry[]): Promise<ProfileLink[]> {
      const ids = profileIdsOf(entries);
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(organisationProfiles)
        .where(and(inArray(organisationProfiles.profileId, ids), organisationPublished));
      return linksInOrder(entries, rows, organisationLink);
    },

    /** The published organisations naming this person among their key people, with the role. */
    async organisationsWithKeyPerson(personProfileId: string): Promise<ProfileLink[]> {
      if (!UUID.test(personProfileId)) return [];
      const rows = await db
        .select()
        .from(organisationProfiles)
        .where(
          and(
            organisationPublished,
            sql`${organisationProfiles.details} @> ${JSON.stringify({ keyPeople: [{ profileId: personProfileId }] })}::jsonb`,
          ),
        )
        .orderBy(asc(organisationProfiles.title));
      return rows.map((row) => organisationLink(row, row.details.keyPeople?.find((p) => p.profileId === personProfileId)?.role ?? null));
    },

    /** The published organisations that list this one as a subsidiary (its parents). */
    async parentsOf(organisationProfileId: string): Promise<ProfileLink[]> {
      if (!UUID.test(organisationProfileId)) return [];
      const rows = await db
        .select()
        .from(organisationProfiles)
        .where(
          and(
            organisationPublished,
            sql`${organisationProfiles.details} @> ${JSON.stringify({ relatedCompanies: [{ profileId: organisationProfileId, relation: 'SUBSIDIARY' }] })}::jsonb`,
          ),
        )
        .orderBy(asc(organisationProfiles.title));
      return rows.map((row) => organisationLink(row, 'PARENT'));
    },

    /** Published profiles named by slug (stories name profiles by slug): which exist, for links. */
    async publishedSlugs(kind: 'person' | 'organisation', slugs: readonly string[]): Promise<{ slug: string; name: string }[]> {
      const valid = slugs.filter((s) => SLUG.test(s));
      if (valid.length === 0) return [];
      if (kind === 'person') {
        const rows = await db
          .select({ slug: personProfiles.slug, first: personProfiles.firstName, last: personProfiles.lastName })
          .from(personProfiles)
          .where(and(inArray(personProfiles.slug, valid), personPublished));
        return rows.map((r) => ({ slug: r.slug, name: `${r.first} ${r.last}` }));
      }
      return db
        .select({ slug: organisationProfiles.slug, name: organisationProfiles.title })
        .from(organisationProfiles)
        .where(and(inArray(organisationProfiles.slug, valid), organisationPublished));
    },
  };
}

export type ProfileReads = ReturnType<typeof createProfileReads>;
