// Tables owned by the newsletters module (§3 Newsletter, NewsletterSubscription; §4 statuses and
// groups; decision 045). Readers with an account are named by the numeric user id (`user_id` text,
// as in the main token, like follows); readers without one by the address they confirmed.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConsentMethod, NewsletterGroup, Placement, StoredSubscriptionStatus } from './newsletter-input.ts';

export const newsletters = pgTable('newsletters', {
  newsletterId: uuid('newsletter_id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  author: text('author').notNull(),
  newsletterGroup: text('newsletter_group').$type<NewsletterGroup>().notNull(),
  isExecutive: boolean('is_executive').notNull().default(false),
  isProfessional: boolean('is_professional').notNull().default(false),
  isTopic: boolean('is_topic').notNull().default(false),
  isVisibleOnOMS: boolean('is_visible_on_oms').notNull().default(true),
  isPreselectedOnOMS: boolean('is_preselected_on_oms').notNull().default(false),
  /** How often it arrives, in words ("Every weekday morning"); the preference centre shows it. */
  frequency: text('frequency').notNull().default(''),
  /** A topic newsletter's topic (content's slug): its topic page offers it. */
  topicSlug: text('topic_slug'),
  /** The catalogue's order within a group. */
  position: integer('position').notNull().default(0),
});

/**
 * One row per (newsletter, reader): `subscribed` or `unsubscribed` (§4; `none` is no row). A row of
 * an anonymous reader has `email` and no `user_id`; when an account confirms that address the row
 * becomes the account's (`user_id` set), its consents with it.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey(),
    newsletterId: uuid('newsletter_id')
      .notNull()
      .references(() => newsletters.newsletterId, { onDelete: 'cascade' }),
    userId: text('user_id'),
    /** Lower-cased: the address an anonymous reader confirmed (kept after it becomes an account's). */
    email: text('email'),
    status: text('status').$type<StoredSubscriptionStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('newsletter_subscriptions_user_idx')
      .on(table.userId, table.newsletterId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('newsletter_subscriptions_email_idx')
      .on(table.email, table.newsletterId)
      .where(sql`${table.userId} is null`),
    // Sending (next part) reads a newsletter's subscribers.
    index('newsletter_subscriptions_newsletter_idx').on(table.newsletterId, table.status),
    check('newsletter_subscriptions_status_check', sql`${table.status} in ('subscribed', 'unsubscribed')`),
    check('newsletter_subscriptions_reader_check', sql`${table.userId} is not null or ${table.email} is not null`),
  ],
);

/**
 * The consent record: appended at each subscribe and unsubscribe, never changed. What the reader
 * was shown, where, when they asked and when it took effect, and how it was confirmed.
 */
export const newsletterConsents = pgTable(
  'newsletter_consents',
  {
    id: uuid('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => newsletterSubscriptions.id, { onDelete: 'cascade' }),
    status: text('status').$type<StoredSubscriptionStatus>().notNull(),
    method: text('method').$type<ConsentMethod>().notNull(),
    /** The words next to the button the reader used. */
    consentText: text('consent_text').notNull(),
    /** The page the form was on (path and query). */
    sourcePath: text('source_path').notNull(),
    placement: text('placement').$type<Placement>().notNull(),
    /** When the reader asked (the form was sent). */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** When it took effect (the emailed link was used, or at once for a confirmed account). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('newsletter_consents_subscription_idx').on(table.subscriptionId, table.confirmedAt),
    check('newsletter_consents_method_check', sql`${table.method} in ('double-opt-in', 'signed-in', 'withdrawn')`),
  ],
);

/**
 * A sign-up waiting for its address to be confirmed (double opt-in). The emailed link carries its id
 * and an HMAC of it; using the link (a POST) writes the subscriptions and their consents.
 */
export const newsletterSignups = pgTable(
  'newsletter_signups',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    newsletterIds: uuid('newsletter_ids').array().notNull(),
    consentText: text('consent_text').notNull(),
    sourcePath: text('source_path').notNull(),
    placement: text('placement').$type<Placement>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The one reminder (48 hours on, when still unconfirmed). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [index('newsletter_signups_email_idx').on(table.email, table.createdAt)],
);

export type NewsletterRow = typeof newsletters.$inferSelect;
export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;
export type ConsentRow = typeof newsletterConsents.$inferSelect;
export type SignupRow = typeof newsletterSignups.$inferSelect;

// ---- Sending (issue 19 part 2, decision 048) ----

/** An issue's life: composed, waiting for its time, going out, out. */
export const ISSUE_STATES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type IssueState = (typeof ISSUE_STATES)[number];

/**
 * One issue of one newsletter: the stories it carries (story slugs, in order), its subject and
 * opening words. A PERSONALISED newsletter's issue has no stories of its own: each reader's come
 * from what they follow and read, at send time.
 */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: uuid('id').primaryKey(),
    newsletterId: uuid('newsletter_id')
      .notNull()
      .references(() => newsletters.newsletterId, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    intro: text('intro').notNull().default(''),
    storySlugs: text('story_slugs').array().notNull(),
    state: text('state').$type<IssueState>().notNull(),
    /** When it goes out (scheduled), or went out (sent now). */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The admin who composed it (user id). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('newsletter_issues_newsletter_idx').on(table.newsletterId, table.createdAt),
    check('newsletter_issues_state_check', sql`${table.state} in ('draft', 'scheduled', 'sending', 'sent')`),
  ],
);

export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'uncertain', 'failed', 'bounced'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One row per (issue, reader): the unique key that makes "never twice" hold. `pending` → claimed
 * (`sending`) → `sent` once the SMTP server accepted it. A row a dead runner left `sending` becomes
 * `uncertain` and is never sent again (at most once, decision 048). `bounced` after a hard bounce.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: uuid('id').primaryKey(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    /** `user:<id>` or `email:<address>`: one reader, whichever way they subscribed. */
    readerKey: text('reader_key').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    email: text('email').notNull(),
    userId: text('user_id'),
    status: text('status').$type<DeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Clicks this reader made, counted only when their browser had allowed analytics. */
    clicks: integer('clicks').notNull().default(0),
  },
  (table) => [
    uniqueIndex('newsletter_deliveries_reader_idx').on(table.issueId, table.readerKey),
    index('newsletter_deliveries_status_idx').on(table.issueId, table.status),
    index('newsletter_deliveries_email_idx').on(table.email),
    check('newsletter_deliveries_status_check', sql`${table.status} in ('pending', 'sending', 'sent', 'uncertain', 'failed', 'bounced')`),
  ],
);

/** Addresses nothing is sent to again: a hard bounce or a complaint (the provider's report). */
export const newsletterSuppressions = pgTable(
  'newsletter_suppressions',
  {
    email: text('email').primaryKey(),
    reason: text('reason').$type<'hard-bounce' | 'complaint'>().notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('newsletter_suppressions_reason_check', sql`${table.reason} in ('hard-bounce', 'complaint')`)],
);

/** Clicks on an issue's links: per issue always (a count), per reader only with analytics consent. */
export const newsletterIssueClicks = pgTable('newsletter_issue_clicks', {
  issueId: uuid('issue_id')
    .primaryKey()
    .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
  clicks: integer('clicks').notNull().default(0),
});

export type IssueRow = typeof newsletterIssues.$inferSelect;
export type DeliveryRow = typeof newsletterDeliveries.$inferSelect;
