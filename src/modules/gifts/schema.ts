// Tables owned by the gifts module: the gift links members create for stories (§1 "gift links for
// articles", §7 createStoryGift, §3 analytics giftId), and who opened each one. The gift id is the
// `?gift=` of the link: a random UUID (122 random bits), so a link cannot be guessed from another.
// Givers are named by identity id (the token's `sub`) and by the numeric user id as text (the
// token's `user_id`, as in follows and analytics). No foreign keys into content or identity: each
// module keeps its own tables, and a gift of a story since removed simply no longer opens.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const storyGifts = pgTable(
  'story_gifts',
  {
    giftId: uuid('gift_id').primaryKey().defaultRandom(),
    storyId: uuid('story_id').notNull(),
    giverIdentityId: uuid('giver_identity_id').notNull(),
    giverUserId: text('giver_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Distinct visitors who opened the link (rows in story_gift_redemptions), kept here for the giver's list. */
    redemptionCount: integer('redemption_count').notNull().default(0),
  },
  (table) => [
    // The giver's list and this month's quota: gifts by giver, newest first.
    index('story_gifts_giver_idx').on(table.giverIdentityId, table.createdAt),
    check('story_gifts_expiry_check', sql`${table.expiresAt} > ${table.createdAt}`),
    check('story_gifts_redemptions_check', sql`${table.redemptionCount} >= 0`),
  ],
);

export const storyGiftRedemptions = pgTable(
  'story_gift_redemptions',
  {
    giftId: uuid('gift_id').notNull(),
    /** sha256 of the gift id and the visitor (see web/routes/gift-action.server.ts visitorKey): never the visitor itself. */
    visitorHash: text('visitor_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  // One row per visitor and gift: a reload or a second visit is not a second redemption.
  (table) => [primaryKey({ columns: [table.giftId, table.visitorHash] })],
);
