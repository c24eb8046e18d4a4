// Writes the demo topics, authors and stories. Idempotent: rows are keyed by stable ids and
// existing rows are left alone, so a second run changes nothing.
import type { Db } from '../../db/database.ts';
import { stableUuid } from '../../db/stable-id.ts';
import type { DemoCatalogue } from '../catalogue/types.ts';
import { authors, stories, storyAuthors, storyTopics, topics } from '../../modules/content/schema.ts';
import { countWords } from '../../modules/content/words.ts';

export async function seedContent(db: Db, catalogue: DemoCatalogue, anchor: Date): Promise<void> {
  const topicId = (slug: string) => stableUuid('topic', slug);
  const authorId = (slug: string) => stableUuid('author', slug);
  const storyId = (slug: string) => stableUuid('story', slug);

  await db
    .insert(topics)
    .values(
      catalogue.topics.map((t, position) => ({
        id: topicId(t.slug),
        slug: t.slug,
        name: t.name,
        description: t.description,
        kind: t.kind,
        position,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(authors)
    .values(
      catalogue.authors.map((a) => ({
        id: authorId(a.slug),
        slug: a.slug,
        name: a.name,
        role: a.role,
        location: a.location,
        bio: a.bio,
        portraitKey: a.portrait.key,
      })),
    )
    .onConflictDoNothing();

  for (const batch of chunks(catalogue.stories, 50)) {
    await db
      .insert(stories)
      .values(
        batch.map((s) => ({
          id: storyId(s.slug),
          slug: s.slug,
          headline: s.headline,
          standfirst: s.standfirst,
          primaryTopicId: topicId(s.topicSlugs[0]!),
          access: s.access,
          mediaType: s.mediaType,
          publishedAt: new Date(anchor.getTime() - s.minutesAgo * 60_000),
          updatedAt: new Date(anchor.getTime() - s.minutesAgo * 60_000),
          heroKey: s.hero.art.key,
          heroCaption: s.hero.caption,
          heroAlt: s.hero.alt,
          body: s.body,
          wordCount: countWords(s.body),
          readCount: s.readCount,
          organisationSlugs: s.organisationSlugs,
          personSlugs: s.personSlugs,
        })),
      )
      .onConflictDoNothing();
    await db
      .insert(storyTopics)
      .values(batch.flatMap((s) => s.topicSlugs.map((slug, position) => ({ storyId: storyId(s.slug), topicId: topicId(slug), position }))))
      .onConflictDoNothing();
    await db
      .insert(storyAuthors)
      .values(
        batch.flatMap((s) => s.authorSlugs.map((slug, position) => ({ storyId: storyId(s.slug), authorId: authorId(slug), position }))),
      )
      .onConflictDoNothing();
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
