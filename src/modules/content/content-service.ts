// Reads of stories, topics and authors for every page and feed. Results are plain, serialisable
// objects; gated text is cut here, through the walls module's decision, so no caller can forget.
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { createReadCache } from '../../shared/read-cache.ts';
import { decideAccess, LEAD_IN_PARAGRAPHS, type AccessDecision, type Reader } from '../walls/access.ts';
import type { StoryAccess, StoryBlock, StoryMediaType } from './demo-types.ts';
import { authors, stories, storyAuthors, storyTopics, topics } from './schema.ts';
import { readingMinutes } from './words.ts';

export interface TopicRef {
  slug: string;
  name: string;
}
export interface Topic extends TopicRef {
  description: string;
  kind: 'section' | 'topic' | 'series';
}
export interface AuthorRef {
  slug: string;
  name: string;
}
export interface Author extends AuthorRef {
  role: string;
  location: string;
  bio: string;
  portraitKey: string | null;
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
export interface StoryPage {
  story: StoryCard & {
    updatedAt: string;
    heroCaption: string;
    body: StoryBlock[];
    topics: TopicRef[];
    authors: Author[];
  };
  access: AccessDecision;
  related: StoryCard[];
}
export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

export const PAGE_SIZE = 20;

export type ContentService = ReturnType<typeof createContentService>;

export function createContentService({ db }: { db: Db }) {
  const cache = createReadCache({ ttlMs: 30_000 });

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

  async function loadCards(where: SQL | undefined, order: SQL[], limit: number, offset = 0, join?: 'topic' | 'author'): Promise<StoryCard[]> {
    let query = db.select(cardColumns).from(stories).innerJoin(topics, eq(topics.id, stories.primaryTopicId)).$dynamic();
    if (join === 'topic') query = query.innerJoin(storyTopics, eq(storyTopics.storyId, stories.id));
    if (join === 'author') query = query.innerJoin(storyAuthors, eq(storyAuthors.storyId, stories.id));
    const rows = await query.where(where).orderBy(...order).limit(limit).offset(offset);
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
      .select({ storyId: storyAuthors.storyId, slug: authors.slug, name: authors.name, role: authors.role, location: authors.location, bio: authors.bio, portraitKey: authors.portraitKey })
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

  async function countWhere(where: SQL | undefined, join?: 'topic' | 'author'): Promise<number> {
    let query = db.select({ n: sql<number>`count(*)::int` }).from(stories).$dynamic();
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
      return cache.get('topics', () =>
        db.select({ slug: topics.slug, name: topics.name, description: topics.description, kind: topics.kind }).from(topics).orderBy(topics.position),
      );
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
          const candidates = await loadCards(eq(storyTopics.topicId, sql`(select id from topics where slug = ${topic.slug})`), newestFirst, 16, 0, 'topic');
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

    /** A story as this reader may see it: full, or cut to the lead-in with the wall that ends it. */
    async readStory({ slug, reader }: { slug: string; reader: Reader }): Promise<StoryPage | null> {
      const full = await cache.get(`story:${slug}`, () => loadStory(slug));
      if (!full) return null;
      const access = decideAccess({ reader, access: full.story.access });
      if (access.kind === 'full') return { ...full, access };
      return { ...full, access, story: { ...full.story, body: leadIn(full.story.body) } };
    },

    getTopicPage({ slug, page }: { slug: string; page: number }) {
      return cache.get(`topic:${slug}:${page}`, async () => {
        const [topic] = await db.select({ id: topics.id, slug: topics.slug, name: topics.name, description: topics.description, kind: topics.kind }).from(topics).where(eq(topics.slug, slug));
        if (!topic) return null;
        const { id, ...rest } = topic;
        return { topic: rest as Topic, stories: await paged(eq(storyTopics.topicId, id), 'topic', page) };
      });
    },

    getAuthorPage({ slug, page }: { slug: string; page: number }) {
      return cache.get(`author:${slug}:${page}`, async () => {
        const [author] = await db
          .select({ id: authors.id, slug: authors.slug, name: authors.name, role: authors.role, location: authors.location, bio: authors.bio, portraitKey: authors.portraitKey })
          .from(authors)
          .where(eq(authors.slug, slug));
        if (!author) return null;
        const { id, ...rest } = author;
        return { author: rest as Author, stories: await paged(eq(storyAuthors.authorId, id), 'author', page) };
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

    /** Drop cached reads after a write. */
    invalidate(): void {
      cache.invalidate();
    },
  };

  async function loadStory(slug: string): Promise<Omit<StoryPage, 'access'> | null> {
    const [row] = await db
      .select({ ...cardColumns, updatedAt: stories.updatedAt, heroCaption: stories.heroCaption, body: stories.body, primaryTopicId: stories.primaryTopicId })
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
      },
      related,
    };
  }
}

/** The opening paragraphs only: headings, quotes and images further down stay on the server. */
function leadIn(body: StoryBlock[]): StoryBlock[] {
  return body.filter((block) => block.type === 'paragraph').slice(0, LEAD_IN_PARAGRAPHS);
}
