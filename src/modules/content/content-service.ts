// Reads of stories, topics and authors for every page and feed. Results are plain, serialisable
// objects; gated text is cut here, through the walls module's decision, so no caller can forget.
// Writes (reviseStory) clear the reads and tell every process which pages changed (the change bus).
import { and, arrayOverlaps, desc, eq, gt, inArray, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { localChangeBus, type ChangeBus } from '../../platform/change-bus.ts';
import type { Logger } from '../../platform/module.ts';
import { parseInput } from '../../shared/errors.ts';
import { createReadCache } from '../../shared/read-cache.ts';
import { LEAD_IN_PARAGRAPHS, type AccessDecision, type StoryFacts } from '../walls/access.ts';
import type { StoryAccess, StoryBlock, StoryMediaType } from './types.ts';
import { authors, stories, storyAuthors, storyTopics, topics } from './schema.ts';
import { pagesShowingStory, reviseStorySchema, SLUG, type ReviseStoryInput } from './revisions.ts';
import { blockText, countWords, readingMinutes } from './words.ts';

export interface TopicRef {
  slug: string;
  name: string;
}
export interface Topic extends TopicRef {
  id: string;
  description: string;
  kind: 'section' | 'topic' | 'series';
}
export interface AuthorRef {
  slug: string;
  name: string;
}
export interface Author extends AuthorRef {
  id: string;
  role: string;
  location: string;
  bio: string;
  portraitKey: string | null;
}
/** A story's words for the search index (`storiesForSearch`): topics with the primary one first, author names, the body as text. */
export interface StoryText {
  id: string;
  slug: string;
  headline: string;
  standfirst: string;
  access: StoryAccess;
  mediaType: StoryMediaType;
  publishedAt: string;
  heroKey: string;
  topics: TopicRef[];
  authors: string[];
  bodyText: string;
}
export interface StoryCard {
  id: string;
  slug: string;
  headline: string;
  standfirst: string;
  publishedAt: string;
  access: StoryAccess;
  mediaType: StoryMediaType;
  topic: TopicRef;
  authors: AuthorRef[];
  heroKey: string;
  heroAlt: string;
  readingMinutes: number;
}
/** A story as read and cached, before any reader's decision. */
type LoadedStory = Omit<StoryPage, 'access'>;

/** The read cache's key for a story: `readStory` fills it, `readStoryFromMemory` looks in it. */
const storyKey = (slug: string) => `story:${slug}`;

const storyFacts = ({ story }: LoadedStory): StoryFacts => ({ id: story.id, access: story.access, topicSlug: story.topic.slug });

/** Each story read, cut to its lead-in once: every reader at a wall gets the same cut (shared, never changed). */
const leadInStories = new WeakMap<LoadedStory, StoryPage['story']>();

/** The page for this decision: the whole story, or its lead-in behind a wall. */
function pageFor(loaded: LoadedStory, access: AccessDecision): StoryPage {
  if (access.kind === 'full') return { ...loaded, access };
  let cut = leadInStories.get(loaded);
  if (!cut) leadInStories.set(loaded, (cut = { ...loaded.story, body: leadIn(loaded.story.body) }));
  return { ...loaded, access, story: cut };
}

export interface StoryPage {
  story: StoryCard & {
    updatedAt: string;
    heroCaption: string;
    body: StoryBlock[];
    topics: TopicRef[];
    authors: Author[];
    /** The people and organisations (profile slugs) the story is about: the page links their names. */
    personSlugs: string[];
    organisationSlugs: string[];
  };
  access: AccessDecision;
  related: StoryCard[];
}
/** A story as lists outside the reading pages need it (recommendations): ids, not joined names. */
export interface StorySummary {
  id: string;
  slug: string;
  headline: string;
  standfirst: string;
  mediaType: StoryMediaType;
  access: StoryAccess;
  publishedAt: string;
  heroKey: string;
  heroAlt: string;
  primaryTopicId: string;
  personSlugs: string[];
  organisationSlugs: string[];
}
/** Something stories are about: an author or topic (by id), a person or organisation profile (by slug). */
export interface StorySubject {
  kind: 'author' | 'topic' | 'person' | 'organisation';
  key: string;
}
export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

export const PAGE_SIZE = 20;

export type ContentService = ReturnType<typeof createContentService>;

/** Stories, topics and authors are named by lower-case words joined with hyphens; anything else names nothing (a 404, never a query). */
const isSlug = (slug: string) => slug.length <= 200 && SLUG.test(slug);

export interface ContentServiceOptions {
  db: Db;
  /** Where writes say which pages changed, and where this process hears of other processes' writes; this process only when omitted. */
  changes?: ChangeBus;
  log?: Pick<Logger, 'warn'>;
}

export function createContentService({ db, changes = localChangeBus(), log }: ContentServiceOptions) {
  const cache = createReadCache({ ttlMs: 30_000 });
  // Any page that changed, here or in another process, may show what this cache holds: drop it all (writes are rare).
  const stopListening = changes.subscribe('pages', () => cache.invalidate());

  const authorColumns = {
    id: authors.id,
    slug: authors.slug,
    name: authors.name,
    role: authors.role,
    location: authors.location,
    bio: authors.bio,
    portraitKey: authors.portraitKey,
  };
  const cardColumns = {
    id: stories.id,
    slug: stories.slug,
    headline: stories.headline,
    standfirst: stories.standfirst,
    publishedAt: stories.publishedAt,
    access: stories.access,
    mediaType: stories.mediaType,
    heroKey: stories.heroKey,
    heroAlt: stories.heroAlt,
    wordCount: stories.wordCount,
    topicSlug: topics.slug,
    topicName: topics.name,
  };

  async function loadCards(
    where: SQL | undefined,
    order: SQL[],
    limit: number,
    offset = 0,
    join?: 'topic' | 'author',
  ): Promise<StoryCard[]> {
    let query = db.select(cardColumns).from(stories).innerJoin(topics, eq(topics.id, stories.primaryTopicId)).$dynamic();
    if (join === 'topic') query = query.innerJoin(storyTopics, eq(storyTopics.storyId, stories.id));
    if (join === 'author') query = query.innerJoin(storyAuthors, eq(storyAuthors.storyId, stories.id));
    const rows = await query
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const byStory = await authorsOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      headline: r.headline,
      standfirst: r.standfirst,
      publishedAt: r.publishedAt.toISOString(),
      access: r.access,
      mediaType: r.mediaType,
      topic: { slug: r.topicSlug, name: r.topicName },
      authors: (byStory.get(r.id) ?? []).map(({ slug, name }) => ({ slug, name })),
      heroKey: r.heroKey,
      heroAlt: r.heroAlt,
      readingMinutes: readingMinutes(r.wordCount),
    }));
  }

  async function authorsOf(storyIds: string[]): Promise<Map<string, Author[]>> {
    const map = new Map<string, Author[]>();
    if (storyIds.length === 0) return map;
    const rows = await db
      .select({ storyId: storyAuthors.storyId, ...authorColumns })
      .from(storyAuthors)
      .innerJoin(authors, eq(authors.id, storyAuthors.authorId))
      .where(inArray(storyAuthors.storyId, storyIds))
      .orderBy(storyAuthors.position);
    for (const { storyId, ...author } of rows) {
      const list = map.get(storyId) ?? [];
      list.push(author);
      map.set(storyId, list);
    }
    return map;
  }

  const newestFirst = [desc(stories.publishedAt), desc(stories.id)];
  const topicColumns = { id: topics.id, slug: topics.slug, name: topics.name, description: topics.description, kind: topics.kind };
  const summaryColumns = {
    id: stories.id,
    slug: stories.slug,
    headline: stories.headline,
    standfirst: stories.standfirst,
    mediaType: stories.mediaType,
    access: stories.access,
    publishedAt: stories.publishedAt,
    heroKey: stories.heroKey,
    heroAlt: stories.heroAlt,
    primaryTopicId: stories.primaryTopicId,
    personSlugs: stories.personSlugs,
    organisationSlugs: stories.organisationSlugs,
  };
  const toSummary = (row: Omit<StorySummary, 'publishedAt'> & { publishedAt: Date }): StorySummary => ({
    ...row,
    publishedAt: row.publishedAt.toISOString(),
  });

  /** Stories about any of the subjects: one condition per kind, so the query stays one statement. */
  function aboutAny(subjects: StorySubject[]): SQL | undefined {
    const keys = (kind: StorySubject['kind']) => subjects.filter((s) => s.kind === kind).map((s) => s.key);
    const [authorIds, topicIds, personSlugs, organisationSlugs] = [keys('author'), keys('topic'), keys('person'), keys('organisation')];
    return or(
      authorIds.length
        ? inArray(stories.id, db.select({ id: storyAuthors.storyId }).from(storyAuthors).where(inArray(storyAuthors.authorId, authorIds)))
        : undefined,
      topicIds.length
        ? inArray(stories.id, db.select({ id: storyTopics.storyId }).from(storyTopics).where(inArray(storyTopics.topicId, topicIds)))
        : undefined,
      personSlugs.length ? arrayOverlaps(stories.personSlugs, personSlugs) : undefined,
      organisationSlugs.length ? arrayOverlaps(stories.organisationSlugs, organisationSlugs) : undefined,
    );
  }

  /** The newest `per` story ids for each key of one kind of subject, in one windowed query. */
  async function latestIdsByKey(kind: StorySubject['kind'], keys: string[], per: number): Promise<{ key: string; storyId: string }[]> {
    if (keys.length === 0) return [];
    let inner;
    if (kind === 'author' || kind === 'topic') {
      const link =
        kind === 'author'
          ? { table: storyAuthors, key: storyAuthors.authorId, storyId: storyAuthors.storyId }
          : { table: storyTopics, key: storyTopics.topicId, storyId: storyTopics.storyId };
      inner = db
        .select({
          key: sql<string>`${link.key}::text`.as('subject_key'),
          storyId: sql<string>`${stories.id}`.as('story_id'),
          rank: sql<number>`row_number() over (partition by ${link.key} order by ${stories.publishedAt} desc, ${stories.id} desc)`.as(
            'rank',
          ),
        })
        .from(link.table)
        .innerJoin(stories, eq(stories.id, link.storyId))
        .where(inArray(link.key, keys))
        .as('ranked');
    } else {
      // Profiles are named in a text[] on the story: one row per (story, slug) first, then ranked.
      const column = kind === 'person' ? stories.personSlugs : stories.organisationSlugs;
      const about = db
        .select({
          key: sql<string>`unnest(${column})`.as('subject_key'),
          storyId: sql<string>`${stories.id}`.as('story_id'),
          publishedAt: sql<Date>`${stories.publishedAt}`.as('published_at'),
        })
        .from(stories)
        .where(arrayOverlaps(column, keys))
        .as('about');
      inner = db
        .select({
          key: about.key,
          storyId: about.storyId,
          rank: sql<number>`row_number() over (partition by ${about.key} order by ${about.publishedAt} desc, ${about.storyId} desc)`.as(
            'rank',
          ),
        })
        .from(about)
        .where(inArray(about.key, keys))
        .as('ranked');
    }
    return db.select({ key: inner.key, storyId: inner.storyId }).from(inner).where(lte(inner.rank, per));
  }

  async function countWhere(where: SQL | undefined, join?: 'topic' | 'author'): Promise<number> {
    let query = db
      .select({ n: sql<number>`count(*)::int` })
      .from(stories)
      .$dynamic();
    if (join === 'topic') query = query.innerJoin(storyTopics, eq(storyTopics.storyId, stories.id));
    if (join === 'author') query = query.innerJoin(storyAuthors, eq(storyAuthors.storyId, stories.id));
    const [row] = await query.where(where);
    return row?.n ?? 0;
  }

  async function paged(where: SQL, join: 'topic' | 'author', page: number): Promise<Page<StoryCard>> {
    const total = await countWhere(where, join);
    const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const current = Math.min(Math.max(1, page), pageCount);
    const items = await loadCards(where, newestFirst, PAGE_SIZE, (current - 1) * PAGE_SIZE, join);
    return { items, page: current, pageCount, total };
  }

  return {
    /** Topics in masthead order. */
    listTopics(): Promise<Topic[]> {
      return cache.get('topics', () => db.select(topicColumns).from(topics).orderBy(topics.position));
    },

    getHomePage() {
      return cache.get('home', async () => {
        const latest = await loadCards(undefined, newestFirst, 17);
        const [lead, ...rest] = latest;
        const topStories = rest.slice(0, 4);
        const latestList = rest.slice(4);
        const shown = new Set(latest.map((s) => s.id));
        const sectionTopics = (await this.listTopics()).filter((t) => t.kind === 'section' || t.kind === 'series');
        // Each rail shows stories no earlier block has shown, so a story appears once per page.
        const rails: { topic: Topic; stories: StoryCard[] }[] = [];
        for (const topic of sectionTopics) {
          const candidates = await loadCards(
            eq(storyTopics.topicId, sql`(select id from topics where slug = ${topic.slug})`),
            newestFirst,
            16,
            0,
            'topic',
          );
          const stories = candidates.filter((s) => !shown.has(s.id)).slice(0, 4);
          for (const s of stories) shown.add(s.id);
          rails.push({ topic, stories });
        }
        const mostRead = await this.listMostRead(6);
        return { lead: lead ?? null, topStories, latest: latestList, rails: rails.filter((r) => r.stories.length > 0), mostRead };
      });
    },

    listMostRead(limit: number): Promise<StoryCard[]> {
      return cache.get(`most-read:${limit}`, () => loadCards(undefined, [desc(stories.readCount), desc(stories.publishedAt)], limit));
    },

    listLatest({ limit, topicSlug }: { limit: number; topicSlug?: string }): Promise<StoryCard[]> {
      return cache.get(`latest:${topicSlug ?? ''}:${limit}`, () =>
        topicSlug
          ? loadCards(eq(storyTopics.topicId, sql`(select id from topics where slug = ${topicSlug})`), newestFirst, limit, 0, 'topic')
          : loadCards(undefined, newestFirst, limit),
      );
    },

    /**
     * A story as this reader may see it: full, or cut to the lead-in with the wall that ends it.
     * `decide` is the access decision (modules/walls): the text is cut here, so no caller can
     * forget to.
     */
    async readStory({
      slug,
      decide,
    }: {
      slug: string;
      decide: (story: StoryFacts) => Promise<AccessDecision> | AccessDecision;
    }): Promise<StoryPage | null> {
      if (!isSlug(slug)) return null;
      const full = await cache.get(storyKey(slug), () => loadStory(slug));
      return full && pageFor(full, await decide(storyFacts(full)));
    },

    /**
     * `readStory` with no promise when the story is in this process's memory and the decision needs
     * no read (the page decision, issue 15): undefined when the story has to be read first.
     */
    readStoryFromMemory({ slug, decide }: { slug: string; decide: (story: StoryFacts) => AccessDecision }): StoryPage | null | undefined {
      if (!isSlug(slug)) return null;
      const cached = cache.peek<LoadedStory | null>(storyKey(slug));
      if (!cached) return undefined;
      return cached.value && pageFor(cached.value, decide(storyFacts(cached.value)));
    },

    async getTopicPage({ slug, page }: { slug: string; page: number }) {
      if (!isSlug(slug)) return null;
      return cache.get(`topic:${slug}:${page}`, async () => {
        const [topic] = await db.select(topicColumns).from(topics).where(eq(topics.slug, slug));
        if (!topic) return null;
        return { topic: topic as Topic, stories: await paged(eq(storyTopics.topicId, topic.id), 'topic', page) };
      });
    },

    async getAuthorPage({ slug, page }: { slug: string; page: number }) {
      if (!isSlug(slug)) return null;
      return cache.get(`author:${slug}:${page}`, async () => {
        const [author] = await db.select(authorColumns).from(authors).where(eq(authors.slug, slug));
        if (!author) return null;
        return { author: author as Author, stories: await paged(eq(storyAuthors.authorId, author.id), 'author', page) };
      });
    },

    // Batched reads for personal lists (follows, recommendations): one statement per call whatever
    // the number of ids, never cached (each reader's set differs).

    async topicsByIds(ids: readonly string[]): Promise<Topic[]> {
      return ids.length
        ? ((await db
            .select(topicColumns)
            .from(topics)
            .where(inArray(topics.id, [...ids]))) as Topic[])
        : [];
    },

    async topicsBySlugs(slugs: readonly string[]): Promise<Topic[]> {
      return slugs.length
        ? ((await db
            .select(topicColumns)
            .from(topics)
            .where(inArray(topics.slug, [...slugs]))) as Topic[])
        : [];
    },

    async authorsByIds(ids: readonly string[]): Promise<Author[]> {
      return ids.length
        ? db
            .select(authorColumns)
            .from(authors)
            .where(inArray(authors.id, [...ids]))
        : [];
    },

    /** Each story's topics, primary first, in the order given. */
    async topicsOfStories(storyIds: readonly string[]): Promise<Topic[][]> {
      if (storyIds.length === 0) return [];
      const rows = await db
        .select({ storyId: storyTopics.storyId, ...topicColumns })
        .from(storyTopics)
        .innerJoin(topics, eq(topics.id, storyTopics.topicId))
        .where(inArray(storyTopics.storyId, [...storyIds]))
        .orderBy(storyTopics.position);
      const byStory = new Map<string, Topic[]>();
      for (const { storyId, ...topic } of rows) byStory.set(storyId, [...(byStory.get(storyId) ?? []), topic as Topic]);
      return storyIds.map((id) => byStory.get(id) ?? []);
    },

    /** Stories by id, in the order given; ids of stories that no longer exist are dropped. */
    async storySummaries(ids: readonly string[]): Promise<StorySummary[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(summaryColumns)
        .from(stories)
        .where(inArray(stories.id, [...ids]));
      const byId = new Map(rows.map((r) => [r.id, toSummary(r)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The newest stories, about any of the subjects when given, leaving out `excludeIds`. */
    async newestStories({
      about,
      excludeIds = [],
      limit,
    }: {
      about?: StorySubject[];
      excludeIds?: readonly string[];
      limit: number;
    }): Promise<StorySummary[]> {
      if (limit <= 0 || (about && about.length === 0)) return [];
      const rows = await db
        .select(summaryColumns)
        .from(stories)
        .where(and(about ? aboutAny(about) : undefined, excludeIds.length ? notInArray(stories.id, [...excludeIds]) : undefined))
        .orderBy(...newestFirst)
        .limit(limit);
      return rows.map(toSummary);
    },

    /** The newest `per` story cards about each subject, in the order given (a constant number of statements). */
    async latestCardsAbout(subjects: readonly StorySubject[], per: number): Promise<StoryCard[][]> {
      const kinds = ['author', 'topic', 'person', 'organisation'] as const;
      const ranked = (
        await Promise.all(
          kinds.map((kind) => latestIdsByKey(kind, [...new Set(subjects.filter((s) => s.kind === kind).map((s) => s.key))], per)),
        )
      ).flatMap((rows, i) => rows.map((row) => ({ ...row, kind: kinds[i] })));
      const cards = ranked.length
        ? await loadCards(inArray(stories.id, [...new Set(ranked.map((r) => r.storyId))]), newestFirst, ranked.length)
        : [];
      return subjects.map((subject) => {
        const ids = new Set(ranked.filter((r) => r.kind === subject.kind && r.key === subject.key).map((r) => r.storyId));
        return cards.filter((card) => ids.has(card.id));
      });
    },

    /**
     * Stories whole, for the search index (modules/search): the slugs given, or every story in id
     * order from `after` on, `limit` at a time. The whole body's words travel: the index decides
     * per reader what may match and be shown (decision 049), as `readStory` does for the page.
     * Never cached (the index reads each story once per change).
     */
    async storiesForSearch({ slugs, after, limit }: { slugs?: readonly string[]; after?: string; limit: number }): Promise<StoryText[]> {
      const where = slugs ? inArray(stories.slug, [...slugs]) : after ? gt(stories.id, after) : undefined;
      const rows = await db
        .select({
          id: stories.id,
          slug: stories.slug,
          headline: stories.headline,
          standfirst: stories.standfirst,
          access: stories.access,
          mediaType: stories.mediaType,
          publishedAt: stories.publishedAt,
          heroKey: stories.heroKey,
          body: stories.body,
          topicSlug: topics.slug,
          topicName: topics.name,
        })
        .from(stories)
        .innerJoin(topics, eq(topics.id, stories.primaryTopicId))
        .where(where)
        .orderBy(stories.id)
        .limit(limit);
      const ids = rows.map((r) => r.id);
      const [byStory, topicRows] = await Promise.all([
        authorsOf(ids),
        ids.length
          ? db
              .select({ storyId: storyTopics.storyId, slug: topics.slug, name: topics.name })
              .from(storyTopics)
              .innerJoin(topics, eq(topics.id, storyTopics.topicId))
              .where(inArray(storyTopics.storyId, ids))
              .orderBy(storyTopics.position)
          : [],
      ]);
      return rows.map((r) => {
        // The primary topic first: it decides what the story needs (walls) and names its section.
        const others = topicRows.filter((t) => t.storyId === r.id && t.slug !== r.topicSlug).map(({ slug, name }) => ({ slug, name }));
        return {
          id: r.id,
          slug: r.slug,
          headline: r.headline,
          standfirst: r.standfirst,
          access: r.access,
          mediaType: r.mediaType,
          publishedAt: r.publishedAt.toISOString(),
          heroKey: r.heroKey,
          topics: [{ slug: r.topicSlug, name: r.topicName }, ...others],
          authors: (byStory.get(r.id) ?? []).map((a) => a.name),
          bodyText: r.body.map(blockText).join('\n'),
        };
      });
    },

    /** Every public URL's last change, for sitemap.xml. */
    listSitemapEntries() {
      return cache.get('sitemap', async () => ({
        stories: await db.select({ slug: stories.slug, updatedAt: stories.updatedAt }).from(stories).orderBy(desc(stories.publishedAt)),
        topics: await db.select({ slug: topics.slug, kind: topics.kind }).from(topics),
        authors: await db.select({ slug: authors.slug }).from(authors),
      }));
    },

    /**
     * An editor's revision of a story: the given fields replace the old ones (a new body gets a new
     * word count), `updatedAt` moves on, this process's cached reads are dropped and every process
     * is told which pages show the story (pagesShowingStory). Null when no story has that slug.
     */
    async reviseStory(input: ReviseStoryInput): Promise<{ slug: string; updatedAt: string; pages: string[] } | null> {
      const { slug, body, ...fields } = parseInput(reviseStorySchema, input);
      const [row] = await db
        .update(stories)
        .set({
          ...fields,
          ...(body ? { body: body as StoryBlock[], wordCount: countWords(body as StoryBlock[]) } : {}),
          updatedAt: new Date(),
        })
        .where(eq(stories.slug, slug))
        .returning({ id: stories.id, updatedAt: stories.updatedAt });
      if (!row) return null;
      const pages = await pagesShowingStory(db, row.id);
      cache.invalidate();
      try {
        await changes.publish('pages', { paths: pages });
      } catch (error) {
        // Saved, and this process shows it; the others' caches expire within 30 s.
        log?.warn({ err: error, slug }, 'a story was revised but other processes could not be told');
      }
      return { slug, updatedAt: row.updatedAt.toISOString(), pages };
    },

    /** Drop cached reads after a write. */
    invalidate(): void {
      cache.invalidate();
    },

    /** Stop hearing of other processes' writes (the app is closing). */
    close(): void {
      stopListening();
    },
  };

  async function loadStory(slug: string): Promise<LoadedStory | null> {
    const [row] = await db
      .select({
        ...cardColumns,
        updatedAt: stories.updatedAt,
        heroCaption: stories.heroCaption,
        body: stories.body,
        primaryTopicId: stories.primaryTopicId,
        personSlugs: stories.personSlugs,
        organisationSlugs: stories.organisationSlugs,
      })
      .from(stories)
      .innerJoin(topics, eq(topics.id, stories.primaryTopicId))
      .where(eq(stories.slug, slug));
    if (!row) return null;
    const storyTopicRows = await db
      .select({ slug: topics.slug, name: topics.name })
      .from(storyTopics)
      .innerJoin(topics, eq(topics.id, storyTopics.topicId))
      .where(eq(storyTopics.storyId, row.id))
      .orderBy(storyTopics.position);
    const storyAuthorsList = (await authorsOf([row.id])).get(row.id) ?? [];
    const related = await loadCards(and(eq(storyTopics.topicId, row.primaryTopicId), ne(stories.id, row.id)), newestFirst, 4, 0, 'topic');
    return {
      story: {
        id: row.id,
        slug: row.slug,
        headline: row.headline,
        standfirst: row.standfirst,
        publishedAt: row.publishedAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        access: row.access,
        mediaType: row.mediaType,
        topic: { slug: row.topicSlug, name: row.topicName },
        topics: storyTopicRows,
        authors: storyAuthorsList,
        heroKey: row.heroKey,
        heroAlt: row.heroAlt,
        heroCaption: row.heroCaption,
        body: row.body,
        readingMinutes: readingMinutes(row.wordCount),
        personSlugs: row.personSlugs,
        organisationSlugs: row.organisationSlugs,
      },
      related,
    };
  }
}

/** The opening paragraphs only: headings, quotes and images further down stay on the server. */
function leadIn(body: StoryBlock[]): StoryBlock[] {
  return body.filter((block) => block.type === 'paragraph').slice(0, LEAD_IN_PARAGRAPHS);
}
