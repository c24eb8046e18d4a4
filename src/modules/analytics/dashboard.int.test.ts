// The dashboard's aggregates on a fresh copy of the migrated template database: events inserted
// as the collector stores them, figures read back per day, per story and per wall variant.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { EVENTS, isEventName } from '../../shared/analytics/events.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createContentService } from '../content/content-service.ts';
import { createAnalyticsService } from './analytics-service.ts';
import { DEMO_APP_ID, seedDemoAnalytics } from './demo-events.ts';
import { dashboardPeriod, dashboardRange, loadAnalyticsDashboard, readDashboardAggregates } from './dashboard.ts';
import { analyticsEvents, type AnalyticsEventRow } from './schema.ts';

const NOW = new Date('2026-11-20T15:00:00Z');
const at = (day: string, time = '10:00:00') => new Date(`${day}T${time}Z`);

let database: Database;

/** A good event as the collector stores it; override what the scenario needs. */
function event(name: string, overrides: Partial<AnalyticsEventRow> & { day?: string } = {}): AnalyticsEventRow {
  const { day = '2026-11-20', ...rest } = overrides;
  const isPage = name === 'page_view';
  return {
    eventId: randomUUID(),
    appId: 'test-global-9.36.0',
    platform: 'web',
    event: isPage ? 'pv' : 'ue',
    eventName: name,
    schema: isEventName(name) ? EVENTS[name].schema : null,
    data: isPage ? { page_path: '/', page_url: 'https://atelier.test/' } : {},
    trackerVersion: 'js-4.5.0',
    domainUserid: 'visitor-a',
    collectorTstamp: at(day),
    ...rest,
  };
}

async function insert(...rows: AnalyticsEventRow[]) {
  await database.db.insert(analyticsEvents).values(rows);
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(analyticsEvents);
});

describe('periods', () => {
  it('accepts 7, 30 and 90 days and falls back to 30', () => {
    expect(dashboardPeriod('7')).toBe(7);
    expect(dashboardPeriod('90')).toBe(90);
    for (const value of [null, '', '8', '-7', 'abc', '30.5']) expect(dashboardPeriod(value)).toBe(30);
  });

  it('covers whole UTC days ending today', () => {
    const range = dashboardRange(7, NOW);
    expect(range.from.toISOString()).toBe('2026-11-14T00:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(range.days).toEqual(['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
  });
});

describe('readDashboardAggregates', () => {
  it('is all zeros without events, one entry per day', async () => {
    const result = await readDashboardAggregates(database.db, { days: 30, now: NOW });
    expect(result.traffic).toHaveLength(30);
    expect(result.traffic.every((d) => d.pageViews === 0 && d.visitors === 0 && d.newsletterSignups === 0)).toBe(true);
    expect(result.totals).toEqual({ pageViews: 0, visitors: 0, newsletterSignups: 0, storyViews: 0 });
    expect(result.topStories).toEqual([]);
    expect(result.funnel).toEqual([]);
  });

  it('counts page views and distinct visitors per UTC day, and newsletter sign-ups', async () => {
    await insert(
      event('page_view', { day: '2026-11-18', domainUserid: 'a' }),
      event('page_view', { day: '2026-11-18', domainUserid: 'a' }),
      event('page_view', { day: '2026-11-18', domainUserid: 'b' }),
      // No domain user id (anonymous tracking): the network user id stands in.
      event('page_view', { day: '2026-11-18', domainUserid: null, networkUserid: 'n-1' }),
      event('page_view', { day: '2026-11-20', domainUserid: 'a', collectorTstamp: at('2026-11-20', '23:59:59') }),
      // Outside the period (before its first day, and the next day) and other event types: not counted.
      event('page_view', { day: '2026-11-13', collectorTstamp: at('2026-11-13', '23:59:59') }),
      event('page_view', { day: '2026-11-21', collectorTstamp: at('2026-11-21', '00:00:00') }),
      event('page_ping', { event: 'pp', day: '2026-11-18' }),
      event('user_submit_newsletter_signup', { day: '2026-11-19', data: { newsletter_ids: ['daily'] } }),
      event('user_submit_newsletter_signup', { day: '2026-11-19', domainUserid: 'b', data: { newsletter_ids: ['daily', 'weekly'] } }),
    );
    const result = await readDashboardAggregates(database.db, { days: 7, now: NOW });
    const byDay = Object.fromEntries(result.traffic.map((d) => [d.day, d]));
    expect(byDay['2026-11-18']).toEqual({ day: '2026-11-18', pageViews: 4, visitors: 3, newsletterSignups: 0 });
    expect(byDay['2026-11-19']).toEqual({ day: '2026-11-19', pageViews: 0, visitors: 0, newsletterSignups: 2 });
    expect(byDay['2026-11-20']).toEqual({ day: '2026-11-20', pageViews: 1, visitors: 1, newsletterSignups: 0 });
    expect(byDay['2026-11-14']).toEqual({ day: '2026-11-14', pageViews: 0, visitors: 0, newsletterSignups: 0 });
    // Visitors over the period are distinct over the period, not a sum of days.
    expect(result.totals).toEqual({ pageViews: 5, visitors: 3, newsletterSignups: 2, storyViews: 0 });
  });

  it('ranks stories by views, with distinct readers and readers who reached the end', async () => {
    const story = (articleId: string, domainUserid: string) =>
      event('user_view_article', { data: { article_id: articleId }, domainUserid });
    const scrolled = (articleId: string, domainUserid: string, percentage: number) =>
      event('user_view_article_scroll', { data: { article_id: articleId, percentage }, domainUserid });
    await insert(
      story('s-1', 'a'),
      story('s-1', 'a'),
      story('s-1', 'b'),
      story('s-2', 'a'),
      story('s-2', 'c'),
      story('s-3', 'c'),
      scrolled('s-1', 'a', 100),
      scrolled('s-1', 'a', 100),
      scrolled('s-1', 'b', 90),
      scrolled('s-2', 'c', 100),
      // Scrolling without a view in the period does not make a story "top".
      scrolled('s-9', 'a', 100),
    );
    const { topStories, totals } = await readDashboardAggregates(database.db, { days: 7, now: NOW });
    expect(topStories).toEqual([
      { articleId: 's-1', views: 3, readers: 2, finished: 1 },
      { articleId: 's-2', views: 2, readers: 2, finished: 1 },
      { articleId: 's-3', views: 1, readers: 1, finished: 0 },
    ]);
    expect(totals.storyViews).toBe(6);
  });

  it('keeps the ten most viewed stories', async () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      Array.from({ length: i + 1 }, () => event('user_view_article', { data: { article_id: `s-${i}` } })),
    ).flat();
    await insert(...rows);
    const { topStories } = await readDashboardAggregates(database.db, { days: 7, now: NOW });
    expect(topStories.map((s) => s.articleId)).toEqual(['s-11', 's-10', 's-9', 's-8', 's-7', 's-6', 's-5', 's-4', 's-3', 's-2']);
  });

  it('builds the wall funnel by variant and offer: impressions, then registrations and purchases attributed to a wall', async () => {
    const wall = (variant: string, offer: string, domainUserid: string, time = '09:00:00') =>
      event('user_view_wall', {
        data: { wall_variant: variant, offer_variant: offer, article_id: 's-1' },
        domainUserid,
        collectorTstamp: at('2026-11-18', time),
      });
    await insert(
      wall('registration_wall', 'free_account', 'a'),
      wall('registration_wall', 'free_account', 'a', '09:05:00'),
      wall('registration_wall', 'free_account', 'b'),
      wall('registration_wall', 'free_account', 'c'),
      wall('pay_wall', 'standard_trial', 'd'),
      wall('pay_wall', 'annual_trial', 'e'),
      wall('pay_wall', 'standard_trial', 'a', '08:00:00'),
      // a saw the pay wall, then the registration wall, then registered: the last wall counts.
      event('user_complete_registration', { domainUserid: 'a', userId: '101', collectorTstamp: at('2026-11-18', '09:10:00') }),
      // The same registration seen twice (a reload): one account.
      event('user_complete_registration', { domainUserid: 'a', userId: '101', collectorTstamp: at('2026-11-18', '09:11:00') }),
      // b registered before seeing any wall: not the wall's doing.
      event('user_complete_registration', { domainUserid: 'b', userId: '102', collectorTstamp: at('2026-11-18', '08:00:00') }),
      // The wall named on the event wins over the browser's history (here without an offer).
      event('user_complete_registration', {
        domainUserid: 'c',
        userId: '103',
        data: { wall_variant: 'pay_wall' },
        collectorTstamp: at('2026-11-18', '10:00:00'),
      }),
      // Purchases: d bought after the standard-trial pay wall (reported twice, one subscription), e an upgrade after the annual offer.
      event('user_purchased_subscription', { domainUserid: 'd', data: { subscription_id: 'sub-1' }, collectorTstamp: at('2026-11-19') }),
      event('user_purchased_subscription', {
        domainUserid: 'd',
        data: { subscription_id: 'sub-1' },
        collectorTstamp: at('2026-11-19', '10:01:00'),
      }),
      event('user_purchased_upgrade', {
        domainUserid: 'e',
        data: { subscription_id: 'sub-2', previous_plan: 'a', current_plan: 'b' },
        collectorTstamp: at('2026-11-19'),
      }),
      // A ticket is not a wall conversion.
      event('user_purchased_ticket', { domainUserid: 'e', data: { order_id: 'o-1' }, collectorTstamp: at('2026-11-19') }),
      // A wall seen more than 30 days before a purchase does not count for it.
      event('user_view_wall', {
        data: { wall_variant: 'upgrade_wall' },
        domainUserid: 'f',
        collectorTstamp: new Date('2026-10-01T09:00:00Z'),
      }),
      event('user_purchased_subscription', { domainUserid: 'f', data: { subscription_id: 'sub-3' }, collectorTstamp: at('2026-11-19') }),
    );
    const { funnel } = await readDashboardAggregates(database.db, { days: 7, now: NOW });
    const counts = (impressions: number, viewers: number, registrations: number, purchases: number) => ({
      impressions,
      viewers,
      registrations,
      purchases,
    });
    expect(funnel).toEqual([
      { wallVariant: 'registration_wall', ...counts(4, 3, 1, 0), offers: [{ offerVariant: 'free_account', ...counts(4, 3, 1, 0) }] },
      {
        wallVariant: 'pay_wall',
        ...counts(3, 3, 1, 2),
        offers: [
          { offerVariant: 'standard_trial', ...counts(2, 2, 0, 1) },
          { offerVariant: 'annual_trial', ...counts(1, 1, 0, 1) },
          { offerVariant: null, ...counts(0, 0, 1, 0) },
        ],
      },
      { wallVariant: null, ...counts(0, 0, 1, 1), offers: [{ offerVariant: null, ...counts(0, 0, 1, 1) }] },
    ]);
  });

  it('counts the 90-day period too, and leaves older events out', async () => {
    await insert(event('page_view', { day: '2026-08-23' }), event('page_view', { day: '2026-08-22' }));
    expect((await readDashboardAggregates(database.db, { days: 90, now: NOW })).totals.pageViews).toBe(1);
    expect((await readDashboardAggregates(database.db, { days: 30, now: NOW })).totals.pageViews).toBe(0);
  });
});

describe('loadAnalyticsDashboard', () => {
  it('gives top stories their headline and slug from the content service', async () => {
    const content = createContentService({ db: database.db });
    const [known] = await content.listLatest({ limit: 1 });
    await insert(
      event('user_view_article', { data: { article_id: known!.id } }),
      event('user_view_article', { data: { article_id: known!.id }, domainUserid: 'b' }),
      event('user_view_article', { data: { article_id: 'gone' } }),
    );
    const dashboard = await loadAnalyticsDashboard(
      { analytics: createAnalyticsService({ db: database.db }), content },
      { days: 7, now: NOW },
    );
    expect(dashboard.days).toBe(7);
    expect(dashboard.topStories).toEqual([
      { articleId: known!.id, views: 2, readers: 2, finished: 0, slug: known!.slug, headline: known!.headline },
      { articleId: 'gone', views: 1, readers: 1, finished: 0, slug: null, headline: 'Story gone (no longer published)' },
    ]);
  });
});

describe('seedDemoAnalytics', () => {
  it('fills every part of the dashboard from the demo stories, once', async () => {
    const seeded = await seedDemoAnalytics(database.db, { siteUrl: 'https://atelier.test', now: NOW });
    expect(seeded.events).toBeGreaterThan(5000);
    // Repeating it adds nothing (fixed event ids).
    await seedDemoAnalytics(database.db, { siteUrl: 'https://atelier.test', now: NOW });
    const content = createContentService({ db: database.db });
    const dashboard = await loadAnalyticsDashboard(
      { analytics: createAnalyticsService({ db: database.db }), content },
      { days: 90, now: NOW },
    );
    expect(dashboard.totals.pageViews).toBeGreaterThan(1000);
    expect(dashboard.traffic.every((day) => day.pageViews > 0)).toBe(true);
    expect(dashboard.topStories).toHaveLength(10);
    expect(dashboard.topStories.every((story) => story.slug !== null)).toBe(true);
    expect(dashboard.funnel.map((row) => row.wallVariant)).toEqual(expect.arrayContaining(['registration_wall', 'pay_wall']));
    expect(dashboard.funnel.find((row) => row.wallVariant === 'registration_wall')!.registrations).toBeGreaterThan(0);
    expect(dashboard.funnel.find((row) => row.wallVariant === 'pay_wall')!.purchases).toBeGreaterThan(0);
    expect(dashboard.funnel.find((row) => row.wallVariant === 'pay_wall')!.offers.map((o) => o.offerVariant)).toEqual(
      expect.arrayContaining(['standard_trial', 'annual_trial']),
    );
    expect(dashboard.totals.newsletterSignups).toBeGreaterThan(0);
    const rows = await database.db.select({ appId: analyticsEvents.appId }).from(analyticsEvents);
    expect(rows.length).toBe(seeded.events);
    expect(rows.every((row) => row.appId === DEMO_APP_ID)).toBe(true);
  });
});
