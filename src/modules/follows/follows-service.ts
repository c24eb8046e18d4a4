// Follows, reading history and recommendations: the one service every transport (GraphQL, the
// follow buttons' actions, the following page) calls. Reads are batched: each call costs a fixed
// number of statements whatever the number of follows or stories.
import { and, count, desc, eq, gte, inArray, max, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../platform/module.ts';
import { createWriteBehind } from '../../platform/write-behind.ts';
import { paths } from '../../shared/paths.ts';
import { fieldErrorsFromZod, type Validated } from '../../shared/validation/field-errors.ts';
import type { ContentService, StoryCard, StorySubject, StorySummary } from '../content/content-service.ts';
import { createProfilesService, type ProfilesService } from '../profiles/profiles-service.ts';
import {
  FOLLOWS_TYPE_GROUPS,
  followKey,
  followMessages,
  followSchema,
  isValidFollowKey,
  type FollowRef,
  type FollowsType,
  type UserFollow,
} from './follow-rules.ts';
import { storyReads, userFollows } from './schema.ts';

/** A followed thing as readers see it. */
export interface FollowTarget extends FollowRef {
  name: string;
  /** Its page on the site; null for people and organisations until profile pages exist. */
  path: string | null;
  /** What its stories are found by. */
  about: StorySubject;
}

export interface FollowingItem extends FollowTarget {
  stories: StoryCard[];
}

export interface FollowingGroup {
  followsType: FollowsType;
  title: string;
  items: FollowingItem[];
}

/** Stories shown under each followed thing on the following page. */
export const FOLLOWING_STORIES = 3;
/** "Most read" looks back this far. */
export const MOST_READ_DAYS = 30;

export type FollowsService = ReturnType<typeof createFollowsService>;

export interface FollowsServiceDeps {
  db: Db;
  content: ContentService;
  /** Names and slugs of followed people and organisations; by default the profiles service over the same db. */
  profiles?: ProfilesService;
  /** Where a failure to store reads is logged (the module's logger). */
  log?: Pick<Logger, 'error' | 'warn'>;
  /** How long a read may wait in memory before it is stored (write-behind.ts). */
  readsIntervalMs?: number;
  now?: () => Date;
}

/** One page view of a signed-in reader, held until its batch is stored. */
interface PendingRead {
  userId: string;
  storyId: string;
  at: Date;
}

export function createFollowsService({
  db,
  content,
  profiles = createProfilesService({ db }),
  log = console,
  readsIntervalMs,
  now = () => new Date(),
}: FollowsServiceDeps) {
  // Reads are written behind the page (decision 031): one statement for a batch of views.
  const reads = createWriteBehind<PendingRead>({ flush: storeReads, intervalMs: readsIntervalMs, log, name: 'story reads' });

  /**
   * A batch of page views as one multi-row upsert: a reader's views of a story in the batch become
   * one row (PostgreSQL refuses to update a row twice in one statement), and rows go in key order
   * so two processes storing overlapping batches lock them in the same order.
   */
  async function storeReads(batch: PendingRead[]): Promise<void> {
    const rows = new Map<string, { userId: string; storyId: string; firstReadAt: Date; lastReadAt: Date; views: number }>();
    for (const { userId, storyId, at } of batch) {
      const key = `${userId}\n${storyId}`;
      const row = rows.get(key);
      if (!row) rows.set(key, { userId, storyId, firstReadAt: at, lastReadAt: at, views: 1 });
      else {
        if (at < row.firstReadAt) row.firstReadAt = at;
        if (at > row.lastReadAt) row.lastReadAt = at;
        row.views += 1;
      }
    }
    const values = [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    await db
      .insert(storyReads)
      .values(values)
      .onConflictDoUpdate({
        target: [storyReads.userId, storyReads.storyId],
        set: {
          lastReadAt: sql`greatest(${storyReads.lastReadAt}, excluded.last_read_at)`,
          views: sql`${storyReads.views} + excluded.views`,
        },
      });
  }

  /** The reader's reads not stored yet, newest time per story. */
  function pendingReadsOf(userId: string): Map<string, Date> {
    const found = new Map<string, Date>();
    for (const read of reads.pending()) {
      if (read.userId !== userId) continue;
      const seen = found.get(read.storyId);
      if (!seen || read.at > seen) found.set(read.storyId, read.at);
    }
    return found;
  }

  /** The followed things, in the order asked; null for one that does not exist (or no longer does). */
  async function targets(refs: readonly FollowRef[]): Promise<(FollowTarget | null)[]> {
    // Malformed keys are left out before they reach a uuid column, where they would fail the query.
    const keysOf = (type: FollowsType) => [
      ...new Set(refs.filter((r) => r.followsType === type && isValidFollowKey(type, r.followsKey)).map((r) => r.followsKey)),
    ];
    const [authors, sections, tags, people, organisations] = await Promise.all([
      content.authorsByIds(keysOf('AUTHOR_ID')),
      content.topicsByIds(keysOf('SITE_SECTION_ID')),
      content.topicsBySlugs(keysOf('TAG_SLUG')),
      profiles.peopleByIds(keysOf('PERSON_PROFILE_ID')),
      profiles.organisationsByIds(keysOf('ORGANISATION_PROFILE_ID')),
    ]);
    const found = [
      ...authors.map((a): FollowTarget => ({
        followsType: 'AUTHOR_ID',
        followsKey: a.id,
        name: a.name,
        path: paths.author(a.slug),
        about: { kind: 'author', key: a.id },
      })),
      // Sections and series are followed by id, other topics as tags by slug: one way to follow each.
      ...sections
        .filter((t) => t.kind !== 'topic')
        .map((t): FollowTarget => ({
          followsType: 'SITE_SECTION_ID',
          followsKey: t.id,
          name: t.name,
          path: paths.topic(t.slug),
          about: { kind: 'topic', key: t.id },
        })),
      ...tags
        .filter((t) => t.kind === 'topic')
        .map((t): FollowTarget => ({
          followsType: 'TAG_SLUG',
          followsKey: t.slug,
          name: t.name,
          path: paths.topic(t.slug),
          about: { kind: 'topic', key: t.id },
        })),
      ...people.map((p): FollowTarget => ({
        followsType: 'PERSON_PROFILE_ID',
        followsKey: p.profileId,
        name: p.name,
        path: null,
        about: { kind: 'person', key: p.slug },
      })),
      ...organisations.map((o): FollowTarget => ({
        followsType: 'ORGANISATION_PROFILE_ID',
        followsKey: o.profileId,
        name: o.name,
        path: null,
        about: { kind: 'organisation', key: o.slug },
      })),
    ];
    const byKey = new Map(found.map((target) => [followKey(target), target]));
    return refs.map((ref) => byKey.get(followKey(ref)) ?? null);
  }

  async function listFollows({ userId, followsType }: { userId: string; followsType?: FollowsType | null }): Promise<UserFollow[]> {
    return db
      .select({ userId: userFollows.userId, followsType: userFollows.followsType, followsKey: userFollows.followsKey })
      .from(userFollows)
      .where(and(eq(userFollows.userId, userId), followsType ? eq(userFollows.followsType, followsType) : undefined))
      .orderBy(desc(userFollows.createdAt), userFollows.followsType, userFollows.followsKey);
  }

  async function readStoryIds(userId: string): Promise<string[]> {
    const rows = await db.select({ storyId: storyReads.storyId }).from(storyReads).where(eq(storyReads.userId, userId));
    return [...new Set([...rows.map((r) => r.storyId), ...pendingReadsOf(userId).keys()])];
  }

  /** Stories most readers opened in the last MOST_READ_DAYS, leaving out `excludeIds`. */
  async function mostReadStoryIds({ excludeIds, limit }: { excludeIds: string[]; limit: number }): Promise<string[]> {
    if (limit <= 0) return [];
    const since = new Date(Date.now() - MOST_READ_DAYS * 24 * 60 * 60 * 1000);
    const rows = await db
      .select({ storyId: storyReads.storyId })
      .from(storyReads)
      .where(and(gte(storyReads.lastReadAt, since), excludeIds.length ? notInArray(storyReads.storyId, excludeIds) : undefined))
      .groupBy(storyReads.storyId)
      .orderBy(desc(count()), desc(max(storyReads.lastReadAt)))
      .limit(limit);
    return rows.map((r) => r.storyId);
  }

  return {
    targets,
    listFollows,
    /** Names of profiles by slug, for what stories are about. */
    profiles: { peopleBySlugs: profiles.peopleBySlugs, organisationsBySlugs: profiles.organisationsBySlugs },

    /** Follows `followsKey`; following it again changes nothing. */
    async addFollow({ userId, ...input }: { userId: string; followsType: unknown; followsKey: unknown }): Promise<Validated<UserFollow>> {
      const parsed = followSchema.safeParse(input);
      if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsFromZod(parsed.error) };
      const [target] = await targets([parsed.data]);
      if (!target) return { ok: false, fieldErrors: [{ path: ['followsKey'], code: 'not_found', message: followMessages.notFound }] };
      await db
        .insert(userFollows)
        .values({ userId, ...parsed.data })
        .onConflictDoNothing();
      return { ok: true, value: { userId, ...parsed.data } };
    },

    /** Stops following; not following it already is fine, and so is a thing that no longer exists. */
    async removeFollow({
      userId,
      ...input
    }: {
      userId: string;
      followsType: unknown;
      followsKey: unknown;
    }): Promise<Validated<UserFollow>> {
      const parsed = followSchema.safeParse(input);
      if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsFromZod(parsed.error) };
      const { followsType, followsKey } = parsed.data;
      await db
        .delete(userFollows)
        .where(and(eq(userFollows.userId, userId), eq(userFollows.followsType, followsType), eq(userFollows.followsKey, followsKey)));
      return { ok: true, value: { userId, followsType, followsKey } };
    },

    async isFollowing({ userId, followsType, followsKey }: UserFollow): Promise<boolean> {
      const [row] = await db
        .select({ n: sql<number>`1` })
        .from(userFollows)
        .where(and(eq(userFollows.userId, userId), eq(userFollows.followsType, followsType), eq(userFollows.followsKey, followsKey)));
      return row !== undefined;
    },

    /** How many readers follow each of these things, and how many of them began since `since` (the partner hub). */
    async followerCounts({
      followsType,
      followsKeys,
      since,
    }: {
      followsType: FollowsType;
      followsKeys: readonly string[];
      since: Date;
    }): Promise<{ followsKey: string; followers: number; newFollowers: number }[]> {
      if (followsKeys.length === 0) return [];
      const rows = await db
        .select({
          followsKey: userFollows.followsKey,
          followers: sql<number>`count(*)::int`.mapWith(Number),
          // As text: postgres-js does not bind a Date inside a raw sql fragment.
          newFollowers: sql<number>`(count(*) filter (where ${userFollows.createdAt} >= ${since.toISOString()}::timestamptz))::int`.mapWith(
            Number,
          ),
        })
        .from(userFollows)
        .where(and(eq(userFollows.followsType, followsType), inArray(userFollows.followsKey, [...followsKeys])))
        .groupBy(userFollows.followsKey);
      return followsKeys.map((key) => rows.find((row) => row.followsKey === key) ?? { followsKey: key, followers: 0, newFollowers: 0 });
    },

    /** Who follows a thing (usersByFollow), oldest follower first. */
    async listFollowers({ followsType, followsKey }: FollowRef): Promise<UserFollow[]> {
      return db
        .select({ userId: userFollows.userId, followsType: userFollows.followsType, followsKey: userFollows.followsKey })
        .from(userFollows)
        .where(and(eq(userFollows.followsType, followsType), eq(userFollows.followsKey, followsKey)))
        .orderBy(userFollows.createdAt, userFollows.userId);
    },

    /**
     * A signed-in reader opened a story. Held in memory and stored with the next batch (within
     * readsIntervalMs, and at shutdown): the page never waits for it. The reader's own reads
     * (storiesReadSince, recommendations) see it at once.
     */
    recordRead({ userId, storyId }: { userId: string; storyId: string }): void {
      reads.add({ userId, storyId, at: now() });
    },

    /** Stores the reads held in memory now (tests, and before reading what everyone read). */
    flushReads: () => reads.flush(),

    /** Stores what is held and stops the timer: the module's onClose. */
    close: () => reads.close(),

    /** Stories a reader read before signing in (the anonymous meter), added to their history once. */
    async recordReads({ userId, storyIds }: { userId: string; storyIds: readonly string[] }): Promise<void> {
      if (storyIds.length === 0) return;
      await db
        .insert(storyReads)
        .values(storyIds.map((storyId) => ({ userId, storyId })))
        .onConflictDoNothing();
    },

    /**
     * Stories the reader opened since `since` (the paywall token's meter for the period), oldest
     * read first: what is stored, and the reads of this process not stored yet.
     */
    async storiesReadSince({ userId, since }: { userId: string; since: Date }): Promise<string[]> {
      const rows = await db
        .select({ storyId: storyReads.storyId, lastReadAt: storyReads.lastReadAt })
        .from(storyReads)
        .where(and(eq(storyReads.userId, userId), gte(storyReads.lastReadAt, since)))
        .orderBy(storyReads.lastReadAt);
      const pending = pendingReadsOf(userId);
      if (pending.size === 0) return rows.map((row) => row.storyId);
      const latest = new Map(rows.map((row) => [row.storyId, row.lastReadAt]));
      for (const [storyId, at] of pending) {
        const stored = latest.get(storyId);
        if (at >= since && (!stored || at > stored)) latest.set(storyId, at);
      }
      return [...latest.entries()].sort(([, a], [, b]) => a.getTime() - b.getTime()).map(([storyId]) => storyId);
    },

    /**
     * Stories for this reader: the newest from what they follow that they have not read, then the
     * most read of the last MOST_READ_DAYS they have not read, then the newest they have not read
     * (a new site, or the demo, has no reads yet).
     */
    async recommendedStories({ userId, first }: { userId: string; first: number }): Promise<StorySummary[]> {
      const [follows, readIds] = await Promise.all([listFollows({ userId }), readStoryIds(userId)]);
      const about = (await targets(follows)).flatMap((target) => (target ? [target.about] : []));
      const picked = await content.newestStories({ about, excludeIds: readIds, limit: first });
      const seen = () => [...readIds, ...picked.map((s) => s.id)];
      picked.push(...(await content.storySummaries(await mostReadStoryIds({ excludeIds: seen(), limit: first - picked.length }))));
      picked.push(...(await content.newestStories({ excludeIds: seen(), limit: first - picked.length })));
      return picked;
    },

    /** The following page: what the reader follows, grouped by type, each with its latest stories. */
    async followingPage({ userId }: { userId: string }): Promise<FollowingGroup[]> {
      const found = (await targets(await listFollows({ userId }))).filter((target) => target !== null);
      const stories = await content.latestCardsAbout(
        found.map((target) => target.about),
        FOLLOWING_STORIES,
      );
      return groupByType(found.map((target, i) => ({ ...target, stories: stories[i] ?? [] })));
    },
  };
}

/** Items under their type's group, groups in FOLLOWS_TYPE_GROUPS order, empty groups left out. */
export function groupByType<T extends FollowRef>(items: readonly T[]): { followsType: FollowsType; title: string; items: T[] }[] {
  return FOLLOWS_TYPE_GROUPS.map(({ type, title }) => ({
    followsType: type,
    title,
    items: items.filter((item) => item.followsType === type),
  })).filter((group) => group.items.length > 0);
}
