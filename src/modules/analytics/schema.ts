// Tables owned by the analytics module: events the collector accepted, and the ones it refused
// (kept with the reason, never dropped — DESIGN §2).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Tracker-protocol event types (`e`). */
export const TRACKER_EVENT_TYPES = ['pv', 'pp', 'ue', 'se', 'tr', 'ti'] as const;
export type TrackerEventType = (typeof TRACKER_EVENT_TYPES)[number];

/** A self-describing entity as sent in `co`/`cx`. */
export interface AnalyticsEntity {
  schema: string;
  data: Record<string, unknown>;
}

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    // The tracker's `eid`; the primary key makes a resent batch a no-op. Generated when absent.
    eventId: uuid('event_id').primaryKey().defaultRandom(),
    appId: text('app_id'),
    platform: text('platform').notNull(),
    event: text('event').$type<TrackerEventType>().notNull(),
    /** Catalogue name for `ue`; page_view, page_ping, structured, transaction, transaction_item otherwise. */
    eventName: text('event_name').notNull(),
    /** Iglu URI `data` was validated against (ue and pv); null for the other types. */
    schema: text('schema'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    contexts: jsonb('contexts').$type<AnalyticsEntity[]>().notNull().default([]),
    trackerVersion: text('tracker_version').notNull(),
    trackerName: text('tracker_name'),
    userId: text('user_id'),
    domainUserid: text('domain_userid'),
    domainSessionid: text('domain_sessionid'),
    domainSessionidx: integer('domain_sessionidx'),
    networkUserid: text('network_userid'),
    pageUrl: text('page_url'),
    pageTitle: text('page_title'),
    pageReferrer: text('page_referrer'),
    useragent: text('useragent'),
    /** Null when the request carried SP-Anonymous. */
    ip: text('ip'),
    /** The remaining protocol fields as sent (tz, lang, res, vp, ds, cd, cs, cookie, f_*, …). */
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    deviceTstamp: timestamp('device_tstamp', { withTimezone: true }),
    sentTstamp: timestamp('sent_tstamp', { withTimezone: true }),
    trueTstamp: timestamp('true_tstamp', { withTimezone: true }),
    collectorTstamp: timestamp('collector_tstamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('analytics_events_collector_tstamp_idx').on(table.collectorTstamp),
    index('analytics_events_event_name_tstamp_idx').on(table.eventName, table.collectorTstamp),
    // The dashboard's wall funnel: the last wall a browser saw before it registered or bought (dashboard.ts).
    index('analytics_events_wall_visitor_idx')
      .on(table.domainUserid, table.collectorTstamp)
      .where(sql`${table.eventName} = 'user_view_wall'`),
  ],
);

export const analyticsBadRows = pgTable(
  'analytics_bad_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').notNull(),
    // Text, not jsonb: a body that is not JSON (or holds \u0000, which jsonb refuses) is kept too.
    raw: text('raw').notNull(),
    source: text('source').$type<'post' | 'get'>().notNull(),
  },
  (table) => [index('analytics_bad_rows_received_at_idx').on(table.receivedAt)],
);

export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;
export type AnalyticsBadRowInsert = typeof analyticsBadRows.$inferInsert;
