// Events (§3 Event; types from §9).
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EventType, ProgrammeItem } from './types.ts';

export const events = pgTable('events', {
  eventId: uuid('event_id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  /** The IANA time zone the event happens in: its times are shown there first. */
  timeZone: text('time_zone').notNull().default('UTC'),
  type: text('type').$type<EventType>().notNull(),
  /** Where it is, in words (a town, a region); for an online event, "Online". */
  location: text('location').notNull(),
  /** The venue of an event held in a place; null online. */
  venue: text('venue'),
  /** The platform of an online event (§3 analytics eventPlatform); null in a place. */
  platform: text('platform'),
  featured: boolean('featured').notNull().default(false),
  sponsors: text('sponsors').array().notNull(),
  thumbnailKey: text('thumbnail_key'),
  programme: jsonb('programme').$type<ProgrammeItem[]>().notNull().default([]),
  /** Person profile slugs, in the order the page lists them (profiles service resolves them). */
  speakerSlugs: text('speaker_slugs').array().notNull().default([]),
  /** The topic whose newest stories the page shows as related (content service). */
  topicSlug: text('topic_slug'),
});
