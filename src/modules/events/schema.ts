// Events (§3 Event; types from §9).
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EventType } from './types.ts';

export const events = pgTable('events', {
  eventId: uuid('event_id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  type: text('type').$type<EventType>().notNull(),
  location: text('location').notNull(),
  featured: boolean('featured').notNull().default(false),
  sponsors: text('sponsors').array().notNull(),
  thumbnailKey: text('thumbnail_key'),
});
