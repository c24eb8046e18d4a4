// /admin/analytics/ over HTTP (inject, the built app): who may open it, and what an admin sees —
// the charts with their data tables, the period switcher, the empty states.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENTS } from '../../shared/analytics/events.ts';
import { createTestApp } from '../../test/app.ts';
import { signIn, signInAsSiteAdmin } from '../../test/graphql.ts';
import { analyticsEvents, type AnalyticsEventRow } from './schema.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;
const SITE = 'https://atelier.test';
const PATH = '/admin/analytics/';

let app: App;
let reader: Awaited<ReturnType<typeof signIn>>;
let adminCookie: string;

const page = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
/** The HTML without React's markers between adjacent text parts. */
const textOf = (html: string) => html.replaceAll('<!-- -->', '');
const today = () => new Date(Date.now() - 60_000);

function event(eventName: string, data: Record<string, unknown>, domainUserid = 'visitor-1'): AnalyticsEventRow {
  return {
    eventId: randomUUID(),
    platform: 'web',
    event: eventName === 'page_view' ? 'pv' : 'ue',
    eventName,
    schema: EVENTS[eventName as keyof typeof EVENTS].schema,
    data,
    trackerVersion: 'js-4.5.0',
    domainUserid,
    collectorTstamp: today(),
  };
}

beforeAll(async () => {
  app = await createTestApp({ SITE_URL: SITE });
  reader = await signIn(app);
  // Admin is metadata_admin.is_bof_admin (session/claims-source.ts); the tokens minted after carry it.
  const admin = await signInAsSiteAdmin(app);
  adminCookie = admin.cookie;
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await app.db.delete(analyticsEvents);
});

describe('who may open /admin/analytics/', () => {
  it('sends a signed-out visitor to sign in, coming back to the same period', async () => {
    const response = await page(`${PATH}?days=7`);
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), SITE);
    expect(location.pathname).toBe('/user/login/');
    expect(location.searchParams.get('return_to')).toBe(`${SITE}${PATH}?days=7`);
  });

  it('answers a signed-in reader without the admin role with a 403 page, not a redirect', async () => {
    const response = await page(PATH, reader.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('This page is for administrators');
    expect(response.body).not.toContain('Page views and visitors');
  });

  it('is not indexed', async () => {
    const response = await page(PATH, adminCookie);
    expect(response.body).toMatch(/<meta name="robots" content="noindex"/);
  });
});

describe('what an admin sees', () => {
  it('says what will appear when there is no data yet', async () => {
    const response = await page(PATH, adminCookie);
    expect(response.statusCode).toBe(200);
    const body = textOf(response.body);
    expect(body).toContain('No page views in the last 30 days yet.');
    expect(body).toContain('No stories read in the last 30 days yet.');
    expect(body).toContain('No walls shown in the last 30 days yet.');
    expect(body).toContain('No newsletter sign-ups in the last 30 days yet.');
    expect(body).not.toContain('<svg class="chart__svg"');
  });

  it('draws each chart with a title, a description and its numbers in a table', async () => {
    const [story] = await app.services.content.listLatest({ limit: 1 });
    await app.db
      .insert(analyticsEvents)
      .values([
        event('page_view', { page_path: '/', page_url: `${SITE}/` }, 'a'),
        event('page_view', { page_path: '/', page_url: `${SITE}/` }, 'b'),
        event('page_view', { page_path: `/articles/${story!.slug}/`, page_url: `${SITE}/articles/${story!.slug}/` }, 'a'),
        event('user_view_article', { article_id: story!.id }, 'a'),
        event('user_view_wall', { wall_variant: 'pay_wall', offer_variant: 'annual_trial', article_id: story!.id }, 'a'),
        event('user_purchased_subscription', { subscription_id: 'sub-1' }, 'a'),
        event('user_submit_newsletter_signup', { newsletter_ids: ['the-daily-digest'] }, 'b'),
      ]);
    const response = await page(`${PATH}?days=7`, adminCookie);
    expect(response.statusCode).toBe(200);
    const html = textOf(response.body);
    // Charts over time are images with a title and a description; every chart has a table to read instead.
    expect(html.match(/<svg class="chart__svg"[^>]*role="img"[^>]*aria-labelledby="[^"]+ [^"]+"/g)).toHaveLength(2);
    expect(html).toMatch(/<title id="[^"]+">Page views and visitors per day, last 7 days<\/title>/);
    expect(html).toMatch(/<title id="[^"]+">Newsletter sign-ups per day, last 7 days<\/title>/);
    expect(html.match(/<details class="chart__data">/g)).toHaveLength(4);
    expect(html).toContain('3 page views from 2 visitors.');
    // Top stories: a ranked list, the headline from the content service, linked.
    expect(html).toMatch(
      new RegExp(`<ol class="rank-bars"><li class="rank-bars__item"><span class="rank-bars__label"><a href="/articles/${story!.slug}/"`),
    );
    expect(html).toContain('<span class="visually-hidden"> views</span>');
    // The funnel names the wall and counts the purchase after it, in the list and the table.
    expect(html).toContain('<p class="funnel__title">Pay wall</p>');
    expect(html).toMatch(/<th scope="row">Pay wall<\/th><td>1<\/td><td>1<\/td><td>0 \(0%\)<\/td><td>1 \(100%\)<\/td>/);
    // Totals and the period switcher (7 days current).
    expect(html).toMatch(/<dt>Page views<\/dt><dd>3<\/dd>/);
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/admin\/analytics\/\?days=7"|<a[^>]*href="\/admin\/analytics\/\?days=7"[^>]*aria-current="page"/,
    );
    expect(html).toContain('href="/admin/analytics/?days=90"');
  });

  it('treats an unknown period as 30 days', async () => {
    const response = await page(`${PATH}?days=365`, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(textOf(response.body)).toContain('What readers did in the last 30 days');
  });
});
