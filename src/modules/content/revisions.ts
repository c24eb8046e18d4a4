// An editor's revision of a published story: what may change (reviseStorySchema), and which pages
// show the story, so every process's page cache drops them (content-service.ts reviseStory).
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { paths as sitePaths } from '../../shared/paths.ts';
import { authors, stories, storyAuthors, storyTopics, topics } from './schema.ts';

/** A story, topic or author slug. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const text = (max: number) => z.string().trim().min(1).max(max);
const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), text: text(20_000) }),
  z.object({ type: z.literal('heading'), text: text(300) }),
  z.object({ type: z.literal('quote'), text: text(2_000), attribution: z.string().trim().max(300) }),
  z.object({
    type: z.literal('image'),
    art: z.object({
      key: z.string().regex(/^[a-z0-9-]+$/),
      style: z.enum(['folds', 'fields', 'swatches', 'silhouette', 'grid', 'arcs']),
      palette: z
        .array(z.string().regex(/^#[0-9a-f]{6}$/i))
        .min(3)
        .max(5),
      seed: z.number().int(),
    }),
    caption: z.string().trim().max(1_000),
    alt: z.string().trim().max(1_000),
  }),
]);
/** What an editor may change in a published story; what is left out stays as it is. */
export const reviseStorySchema = z.object({
  slug: z.string().regex(SLUG).max(200),
  headline: text(300).optional(),
  standfirst: text(1_000).optional(),
  heroCaption: z.string().trim().max(1_000).optional(),
  heroAlt: z.string().trim().max(1_000).optional(),
  body: z.array(blockSchema).min(1).max(500).optional(),
});
export type ReviseStoryInput = z.input<typeof reviseStorySchema>;

/**
 * Every page whose cached copy may show the story: its own page, home, the feeds and sitemap, its
 * topics' pages and feeds, its authors' pages, and the story pages whose related list may hold it
 * (stories filed first under a topic where it is among the five newest: a related list is the
 * four newest of the topic other than the story itself).
 */
export async function pagesShowingStory(db: Db, storyId: string): Promise<string[]> {
  const [story] = await db.select({ slug: stories.slug, publishedAt: stories.publishedAt }).from(stories).where(eq(stories.id, storyId));
  if (!story) return [];
  const storyTopicRows = await db
    .select({ id: topics.id, slug: topics.slug })
    .from(storyTopics)
    .innerJoin(topics, eq(topics.id, storyTopics.topicId))
    .where(eq(storyTopics.storyId, storyId));
  const authorRows = await db
    .select({ slug: authors.slug })
    .from(storyAuthors)
    .innerJoin(authors, eq(authors.id, storyAuthors.authorId))
    .where(eq(storyAuthors.storyId, storyId));
  const newer = sql<number>`(select count(*)::int from ${storyTopics} st join ${stories} newer on newer.id = st.story_id
    where st.topic_id = ${topics.id} and (newer.published_at, newer.id) > (${story.publishedAt.toISOString()}::timestamptz, ${storyId}::uuid))`;
  const showingTopicIds = storyTopicRows.length
    ? (
        await db
          .select({ id: topics.id })
          .from(topics)
          .where(
            and(
              inArray(
                topics.id,
                storyTopicRows.map((t) => t.id),
              ),
              sql`${newer} < 5`,
            ),
          )
      ).map((t) => t.id)
    : [];
  const siblings = showingTopicIds.length
    ? await db
        .select({ slug: stories.slug })
        .from(stories)
        .where(and(inArray(stories.primaryTopicId, showingTopicIds), ne(stories.id, storyId)))
    : [];
  return [
    ...new Set([
      sitePaths.story(story.slug),
      sitePaths.home(),
      sitePaths.latestFeed(),
      '/sitemap.xml',
      ...storyTopicRows.flatMap((t) => [sitePaths.topic(t.slug), sitePaths.topicFeed(t.slug)]),
      ...authorRows.map((a) => sitePaths.author(a.slug)),
      ...siblings.map((s) => sitePaths.story(s.slug)),
    ]),
  ];
}
