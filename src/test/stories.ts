// Demo stories of one access level for HTTP tests, outside the research topics (BoF Insights and
// case studies need a Premium-level membership, so their walls differ).
import { and, asc, eq, sql } from 'drizzle-orm';
import { stories, storyTopics, topics } from '../modules/content/schema.ts';
import type { Db } from '../db/database.ts';

export function storiesWith(db: Db, access: 'free' | 'premium' | 'beauty' | 'registered', count: number) {
  return db
    .select({ id: stories.id, slug: stories.slug, body: stories.body })
    .from(stories)
    .where(
      and(
        eq(stories.access, access),
        sql`not exists (select 1 from ${storyTopics} join ${topics} on ${topics.id} = ${storyTopics.topicId} where ${storyTopics.storyId} = ${stories.id} and ${topics.slug} in ('case-studies', 'bof-insights'))`,
      ),
    )
    .orderBy(asc(stories.slug))
    .limit(count);
}
