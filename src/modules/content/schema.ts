// Tables owned by the content module: topics, authors, stories and their links.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StoryAccess, StoryBlock, StoryMediaType } from './types.ts';

export const topics = pgTable('topics', {
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  kind: text('kind').$type<'section' | 'topic' | 'series'>().notNull(),
  position: integer('position').notNull().default(0),
});

export const authors = pgTable('authors', {
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  location: text('location').notNull(),
  bio: text('bio').notNull(),
  portraitKey: text('portrait_key'),
});

export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    headline: text('headline').notNull(),
    standfirst: text('standfirst').notNull(),
    primaryTopicId: uuid('primary_topic_id')
      .notNull()
      .references(() => topics.id),
    access: text('access').$type<StoryAccess>().notNull(),
    mediaType: text('media_type').$type<StoryMediaType>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    heroKey: text('hero_key').notNull(),
    heroCaption: text('hero_caption').notNull(),
    heroAlt: text('hero_alt').notNull(),
    body: jsonb('body').$type<StoryBlock[]>().notNull(),
    wordCount: integer('word_count').notNull(),
    readCount: integer('read_count').notNull().default(0),
    organisationSlugs: text('organisation_slugs').array().notNull().default([]),
    personSlugs: text('person_slugs').array().notNull().default([]),
  },
  (table) => [index('stories_published_at_idx').on(table.publishedAt), index('stories_read_count_idx').on(table.readCount)],
);

export const storyTopics = pgTable(
  'story_topics',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.topicId] }), index('story_topics_topic_idx').on(table.topicId)],
);

export const storyAuthors = pgTable(
  'story_authors',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => authors.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.authorId] }), index('story_authors_author_idx').on(table.authorId)],
);
