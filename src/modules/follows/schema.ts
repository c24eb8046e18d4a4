// Tables owned by the follows module: what each reader follows, and what they have read (the
// reading history that personalises recommendations). Readers are named by the numeric user id
// (`user_id` text, as in the main token and §3 UserFollow), like consent and analytics records.
// No foreign keys into content or profiles: a follow or read of something since removed is
// simply not shown, and each module keeps its own tables.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FollowsType } from './follow-rules.ts';

export const userFollows = pgTable(
  'user_follows',
  {
    userId: text('user_id').notNull(),
    followsType: text('follows_type').$type<FollowsType>().notNull(),
    followsKey: text('follows_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One row per (user, type, key): following twice is the same follow.
    primaryKey({ columns: [table.userId, table.followsType, table.followsKey] }),
    // usersByFollow: who follows this thing.
    index('user_follows_target_idx').on(table.followsType, table.followsKey),
    check(
      'user_follows_type_check',
      sql`${table.followsType} in ('AUTHOR_ID', 'ORGANISATION_PROFILE_ID', 'PERSON_PROFILE_ID', 'SITE_SECTION_ID', 'TAG_SLUG')`,
    ),
  ],
);

export const storyReads = pgTable(
  'story_reads',
  {
    userId: text('user_id').notNull(),
    storyId: uuid('story_id').notNull(),
    firstReadAt: timestamp('first_read_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
    /** Page views by this reader; "most read" counts readers, so a reload does not lift a story. */
    views: integer('views').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.userId, table.storyId] }), index('story_reads_recent_idx').on(table.lastReadAt, table.storyId)],
);
