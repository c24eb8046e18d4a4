// Search across stories, case studies, people and organisations (issue 20, decision 049), in
// PostgreSQL itself: each document's two weighted tsvectors (search_documents: `open_vector`, what
// every reader may read; `full_vector`, that and the whole body), websearch syntax, ranking by
// relevance and recency, counts per filter, ts_headline snippets, and a trigram vocabulary for
// misspelt words. One rule decides what a reader's search may touch: the walls decision
// (`readsWhole`), asked once per kind of story. A body the reader may not read neither matches nor
// shows; its headline and standfirst do.
//
// The index is a copy kept by this module: documents come from the owning modules' services
// (content `storiesForSearch`, profiles `profilesForSearch`), and the change bus's `pages` messages
// (a revised story, a published profile) say which to read again. The first search of a process
// builds the whole index when it holds another version's documents (SEARCH_INDEX_VERSION).
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { ChangeBus } from '../../platform/change-bus.ts';
import type { Logger } from '../../platform/module.ts';
import type { SessionUser } from '../../shared/auth/session-user.ts';
import { paths } from '../../shared/paths.ts';
import {
  SEARCH_DATES,
  BOF500_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  SEARCH_TYPES,
  type SearchDate,
  type SearchDetails,
  type SearchType,
} from '../../shared/search.ts';
import { bof500SearchSchema, searchQuerySchema, type Bof500SearchQuery, type SearchQuery } from '../../shared/validation/search.ts';
import type { ContentService, StoryText } from '../content/content-service.ts';
import type { EventText } from '../events/events-for-search.ts';
import type { EventsService } from '../events/events-service.ts';
import type { StoryAccess } from '../content/types.ts';
import type { ProfileKind, ProfileText } from '../profiles/profile-search.ts';
import type { ProfilesService } from '../profiles/profiles-service.ts';
import type { WallsService } from '../walls/walls-service.ts';
import { createPassageReader } from './passages.ts';
import { searchDocuments, searchIndexState, searchWords } from './schema.ts';
import { rowsOf } from '../../db/rows.ts';

/** Raise it when what a document holds changes: every process rebuilds the index at its first search. */
export const SEARCH_INDEX_VERSION = 2;
const BATCH = 200;
const STORY_ACCESS = ['free', 'registered', 'premium', 'beauty'] as const satisfies readonly StoryAccess[];
/** Every reader reads a profile whole. */
export const OPEN_WALL_KEY = 'open';
/** ts_headline's marks: private-use characters, taken out of the text first, so a story cannot forge one. */
const MARK_START = '\uE000';
const MARK_END = '\uE001';
const DAY_MS = 86_400_000;
const DATE_SPANS: Record<SearchDate, number> = { week: 7, month: 31, year: 366 };
/**
 * For the search statement's transaction (decision 049). The planner cannot see that a sequential
 * scan reads every body's vector back from storage (TOAST) while the GIN bitmap reads none of them:
 * on 20,000 stories it chose the scan for common words and spent most of the search there. No JIT
 * and no parallel workers either: a search is short, and starting them cost more than it saved.
 */
const PLANNER_SETTINGS = sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true),
  set_config('max_parallel_workers_per_gather', '0', true)`;
/**
 * Bounds on a search's work (decision 058). A search reads the heap row of every match it counts
 * or ranks; on 20,000 stories a common word matches nearly all of them. Documents carry a sample
 * bucket (0 to 1023): the first look counts the matches in `probe` buckets (a sixteenth); when that
 * says more than `exactMatches`, the counts are the sample's (`close` buckets, a quarter, when the
 * first look saw fewer than `minSample` matches), scaled up, and the page is ranked among the newest
 * `recent` matches under the filters (or all of them, when the filters leave no more than `exactMatches`).
 */
export interface SearchBounds {
  probe: number;
  close: number;
  minSample: number;
  exactMatches: number;
  recent: number;
}
const BUCKETS = 1024;
export const SEARCH_BOUNDS: SearchBounds = { probe: 64, close: 256, minSample: 500, exactMatches: 2_000, recent: 200 };
/** The index's GIN indexes: their pending entries are merged after a bulk write, so no search scans them one by one. */
const GIN_INDEXES = ['search_documents_open_idx', 'search_documents_full_idx', 'search_documents_topics_idx', 'search_words_trgm_idx'];

/** One row of the index, as a module hands it over (search.indexDocuments). */
export interface SearchDocument {
  kind: SearchType;
  sourceId: string;
  url: string;
  title: string;
  description: string;
  names: string;
  body: string;
  wallKey: string;
  topics: string[];
  primaryTopicName: string | null;
  mediaType: string | null;
  imageKey: string | null;
  /** An event's start; otherwise the last publish. */
  publishedAt: Date;
  /** What a surface may scope a search to (`bof500`, `bof500-class:2024`, `category:…`, `nationality:…`). */
  facets?: string[];
  details?: SearchDetails | null;
}

/** What one search looks in and shows: the page's filters, and a surface's own scope and page size. */
interface Scope extends Pick<SearchQuery, 'type' | 'topic' | 'date' | 'page'> {
  /** Only documents carrying all of these (`SearchDocument.facets`); not counted as a filter. */
  facets?: string[];
  pageSize?: number;
}

/** A person's facet when they are in the BoF 500; `bof500-class:<year>` for each class. */
const BOF500_FACET = 'bof500';

export interface Bof500SearchResults extends Omit<SearchResults, 'query' | 'counts'> {
  query: Bof500SearchQuery;
}

/** Highlighted text as plain pieces: the page renders `match` pieces in <mark>, and React escapes every piece. */
export type Highlighted = { text: string; match: boolean }[];

/** One result (§3 RecommendedStory's shape for stories: title, description, uri, mediaType, availableTime, primarySection). */
export interface SearchResult {
  kind: SearchType;
  id: string;
  title: string;
  titleHighlighted: Highlighted;
  /** The standfirst, subtitle or summary, whole: every reader may read it. */
  description: string;
  /** From text the reader may read: the body when they read the story whole, else the standfirst. */
  snippet: Highlighted;
  uri: string;
  mediaType: string | null;
  availableTime: string;
  primarySection: string | null;
  imageKey: string | null;
  /** The reader meets a wall on this story (the page says so beside it). */
  gated: boolean;
  /** An event's series, zone and place; a person's category, nationalities and classes. */
  details: SearchDetails | null;
}

export interface FilterCount<V extends string> {
  value: V;
  count: number;
}

export interface SearchResults {
  query: SearchQuery;
  /** The words searched for when the query as typed found nothing and a correction did. */
  correctedTerm: string | null;
  total: number;
  /**
   * The total and the counts are estimates from a sample of the documents (two significant figures):
   * a search matching thousands of documents (decision 058). The page says "about".
   */
  estimated: boolean;
  page: number;
  pageCount: number;
  results: SearchResult[];
  counts: {
    types: FilterCount<SearchType>[];
    topics: (FilterCount<string> & { name: string })[];
    dates: FilterCount<SearchDate>[];
    /** Matches under the type and topic filters at any date. */
    anyDate: number;
    /** Matches under the topic and date filters of any type. */
    anyType: number;
    /** Matches under the type and date filters in any topic. */
    anyTopic: number;
  };
}

export interface SearchServiceDeps {
  db: Db;
  content: Pick<ContentService, 'storiesForSearch' | 'listTopics'>;
  profiles: Pick<ProfilesService, 'profilesForSearch' | 'peopleBySlugs'>;
  events: Pick<EventsService, 'eventsForSearch'>;
  walls: Pick<WallsService, 'readsWhole'>;
  changes?: ChangeBus;
  log?: Pick<Logger, 'error'>;
  now?: () => Date;
  /** SEARCH_BOUNDS unless a test asks for others (to take the sampled path on a small corpus). */
  bounds?: SearchBounds;
}

const STORY_PATH = /^\/articles\/([^/]+)\/$/;
const PERSON_PATH = /^\/people\/([^/]+)\/$/;
const ORGANISATION_PATH = /^\/organisations\/([^/]+)\/$/;
const EVENT_PATH = /^\/events\/([^/]+)\/$/;

export function createSearchService({
  db,
  content,
  profiles,
  events,
  walls,
  changes,
  log,
  now = () => new Date(),
  bounds = SEARCH_BOUNDS,
}: SearchServiceDeps) {
  type Executor = Pick<Db, 'insert' | 'delete' | 'select' | 'execute'>;
  let ready: Promise<void> | null = null;

  async function writeDocuments(tx: Executor, documents: SearchDocument[]): Promise<void> {
    for (let i = 0; i < documents.length; i += BATCH) {
      const batch = documents.slice(i, i + BATCH).map((document) => ({
        ...document,
        title: unmarked(document.title),
        description: unmarked(document.description),
        body: unmarked(document.body),
      }));
      await tx
        .insert(searchDocuments)
        .values(batch)
        .onConflictDoUpdate({
          target: [searchDocuments.kind, searchDocuments.sourceId],
          set: Object.fromEntries(
            (
              [
                'url',
                'title',
                'description',
                'names',
                'body',
                'wallKey',
                'topics',
                'primaryTopicName',
                'mediaType',
                'imageKey',
                'publishedAt',
                'facets',
                'details',
              ] as const
            ).map((key) => [key, sql.raw(`excluded.${searchDocuments[key].name}`)]),
          ),
        });
      // The vocabulary holds only what every reader may read: a correction must not reveal a gated word.
      const open = batch.map((d) => [d.title, d.description, d.names, d.wallKey === OPEN_WALL_KEY ? d.body : ''].join(' ')).join(' ');
      await tx.execute(sql`
        insert into ${searchWords} (word)
        select distinct w from regexp_split_to_table(lower(${open}), '[^[:alpha:]]+') as w
        where length(w) between 3 and 40
        on conflict do nothing`);
    }
  }

  async function storyDocuments(select: { slugs?: readonly string[] }): Promise<SearchDocument[]> {
    const documents: SearchDocument[] = [];
    let after: string | undefined;
    for (;;) {
      const batch = await content.storiesForSearch({ ...select, after, limit: BATCH });
      documents.push(...batch.map(storyDocument));
      if (select.slugs || batch.length < BATCH) return documents;
      after = batch.at(-1)!.id;
    }
  }

  async function profileDocuments(kind: ProfileKind, select: { slugs?: readonly string[] }): Promise<SearchDocument[]> {
    const documents: SearchDocument[] = [];
    let after: string | undefined;
    for (;;) {
      const batch = await profiles.profilesForSearch({ kind, ...select, after, limit: BATCH });
      documents.push(...batch.map((profile) => profileDocument(kind, profile)));
      if (select.slugs || batch.length < BATCH) return documents;
      after = batch.at(-1)!.profileId;
    }
  }

  async function eventDocuments(select: { slugs?: readonly string[] }): Promise<SearchDocument[]> {
    const documents: SearchDocument[] = [];
    let after: string | undefined;
    for (;;) {
      const batch = await events.eventsForSearch({ ...select, after, limit: BATCH });
      // The speakers by name (the profiles'), so that searching for a person finds the events they speak at.
      const speakers = new Map(
        (await profiles.peopleBySlugs([...new Set(batch.flatMap((e) => e.speakerSlugs))])).map((p) => [p.slug, p.name]),
      );
      documents.push(
        ...batch.map((event) =>
          eventDocument(
            event,
            event.speakerSlugs.flatMap((slug) => speakers.get(slug) ?? []),
          ),
        ),
      );
      if (select.slugs || batch.length < BATCH) return documents;
      after = batch.at(-1)!.eventId;
    }
  }

  /** Reads the documents behind these pages again; a page whose document is gone (unpublished) leaves the index. */
  async function refresh(urls: string[]): Promise<void> {
    const slugs = (pattern: RegExp) => urls.flatMap((url) => pattern.exec(url)?.[1] ?? []);
    const [storySlugs, personSlugs, organisationSlugs, eventSlugs] = [
      slugs(STORY_PATH),
      slugs(PERSON_PATH),
      slugs(ORGANISATION_PATH),
      slugs(EVENT_PATH),
    ];
    const documents = [
      ...(storySlugs.length ? await storyDocuments({ slugs: storySlugs }) : []),
      ...(personSlugs.length ? await profileDocuments('person', { slugs: personSlugs }) : []),
      ...(organisationSlugs.length ? await profileDocuments('organisation', { slugs: organisationSlugs }) : []),
      ...(eventSlugs.length ? await eventDocuments({ slugs: eventSlugs }) : []),
    ];
    const wanted = [
      ...storySlugs.map(paths.story),
      ...personSlugs.map(paths.person),
      ...organisationSlugs.map(paths.organisation),
      ...eventSlugs.map(paths.event),
    ];
    if (wanted.length === 0) return;
    await db.transaction(async (tx) => {
      await writeDocuments(tx, documents);
      const found = new Set(documents.map((d) => d.url));
      const gone = wanted.filter((url) => !found.has(url));
      if (gone.length) await tx.delete(searchDocuments).where(inArray(searchDocuments.url, gone));
    });
  }

  /** Every document again, in one transaction that one process at a time runs (the others then find it built). */
  async function rebuild({ force }: { force: boolean }): Promise<void> {
    const documents = [
      ...(await storyDocuments({})),
      ...(await profileDocuments('person', {})),
      ...(await profileDocuments('organisation', {})),
      ...(await eventDocuments({})),
    ];
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('atelier_search_index'))`);
      const [state] = await tx.select().from(searchIndexState).where(eq(searchIndexState.id, 1));
      if (!force && state?.version === SEARCH_INDEX_VERSION) return;
      await tx.delete(searchDocuments);
      await tx.delete(searchWords);
      await writeDocuments(tx, documents);
      await tx
        .insert(searchIndexState)
        .values({ id: 1, version: SEARCH_INDEX_VERSION, builtAt: now() })
        .onConflictDoUpdate({ target: searchIndexState.id, set: { version: SEARCH_INDEX_VERSION, builtAt: now() } });
    });
    await settle();
  }

  /**
   * Merges the GIN indexes' pending entries into the indexes after a bulk write. Until vacuum does
   * it, every search scans that list entry by entry: on 20,000 fresh documents, 10 ms even for a word
   * that no document holds.
   */
  async function settle(): Promise<void> {
    for (const name of GIN_INDEXES) await db.execute(sql`select gin_clean_pending_list(${name}::regclass)`);
  }

  function ensureIndexed(): Promise<void> {
    ready ??= (async () => {
      const [state] = await db.select().from(searchIndexState).where(eq(searchIndexState.id, 1));
      if (state?.version !== SEARCH_INDEX_VERSION) await rebuild({ force: false });
    })().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  }

  const stopListening = changes?.subscribe('pages', ({ paths: changed }) => {
    // Runs in every process that hears it; writing the same documents twice changes nothing.
    const work = changed === null ? rebuild({ force: true }) : refresh(changed);
    work.catch((error: unknown) => log?.error({ err: error }, 'the search index could not follow a change'));
  });

  /** The walls decision for each kind of story this reader might meet: the wall keys whose whole text they read. */
  async function readableKeys(user: SessionUser | null): Promise<string[]> {
    const topics = await content.listTopics();
    const keys = [OPEN_WALL_KEY];
    for (const access of STORY_ACCESS) {
      for (const topic of topics) {
        if (walls.readsWhole({ user, story: { access, topicSlug: topic.slug } })) keys.push(storyWallKey(access, topic.slug));
      }
    }
    return keys;
  }

  /**
   * A search's counts and page (decisions 049, 053, 058). Every statement matches in two halves, so
   * each uses its own GIN index and no row's body vector is read back for matching: what the reader
   * reads whole matches on `full_vector`, the rest on `open_vector`. Relevance is ts_rank over the
   * open text (headline A, standfirst B, names C): a match found only in a body counts as a match and
   * ranks below the others (decision 049).
   *
   * Its cost is the matches' heap rows, so it is bounded (decision 058, `SearchBounds`): a first look
   * counts the matches in a sixteenth of the sample buckets. Few: one statement counts every match
   * exactly and ranks them all, as before. More: the counts are the sample's, scaled up, and said to be
   * about so many (`estimated`), and the page is ranked among the newest matches under the filters,
   * read newest first from the date index (or among all of them when the filters leave few).
   */
  async function run(term: string, query: Scope, keys: string[]): Promise<Omit<SearchResults, 'query' | 'correctedTerm'>> {
    const d = searchDocuments;
    const pageSize = query.pageSize ?? SEARCH_PAGE_SIZE;
    const within = query.facets?.length
      ? sql`${d.facets} @> array[${sql.join(
          query.facets.map((f) => sql`${f}`),
          sql`, `,
        )}]::text[]`
      : sql`true`;
    const tsquery = sql`websearch_to_tsquery('english', ${term})`;
    const readable = inArray(d.wallKey, keys);
    const at = now();
    const since = (date: SearchDate) => sql`${new Date(at.getTime() - DATE_SPANS[date] * DAY_MS).toISOString()}::timestamptz`;
    const typeOk = query.type ? sql`kind = ${query.type}` : sql`true`;
    const topicOk = query.topic ? sql`topics @> array[${query.topic}]::text[]` : sql`true`;
    const dateOk = query.date ? sql`published_at >= ${since(query.date)}` : sql`true`;
    const filtered = sql`${typeOk} and ${topicOk} and ${dateOk}`;
    // The age bucket a match counts in: 0 the past week, 1 the past month, 2 the past year, 3 older (the spans nest).
    const age = sql`(case when published_at >= ${since('week')} then 0 when published_at >= ${since('month')} then 1
      when published_at >= ${since('year')} then 2 else 3 end)`;
    // Relevance, then recency: a year-old story keeps three quarters of its score, a ten-year-old one a
    // little over half (double precision throughout: numeric arithmetic on every match cost more than the rank).
    const score = sql`(rank + 0.01) * (0.5 + 0.5 / (1 + greatest(0, date_part('epoch', ${at.toISOString()}::timestamptz - published_at) / 86400) / 365))`;
    const rank = sql`ts_rank(${d.openVector}, ${tsquery})`;
    const half = (vector: SQL, who: SQL, where: SQL) => sql`
      select ${d.kind} as kind, ${d.sourceId} as source_id, ${d.topics} as topics, ${d.publishedAt} as published_at, ${rank} as rank
      from ${d} where ${who} and ${within} and ${where} and ${vector} @@ ${tsquery}`;
    const matched = (where: SQL) =>
      sql`${half(sql`${d.fullVector}`, readable, where)} union all ${half(sql`${d.openVector}`, sql`not (${readable})`, where)}`;
    const grouped = (
      from: SQL,
    ) => sql`(select coalesce(json_agg(json_build_object('kind', kind, 'topics', topics, 'age', age, 'n', n)), '[]'::json)
           from (select kind, topics, ${age} as age, count(*)::int as n from ${from} group by 1, 2, 3) g)`;
    const ranked = (
      from: SQL,
      page: number,
    ) => sql`(select coalesce(json_agg(json_build_object('kind', kind, 'sourceId', source_id) order by score desc, published_at desc, source_id), '[]'::json)
           from (select kind, source_id, published_at, ${score} as score from ${from}
                 order by score desc, published_at desc, source_id limit ${pageSize} offset ${(page - 1) * pageSize}) z)`;
    const sampled = (buckets: number) => sql`select ${grouped(sql`(${matched(sql`${d.sample} < ${buckets}`)}) m`)} as groups`;
    // Every match, counted and ranked: the matched set once (materialised), grouped by type, topics and age for the counts.
    const exact = (page: number) => sql`
      with m as materialized (${matched(sql`true`)})
      select ${grouped(sql`m`)} as groups, ${ranked(sql`m where ${filtered}`, page)} as page`;
    // The page among every match under the filters.
    const exactPage = (page: number) => sql`select ${ranked(sql`(${matched(filtered)}) m`, page)} as page`;
    // The page among the newest matches under the filters, read newest first from the date index: a
    // body's vector is read only for a row whose open text does not match and whose body the reader reads.
    const recentPage = (page: number) =>
      sql`select ${ranked(
        sql`(select ${d.kind} as kind, ${d.sourceId} as source_id, ${d.publishedAt} as published_at, ${rank} as rank
             from ${d} where ${within} and ${filtered}
               and (${d.openVector} @@ ${tsquery} or (${readable} and ${d.fullVector} @@ ${tsquery}))
             order by ${d.publishedAt} desc limit ${Math.max(bounds.recent, page * pageSize)}) m`,
        page,
      )} as page`;

    const answer = async (page: number) =>
      db.transaction(async (tx) => {
        await tx.execute(PLANNER_SETTINGS);
        const first = groupsOf(await tx.execute(sampled(bounds.probe)));
        if (sum(first) * (BUCKETS / bounds.probe) <= bounds.exactMatches) {
          const [row] = rowsOf<{ groups: unknown; page: unknown }>(await tx.execute(exact(page)));
          return { groups: json<MatchGroup[]>(row!.groups), scale: 1, estimated: false, rows: json<PageRows>(row!.page) };
        }
        // A closer look when the first one saw few: about as many documents read, four times the accuracy.
        const close = sum(first) < bounds.minSample;
        const groups = close ? groupsOf(await tx.execute(sampled(bounds.close))) : first;
        const scale = BUCKETS / (close ? bounds.close : bounds.probe);
        const under = countsOf(groups, query);
        const inFilters = under.types.reduce((n, t) => n + (!query.type || t.value === query.type ? t.count : 0), 0);
        // The date index, newest first, and no bitmap: the filters leave many matches, so the newest come quickly.
        const recent = inFilters * scale > bounds.exactMatches;
        if (recent) await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true)`);
        const [row] = rowsOf<{ page: unknown }>(await tx.execute(recent ? recentPage(page) : exactPage(page)));
        return { groups, scale, estimated: true, rows: json<PageRows>(row!.page) };
      });

    let found = await answer(query.page);
    const { estimated } = found;
    const counts = scaledCounts(countsOf(found.groups, query), found.scale);
    const anyType = counts.types.reduce((n, t) => n + t.count, 0);
    const total = query.type ? (counts.types.find((t) => t.value === query.type)?.count ?? 0) : anyType;
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const page = Math.min(query.page, pageCount);
    // A page past the end (an old link) shows the last one.
    if (page !== query.page) found = await answer(page);
    const [results, topics] = await Promise.all([found.rows.length ? present(found.rows, tsquery, readable) : [], content.listTopics()]);
    const names = new Map(topics.map((t) => [t.slug, t.name]));
    return {
      total,
      estimated,
      page,
      pageCount,
      results,
      counts: {
        types: counts.types,
        topics: counts.topics.flatMap((t) => (names.has(t.value) ? [{ value: t.value, count: t.count, name: names.get(t.value)! }] : [])),
        dates: counts.dates,
        anyDate: counts.anyDate,
        anyType,
        anyTopic: counts.anyTopic,
      },
    };
  }

  /** The page's results with their snippets, in rank order: ts_headline runs on these few rows only. */
  async function present(rows: { kind: SearchType; sourceId: string }[], tsquery: SQL, readable: SQL): Promise<SearchResult[]> {
    const d = searchDocuments;
    const marks = `StartSel=${MARK_START}, StopSel=${MARK_END}`;
    const fragments = `${marks}, MaxWords=40, MinWords=18, MaxFragments=2, FragmentDelimiter=" … "`;
    // The body is shown only to a reader who reads it whole, and only where it holds the words
    // sought (its best fragments); otherwise the whole standfirst, which every reader may read.
    // The body's own words are the full vector's D-weighted lexemes: no parsing of the body to know it holds them.
    const snippet = sql<string>`(case when ${readable} and ts_filter(${d.fullVector}, '{d}') @@ ${tsquery}
      then ts_headline('english', ${d.body}, ${tsquery}, ${fragments})
      else ts_headline('english', ${d.description}, ${tsquery}, ${`HighlightAll=true, ${marks}`}) end)`;
    const found = await db
      .select({
        kind: d.kind,
        sourceId: d.sourceId,
        url: d.url,
        title: d.title,
        description: d.description,
        titleHighlighted: sql<string>`ts_headline('english', ${d.title}, ${tsquery}, ${`HighlightAll=true, ${marks}`})`,
        snippet,
        mediaType: d.mediaType,
        publishedAt: d.publishedAt,
        primaryTopicName: d.primaryTopicName,
        imageKey: d.imageKey,
        details: d.details,
        gated: sql<boolean>`not (${readable})`,
      })
      .from(d)
      .where(or(...rows.map((row) => and(eq(d.kind, row.kind), eq(d.sourceId, row.sourceId)))));
    return rows.flatMap((row) => {
      const hit = found.find((f) => f.kind === row.kind && f.sourceId === row.sourceId);
      if (!hit) return [];
      return [
        {
          kind: hit.kind,
          id: hit.sourceId,
          title: hit.title,
          description: hit.description,
          titleHighlighted: highlighted(hit.titleHighlighted),
          snippet: highlighted(hit.snippet),
          uri: hit.url,
          mediaType: hit.mediaType,
          availableTime: new Date(hit.publishedAt).toISOString(),
          primarySection: hit.primaryTopicName,
          imageKey: hit.imageKey,
          gated: Boolean(hit.gated),
          details: hit.details ?? null,
        },
      ];
    });
  }

  /** The words as typed, or corrected when they find nothing in this scope (whatever its filters) and a correction does. */
  async function searchWithin(term: string, scope: Scope, user: SessionUser | null): Promise<Omit<SearchResults, 'query'>> {
    await ensureIndexed();
    const keys = await readableKeys(user);
    const found = await run(term, scope, keys);
    if (found.total > 0 || found.counts.anyType > 0) return { correctedTerm: null, ...found };
    const corrected = await correction(term);
    if (!corrected) return { correctedTerm: null, ...found };
    return { correctedTerm: corrected, ...(await run(corrected, scope, keys)) };
  }

  /**
   * The query with each word the vocabulary does not know replaced by the closest one it does
   * (pg_trgm similarity ≥ 0.3, words of four letters or more); null when nothing changed.
   */
  async function correction(term: string): Promise<string | null> {
    const words = [...new Set(term.toLowerCase().match(/\p{L}{4,40}/gu) ?? [])];
    if (words.length === 0) return null;
    const known = new Set(
      (await db.select({ word: searchWords.word }).from(searchWords).where(inArray(searchWords.word, words))).map((r) => r.word),
    );
    let corrected = term;
    for (const word of words.filter((w) => !known.has(w))) {
      const [best] = await db
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(sql`${searchWords.word} % ${word}`)
        .orderBy(desc(sql`similarity(${searchWords.word}, ${word})`), searchWords.word)
        .limit(1);
      if (best) corrected = corrected.replace(new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'giu'), best.word);
    }
    return corrected === term ? null : corrected;
  }

  return {
    /**
     * One search as this reader may make it. `input` is the page's query string as it came (parsed
     * here with the shared schema); `user` the verified session user (null: signed out).
     * Null when there is nothing to search for.
     */
    async search({ input, user }: { input: unknown; user: SessionUser | null }): Promise<SearchResults | null> {
      const query = searchQuerySchema.parse(input);
      if (!query.q) return null;
      return { query, ...(await searchWithin(query.q, query, user)) };
    },

    /**
     * `/bof500/search/`: the people of the BoF 500 (or one class, category, nationality) that match
     * the words, by the same engine, typo-tolerant like /search/ (decision 049). `input` is the
     * page's query string (q, class, category, country, page); null for no words (the page then
     * lists the index as /bof500/ does).
     */
    async searchBof500({ input, user }: { input: unknown; user: SessionUser | null }): Promise<Bof500SearchResults | null> {
      const query = bof500SearchSchema.parse(input);
      if (!query.q) return null;
      const facets = [
        query.class ? `${BOF500_FACET}-class:${query.class}` : BOF500_FACET,
        ...(query.category ? [`category:${query.category}`] : []),
        ...(query.country ? [`nationality:${query.country}`] : []),
      ];
      const { counts: _counts, ...found } = await searchWithin(
        query.q,
        { type: 'person', facets, page: query.page, pageSize: BOF500_PAGE_SIZE },
        user,
      );
      return { query, ...found };
    },

    /** Adds or replaces documents (a module's own kind, the benchmark's generated stories). */
    async indexDocuments(documents: SearchDocument[]): Promise<void> {
      await db.transaction((tx) => writeDocuments(tx, documents));
      await settle();
    },

    /** Reads the documents behind these page paths again (the change bus does this on its own). */
    refresh,

    /** Builds the whole index again from the owning modules (e.g. after `DEMO_CONTENT` rewrote the tables). */
    rebuild: () => rebuild({ force: true }),

    /** Builds the index if this database has never had this version of it; the first search does it too. */
    ensureIndexed,

    /** The documents that best answer a question, with only the text this reader may read (The Brain of Fashion, passages.ts). */
    passages: createPassageReader({ db, readableKeys, ensureIndexed, plannerSettings: PLANNER_SETTINGS }),

    close(): void {
      stopListening?.();
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

export function storyWallKey(access: StoryAccess, primaryTopicSlug: string): string {
  return `story:${access}:${primaryTopicSlug}`;
}

function storyDocument(story: StoryText): SearchDocument {
  const primary = story.topics[0];
  return {
    kind: story.mediaType === 'case_study' ? 'case_study' : 'story',
    sourceId: story.id,
    url: paths.story(story.slug),
    title: story.headline,
    description: story.standfirst,
    names: [...story.authors, ...story.topics.map((t) => t.name)].join(' '),
    body: story.bodyText,
    wallKey: storyWallKey(story.access, primary?.slug ?? ''),
    topics: story.topics.map((t) => t.slug),
    primaryTopicName: primary?.name ?? null,
    mediaType: story.mediaType,
    imageKey: story.heroKey,
    publishedAt: new Date(story.publishedAt),
    facets: [],
    details: null,
  };
}

function profileDocument(kind: ProfileKind, profile: ProfileText): SearchDocument {
  const person = profile.person;
  return {
    kind,
    sourceId: profile.profileId,
    url: kind === 'person' ? paths.person(profile.slug) : paths.organisation(profile.slug),
    title: profile.name,
    description: profile.description,
    names: profile.names,
    body: profile.body,
    wallKey: OPEN_WALL_KEY,
    topics: [],
    primaryTopicName: null,
    mediaType: null,
    imageKey: profile.thumbnailKey,
    publishedAt: new Date(profile.publishedAt),
    facets: person ? personFacets(person) : [],
    details: person
      ? { kind: 'person', category: person.category, nationalities: person.nationalities, bof500Classes: person.bof500Classes ?? [] }
      : null,
  };
}

/** A person's filters for /bof500/search/: in the index, its classes, category, nationalities. */
function personFacets(person: NonNullable<ProfileText['person']>): string[] {
  return [
    ...(person.bof500Classes ? [BOF500_FACET, ...person.bof500Classes.map((year) => `${BOF500_FACET}-class:${year}`)] : []),
    `category:${person.category}`,
    ...person.nationalities.map((country) => `nationality:${country}`),
  ];
}

/** An event: its page for every reader; dated by its start (an upcoming event is as new as can be); its topic for the topic filter. */
function eventDocument(event: EventText, speakers: string[]): SearchDocument {
  return {
    kind: 'event',
    sourceId: event.eventId,
    url: paths.event(event.slug),
    title: event.title,
    description: event.description,
    names: [event.typeName, event.names, ...speakers].join(' '),
    body: event.programme,
    wallKey: OPEN_WALL_KEY,
    topics: event.topicSlug ? [event.topicSlug] : [],
    primaryTopicName: null,
    mediaType: null,
    imageKey: event.thumbnailKey,
    publishedAt: new Date(event.startsAt),
    facets: [],
    details: { kind: 'event', typeName: event.typeName, timeZone: event.timeZone, place: event.place },
  };
}

const MARKS = new RegExp(`[${MARK_START}${MARK_END}]`, 'g');

function unmarked(text: string): string {
  return text.replace(MARKS, '');
}

/** Matches of one type, with one set of topics, in one age bucket (0 the past week, 1 the past month, 2 the past year, 3 older). */
interface MatchGroup {
  kind: SearchType;
  topics: string[];
  age: 0 | 1 | 2 | 3;
  n: number;
}

const AGE_OF: Record<SearchDate, number> = { week: 0, month: 1, year: 2 };
/** How many topics the topic filter offers: the most frequent among the matches. */
const TOPIC_FILTERS = 12;

/** The counts per filter, each under the other filters, from the matches grouped by type, topics and age. */
function countsOf(groups: MatchGroup[], query: Pick<SearchQuery, 'type' | 'topic' | 'date'>) {
  const typeOk = (g: MatchGroup) => !query.type || g.kind === query.type;
  const topicOk = (g: MatchGroup) => !query.topic || g.topics.includes(query.topic);
  const dateOk = (g: MatchGroup) => !query.date || g.age <= AGE_OF[query.date];
  const byTopic = new Map<string, number>();
  for (const g of groups.filter((g) => typeOk(g) && dateOk(g))) {
    for (const slug of new Set(g.topics)) byTopic.set(slug, (byTopic.get(slug) ?? 0) + g.n);
  }
  const dated = groups.filter((g) => typeOk(g) && topicOk(g));
  return {
    types: SEARCH_TYPES.map((value) => ({ value, count: sum(groups.filter((g) => g.kind === value && topicOk(g) && dateOk(g))) })),
    topics: [...byTopic]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
      .slice(0, TOPIC_FILTERS),
    dates: SEARCH_DATES.map((value) => ({ value, count: sum(dated.filter((g) => g.age <= AGE_OF[value])) })),
    anyDate: sum(dated),
    anyTopic: sum(groups.filter((g) => typeOk(g) && dateOk(g))),
  };
}

/** A page of results as the search statement answers it: which documents, in rank order. */
type PageRows = { kind: SearchType; sourceId: string }[];

/** The match groups of a sampling statement's answer. */
function groupsOf(result: unknown): MatchGroup[] {
  return json<MatchGroup[]>(rowsOf<{ groups: unknown }>(result)[0]!.groups);
}

function sum(groups: MatchGroup[]): number {
  return groups.reduce((n, g) => n + g.n, 0);
}

/** Counts from a sample, scaled up to the whole index and rounded to two significant figures; unchanged at scale 1. */
function scaledCounts(counts: ReturnType<typeof countsOf>, scale: number): ReturnType<typeof countsOf> {
  if (scale === 1) return counts;
  const about = (n: number) => (n === 0 ? 0 : Number((n * scale).toPrecision(2)));
  const each = <T extends { count: number }>(list: T[]) => list.map((item) => ({ ...item, count: about(item.count) }));
  return {
    types: each(counts.types),
    topics: each(counts.topics),
    dates: each(counts.dates),
    anyDate: about(counts.anyDate),
    anyTopic: about(counts.anyTopic),
  };
}

/** A json column: parsed by the driver, or its text. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** ts_headline's output split at its marks into plain pieces. */
export function highlighted(marked: string): Highlighted {
  const pieces: Highlighted = [];
  let match = false;
  for (const part of marked.split(MARKS)) {
    if (part) pieces.push({ text: part, match });
    match = !match;
  }
  return pieces;
}
