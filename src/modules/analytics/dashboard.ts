// The admin dashboard's numbers (issue 8): page views and visitors per day, top stories, the wall
// funnel by variant and newsletter sign-ups, aggregated in the database from the good events.
// Days are UTC calendar days; the period ends today and starts `days - 1` days before.
import { and, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { EventName } from '../../shared/analytics/events.ts';
import { analyticsEvents } from './schema.ts';

/** Periods the dashboard offers, in days. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 30;
export const TOP_STORIES_LIMIT = 10;
/** How far back a registration or purchase looks for the wall that led to it (last touch). */
export const ATTRIBUTION_WINDOW_DAYS = 30;

// Which catalogue events feed which figure (typed against the catalogue, so a rename breaks the build).
export const WALL_VIEW_EVENT = 'user_view_wall' satisfies EventName;
export const REGISTRATION_EVENT = 'user_complete_registration' satisfies EventName;
/** Memberships bought (tickets are not a wall's conversion). */
export const PURCHASE_EVENTS = [
  'user_purchased_subscription',
  'user_purchased_student_subscription',
  'user_purchased_organisation_subscription',
  'user_purchased_upgrade',
] as const satisfies readonly EventName[];
export const STORY_VIEW_EVENT = 'user_view_article' satisfies EventName;
export const STORY_SCROLL_EVENT = 'user_view_article_scroll' satisfies EventName;
export const NEWSLETTER_SIGNUP_EVENT = 'user_submit_newsletter_signup' satisfies EventName;
export const PAGE_VIEW_EVENT = 'page_view' satisfies EventName;

/** `?days=` as given: one of the offered periods, else the default. */
export function dashboardPeriod(value: string | null | undefined): DashboardPeriod {
  const days = Number(value);
  return (DASHBOARD_PERIODS as readonly number[]).includes(days) ? (days as DashboardPeriod) : DEFAULT_DASHBOARD_PERIOD;
}

export interface DashboardRange {
  /** First day, 00:00 UTC (inclusive). */
  from: Date;
  /** The day after the last, 00:00 UTC (exclusive). */
  to: Date;
  /** Each day of the range, YYYY-MM-DD, oldest first. */
  days: string[];
}

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function dashboardRange(days: number, now: Date): DashboardRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = today - (days - 1) * DAY_MS;
  return {
    from: new Date(from),
    to: new Date(today + DAY_MS),
    days: Array.from({ length: days }, (_, i) => new Date(from + i * DAY_MS).toISOString().slice(0, 10)),
  };
}

export interface TrafficDay {
  day: string;
  pageViews: number;
  visitors: number;
  newsletterSignups: number;
}

export interface StoryAggregate {
  articleId: string;
  views: number;
  /** Distinct visitors who opened the story. */
  readers: number;
  /** Distinct visitors who scrolled to 100 %. */
  finished: number;
}

export interface FunnelCounts {
  impressions: number;
  /** Distinct visitors shown the wall. */
  viewers: number;
  /** Distinct accounts registered. */
  registrations: number;
  /** Distinct subscriptions bought. */
  purchases: number;
}

export interface FunnelOffer extends FunnelCounts {
  /** The offer the wall showed (offer_variant: an experiment's groups differ here); null when not sent. */
  offerVariant: string | null;
}

export interface FunnelAggregate extends FunnelCounts {
  /** The wall variant; null for registrations and purchases no wall led to. */
  wallVariant: string | null;
  /** The same figures per offer shown on this wall, most shown first. */
  offers: FunnelOffer[];
}

export interface DashboardAggregates {
  range: DashboardRange;
  totals: { pageViews: number; visitors: number; newsletterSignups: number; storyViews: number };
  /** One entry per day of the range, zeros included. */
  traffic: TrafficDay[];
  topStories: StoryAggregate[];
  funnel: FunnelAggregate[];
}

const e = analyticsEvents;
/** The tracker's visitor: its domain user id, else our network user id, else the signed-in user. */
export const visitor = sql`coalesce(${e.domainUserid}, ${e.networkUserid}, ${e.userId})`;
const utcDay = sql<string>`to_char(${e.collectorTstamp} at time zone 'UTC', 'YYYY-MM-DD')`;
export const int = (expression: SQL) => sql<number>`(${expression})::int`.mapWith(Number);
export const named = (name: string) => sql`${e.eventName} = ${name}`;

/** Events of these names collected in the range. */
export function inRange({ from, to }: DashboardRange, names: readonly string[]): SQL | undefined {
  return and(inArray(e.eventName, [...names]), gte(e.collectorTstamp, from), lt(e.collectorTstamp, to));
}

/**
 * The wall (and its offer) a registration or purchase came from, as {wall, offer}: the one named
 * on the event (attribution fields), else the last wall this browser saw in the 30 days before it
 * (partial index analytics_events_wall_visitor_idx); null when none. The outer row is named in
 * full: drizzle leaves a lone table's columns unqualified, which inside the subquery would mean `w`'s.
 */
const attributedTouch = sql`case
  when nullif(${e.data}->>'wall_variant', '') is not null
    then jsonb_build_object('wall', ${e.data}->>'wall_variant', 'offer', ${e.data}->>'offer_variant')
  else (select jsonb_build_object('wall', w.data->>'wall_variant', 'offer', w.data->>'offer_variant') from analytics_events w
    where w.event_name = ${WALL_VIEW_EVENT}
      and w.domain_userid = analytics_events.domain_userid
      and w.collector_tstamp <= analytics_events.collector_tstamp
      and w.collector_tstamp > analytics_events.collector_tstamp - ${sql.raw(`interval '${ATTRIBUTION_WINDOW_DAYS} days'`)}
    order by w.collector_tstamp desc limit 1)
end`;

export async function readDashboardAggregates(
  db: Db,
  { days, now = new Date() }: { days: number; now?: Date },
): Promise<DashboardAggregates> {
  const range = dashboardRange(days, now);
  const pageView = named(PAGE_VIEW_EVENT);
  const signup = named(NEWSLETTER_SIGNUP_EVENT);
  const storyView = named(STORY_VIEW_EVENT);

  const [daily, [totals], stories, walls, conversions] = await Promise.all([
    db
      .select({
        day: utcDay,
        pageViews: int(sql`count(*) filter (where ${pageView})`),
        visitors: int(sql`count(distinct ${visitor}) filter (where ${pageView})`),
        newsletterSignups: int(sql`count(*) filter (where ${signup})`),
      })
      .from(e)
      .where(inRange(range, [PAGE_VIEW_EVENT, NEWSLETTER_SIGNUP_EVENT]))
      .groupBy(sql`1`),
    db
      .select({
        pageViews: int(sql`count(*) filter (where ${pageView})`),
        visitors: int(sql`count(distinct ${visitor}) filter (where ${pageView})`),
        newsletterSignups: int(sql`count(*) filter (where ${signup})`),
        storyViews: int(sql`count(*) filter (where ${storyView})`),
      })
      .from(e)
      .where(inRange(range, [PAGE_VIEW_EVENT, NEWSLETTER_SIGNUP_EVENT, STORY_VIEW_EVENT])),
    db
      .select({
        articleId: sql<string>`${e.data}->>'article_id'`,
        views: int(sql`count(*) filter (where ${storyView})`),
        readers: int(sql`count(distinct ${visitor}) filter (where ${storyView})`),
        finished: int(sql`count(distinct ${visitor}) filter (where ${named(STORY_SCROLL_EVENT)} and ${e.data}->>'percentage' = '100')`),
      })
      .from(e)
      .where(and(inRange(range, [STORY_VIEW_EVENT, STORY_SCROLL_EVENT]), sql`${e.data}->>'article_id' is not null`))
      .groupBy(sql`1`)
      .having(sql`count(*) filter (where ${storyView}) > 0`)
      .orderBy(sql`2 desc`, sql`1`)
      .limit(TOP_STORIES_LIMIT),
    readWallImpressions(db, range),
    readWallConversions(db, range),
  ]);

  const byDay = new Map(daily.map((row) => [row.day, row]));
  const traffic = range.days.map((day) => {
    const row = byDay.get(day);
    return { day, pageViews: row?.pageViews ?? 0, visitors: row?.visitors ?? 0, newsletterSignups: row?.newsletterSignups ?? 0 };
  });

  const funnel = new Map<string | null, FunnelAggregate>();
  const zero = (): FunnelCounts => ({ impressions: 0, viewers: 0, registrations: 0, purchases: 0 });
  const countsFor = ({ wall, offer, rollup }: { wall: string | null; offer: string | null; rollup: number }): FunnelCounts => {
    let found = funnel.get(wall);
    if (!found) funnel.set(wall, (found = { wallVariant: wall, ...zero(), offers: [] }));
    if (rollup === 1) return found;
    let forOffer = found.offers.find((o) => o.offerVariant === offer);
    if (!forOffer) found.offers.push((forOffer = { offerVariant: offer, ...zero() }));
    return forOffer;
  };
  for (const row of walls) Object.assign(countsFor(row), { impressions: row.impressions, viewers: row.viewers });
  for (const row of conversions) Object.assign(countsFor(row), { registrations: row.registrations, purchases: row.purchases });
  const byShown =
    <T extends FunnelCounts>(key: (row: T) => string | null) =>
    (a: T, b: T) =>
      Number(key(a) === null) - Number(key(b) === null) || b.impressions - a.impressions || (key(a) ?? '').localeCompare(key(b) ?? '');
  for (const row of funnel.values()) row.offers.sort(byShown((o) => o.offerVariant));

  return {
    range,
    totals: totals ?? { pageViews: 0, visitors: 0, newsletterSignups: 0, storyViews: 0 },
    traffic,
    topStories: stories,
    // Most shown first; conversions no wall led to last.
    funnel: [...funnel.values()].sort(byShown((row) => row.wallVariant)),
  };
}

/**
 * Walls shown, per wall variant and per offer within it (grouping sets: distinct viewers of a wall
 * are not the sum of its offers'). `rollup` is 1 on the per-wall rows.
 */
function readWallImpressions(db: Db, range: DashboardRange) {
  const shown = db.$with('shown').as(
    db
      .select({
        wall: sql<string | null>`${e.data}->>'wall_variant'`.as('wall'),
        offer: sql<string | null>`${e.data}->>'offer_variant'`.as('offer'),
        who: sql<string | null>`${visitor}`.as('who'),
      })
      .from(e)
      .where(inRange(range, [WALL_VIEW_EVENT])),
  );
  return db
    .with(shown)
    .select({
      wall: shown.wall,
      offer: shown.offer,
      rollup: int(sql`grouping(${shown.offer})`),
      impressions: int(sql`count(*)`),
      viewers: int(sql`count(distinct ${shown.who})`),
    })
    .from(shown)
    .groupBy(sql`grouping sets ((${shown.wall}), (${shown.wall}, ${shown.offer}))`);
}

/** Registrations and purchases by the wall and offer they are attributed to (attributedTouch). */
function readWallConversions(db: Db, range: DashboardRange) {
  const converted = db.$with('converted').as(
    db
      .select({
        touch: sql`${attributedTouch}`.as('touch'),
        isRegistration: sql<boolean>`${named(REGISTRATION_EVENT)}`.as('is_registration'),
        // A reload or a resent event must not count twice: accounts and subscriptions are counted once.
        account: sql<string>`coalesce(${e.userId}, ${visitor}, ${e.eventId}::text)`.as('account'),
        subscription: sql<string>`coalesce(${e.data}->>'subscription_id', ${e.eventId}::text)`.as('subscription'),
      })
      .from(e)
      .where(inRange(range, [REGISTRATION_EVENT, ...PURCHASE_EVENTS])),
  );
  const wall = sql`(${converted.touch}->>'wall')`;
  const offer = sql`(${converted.touch}->>'offer')`;
  return db
    .with(converted)
    .select({
      wall: sql<string | null>`${wall}`,
      offer: sql<string | null>`${offer}`,
      rollup: int(sql`grouping(${offer})`),
      registrations: int(sql`count(distinct ${converted.account}) filter (where ${converted.isRegistration})`),
      purchases: int(sql`count(distinct ${converted.subscription}) filter (where not ${converted.isRegistration})`),
    })
    .from(converted)
    .groupBy(sql`grouping sets ((${wall}), (${wall}, ${offer}))`);
}

/** What the dashboard needs from the content service: headlines and slugs by story id. */
export interface StoryLookup {
  storySummaries(ids: readonly string[]): Promise<{ id: string; slug: string; headline: string }[]>;
}

export interface TopStory extends StoryAggregate {
  /** Null when the story no longer exists. */
  slug: string | null;
  headline: string;
}

export interface AnalyticsDashboard extends Omit<DashboardAggregates, 'topStories'> {
  days: DashboardPeriod;
  topStories: TopStory[];
  generatedAt: string;
}

/** The dashboard for a period: the analytics aggregates, with headlines from the content service. */
export async function loadAnalyticsDashboard(
  {
    analytics,
    content,
  }: { analytics: { dashboard(options: { days: number; now?: Date }): Promise<DashboardAggregates> }; content: StoryLookup },
  { days, now = new Date() }: { days: DashboardPeriod; now?: Date },
): Promise<AnalyticsDashboard> {
  const aggregates = await analytics.dashboard({ days, now });
  // Story ids are UUIDs; an event may name anything (it is the browser's word), so only those are looked up.
  const summaries = await content.storySummaries(aggregates.topStories.map((story) => story.articleId).filter((id) => UUID.test(id)));
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  return {
    ...aggregates,
    days,
    generatedAt: now.toISOString(),
    topStories: aggregates.topStories.map((story) => {
      const summary = byId.get(story.articleId);
      return { ...story, slug: summary?.slug ?? null, headline: summary?.headline ?? `Story ${story.articleId} (no longer published)` };
    }),
  };
}
