// Consent and analytics in Chromium (issue 8 "Must show"): the real @snowplow/browser-tracker
// against our collector, and nothing sent, no pixel or tag loaded, before consent.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

const COLLECTOR_POST = '/com.snowplowanalytics.snowplow/tp2';
const COLLECTOR_GET = '/i?';
/** Third-party scripts; answered here with empty stubs, so nothing leaves the machine. */
const THIRD_PARTY = {
  pixel: 'https://connect.facebook.net/',
  insight: 'https://snap.licdn.com/',
  tags: 'https://tags.atelier.test/',
} as const;

interface RecentEvent {
  eventId: string;
  appId: string | null;
  event: string;
  eventName: string;
  schema: string | null;
  data: Record<string, unknown> | null;
  trackerVersion: string;
  domainUserid: string | null;
  pageUrl: string | null;
}
interface Recent {
  events: RecentEvent[];
  badRows: { reason: string; raw: string; source: string }[];
}

async function stubThirdParties(page: Page) {
  for (const origin of Object.values(THIRD_PARTY)) {
    await page.route(`${origin}**`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* stub */' }));
  }
}

/** Every request that would be tracking: our collector, the pixel, the insight tag, the tag manager. */
function watchTracking(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    const { pathname, search } = new URL(url);
    if (
      pathname === COLLECTOR_POST ||
      `${pathname}?` === COLLECTOR_GET ||
      (pathname === '/i' && search) ||
      Object.values(THIRD_PARTY).some((origin) => url.startsWith(origin))
    )
      seen.push(url);
  });
  return {
    seen,
    collector: () => seen.filter((url) => url.includes(COLLECTOR_POST) || new URL(url).pathname === '/i'),
    from: (origin: string) => seen.filter((url) => url.startsWith(origin)),
  };
}

async function recent(request: APIRequestContext): Promise<Recent> {
  const response = await request.get('/_dev/analytics/recent.json?limit=500');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Recent;
}

/** This browser's Snowplow domain user id, from the tracker's own cookie. */
async function domainUserId(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name.startsWith('_sp_id.'));
  return cookie?.value.split('.')[0];
}

async function openMembersStory(page: Page): Promise<string> {
  const card = page.locator('.card', { has: page.locator('.badge', { hasText: /^Members$/ }) }).first();
  const link = card.locator('.card__headline a');
  const headline = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
  return new URL(page.url()).pathname;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Your privacy' });

test('before consent nothing is tracked; "Accept all" starts the tracker, pixel and tags; withdrawing stops them', async ({
  page,
  context,
}) => {
  await stubThirdParties(page);
  const tracking = watchTracking(page);

  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-analytics', 'pending');
  await expectAccessible(page);
  await openMembersStory(page);
  await expect(page.getByRole('heading', { name: 'This story is for members' })).toBeVisible();
  expect(tracking.seen, 'tracking requests before consent').toEqual([]);
  expect(
    (await context.cookies()).map((c) => c.name).filter((name) => name.startsWith('_sp_') || name === 'cc_cookie' || name === 'sp'),
  ).toEqual([]);

  const recorded = page.waitForResponse((response) => response.url().endsWith('/api/consent') && response.request().method() === 'POST');
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect((await recorded).status()).toBe(201);
  await expect(page.locator('html')).toHaveAttribute('data-analytics', 'active');
  await expect.poll(() => tracking.collector().length, { message: 'collector requests after consent' }).toBeGreaterThan(0);
  await expect.poll(() => tracking.from(THIRD_PARTY.pixel).length).toBe(1);
  await expect.poll(() => tracking.from(THIRD_PARTY.insight).length).toBe(1);
  await expect.poll(() => tracking.from(THIRD_PARTY.tags).length).toBe(1);
  expect(tracking.from(THIRD_PARTY.tags)[0]).toBe('https://tags.atelier.test/gtm.js?id=GTM-TEST001');

  const cookies = await context.cookies();
  const consentCookie = cookies.find((c) => c.name === 'cc_cookie');
  expect(JSON.parse(decodeURIComponent(consentCookie!.value)).categories).toEqual(['nonessential', 'embeds']);
  expect(consentCookie).toMatchObject({ path: '/', sameSite: 'Lax' });
  const visitor = cookies.find((c) => c.name.startsWith('_sp_id.'));
  expect(visitor).toMatchObject({ path: '/', sameSite: 'Lax' });
  // The tracker asks for two years (§9); Chromium caps every cookie at 400 days.
  expect(visitor!.expires - Date.now() / 1000).toBeGreaterThan(400 * 86_400 - 600);

  // The tag manager queue got the defaults first and the update after the decision.
  const consentCommands = await page.evaluate(() =>
    ((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry))
      .filter((entry) => entry[0] === 'consent'),
  );
  expect(consentCommands[0]).toEqual([
    'consent',
    'default',
    expect.objectContaining({ analytics_storage: 'denied', embeds_storage: 'denied' }),
  ]);
  expect(consentCommands.at(-1)).toEqual([
    'consent',
    'update',
    expect.objectContaining({
      analytics_storage: 'granted',
      ad_storage: 'granted',
      security_storage: 'granted',
      embeds_storage: 'granted',
    }),
  ]);

  // Withdraw from the footer: the popup, keyboard-operable, focus inside it.
  await page.getByRole('button', { name: 'Cookie preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Analytics and advertising' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'Analytics and advertising' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save preferences' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('data-analytics', 'deactivated');
  await expect(page.locator('html')).toHaveAttribute('data-analytics', 'deactivated');
  const flags = await page.evaluate(() =>
    ((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry))
      .filter((entry) => entry[0] === 'consent')
      .at(-1),
  );
  expect(flags).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'denied', embeds_storage: 'granted' })]);

  // The next page view is refused by the proxy (logged) and nothing reaches the collector.
  tracking.seen.length = 0;
  const refused = page.waitForEvent('console', (message) => message.text().includes('Track called on deactivated tracker'));
  await page.getByRole('link', { name: 'Atelier home' }).click();
  await refused;
  await openMembersStory(page);
  expect(tracking.seen, 'tracking requests after withdrawal').toEqual([]);
  expect((await context.cookies()).filter((c) => c.name.startsWith('_sp_'))).toEqual([]);
});

test('the real tracker sends page views and custom events that arrive decoded and valid; a malformed payload is a bad row', async ({
  page,
  context,
  request,
}) => {
  await stubThirdParties(page);
  await page.goto('/?utm_source=e2e&utm_medium=browser');
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  const storyPath = await openMembersStory(page);
  await page.locator('.wall').scrollIntoViewIfNeeded();

  await expect.poll(async () => Boolean(await domainUserId(context))).toBe(true);
  const duid = await domainUserId(context);
  const mine = async () => (await recent(request)).events.filter((e) => e.domainUserid === duid);
  const names = async () => (await mine()).map((e) => e.eventName);
  await expect
    .poll(names, { timeout: 30_000 })
    .toEqual(
      expect.arrayContaining(['page_view', 'user_submit_consent', 'user_view_article', 'user_view_wall', 'user_view_article_scroll']),
    );

  const events = await mine();
  for (const e of events) {
    expect(e.appId).toBe('test-global-9.36.0');
    expect(e.trackerVersion).toMatch(/^js-4\./);
  }
  const pageViews = events.filter((e) => e.eventName === 'page_view');
  // The landing page (queued before consent) and the story.
  expect(pageViews.map((e) => e.data?.page_path)).toEqual(expect.arrayContaining(['/', storyPath]));
  const landing = pageViews.find((e) => e.data?.page_path === '/');
  expect(landing?.data).toMatchObject({ utm_source: 'e2e', utm_medium: 'browser', page_query: 'utm_source=e2e&utm_medium=browser' });
  const article = events.find((e) => e.eventName === 'user_view_article');
  expect(article?.schema).toBe('iglu:com.atelier/user_view_article/jsonschema/1-0-0');
  expect(article?.data).toMatchObject({ article_id: expect.any(String), topic_id: expect.any(String), wall_variant: 'pay_wall' });
  expect(events.find((e) => e.eventName === 'user_view_wall')?.data).toMatchObject({
    wall_variant: 'pay_wall',
    offer_variant: expect.any(String),
    article_id: article?.data?.article_id,
  });
  expect(events.find((e) => e.eventName === 'user_submit_consent')?.data).toMatchObject({
    consent_state: ['nonessential', 'embeds'],
    consent_variant: 'banner',
  });
  await expect
    .poll(async () => (await mine()).filter((e) => e.eventName === 'user_view_article_scroll').map((e) => e.data?.percentage))
    .toEqual(expect.arrayContaining([0, 100]));

  // The packages page and a topic page send their views too (docs/analytics.md "Sent by each screen").
  const dataOf = async (name: string) => (await mine()).filter((e) => e.eventName === name).map((e) => e.data);
  await page.goto('/subscriptions/packages/');
  await expect
    .poll(() => dataOf('user_view_packages'))
    .toEqual([expect.objectContaining({ offer_variant: 'individual', currency: expect.any(String) })]);
  await page.goto(`/topics/${String(article?.data?.topic_id)}/`);
  await expect
    .poll(() => dataOf('user_view_topic'))
    .toEqual([expect.objectContaining({ topic_id: article?.data?.topic_id, topic_label: expect.any(String) })]);

  // A malformed payload: kept as a bad row with its reason, answered 400 (the tracker drops it).
  const marker = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const bad = await request.post(COLLECTOR_POST, {
    headers: { 'content-type': 'application/json' },
    data: Buffer.from(`{"schema":"${marker}","data":[`),
  });
  expect(bad.status()).toBe(400);
  const row = (await recent(request)).badRows.find((r) => r.raw.includes(marker));
  expect(row).toMatchObject({ reason: 'body is not JSON', source: 'post' });
});

test('the banner is reachable by keyboard after the skip link, and deciding moves focus to the content', async ({ page, context }) => {
  await page.goto('/legal/');
  await expect(banner(page)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('link', { name: 'Privacy policy' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Accept all' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Reject non-essential' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toHaveCount(0);
  await expect(page.locator('main')).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('data-analytics', 'deactivated');
  const consent = (await context.cookies()).find((c) => c.name === 'cc_cookie');
  expect(JSON.parse(decodeURIComponent(consent!.value)).categories).toEqual([]);

  // Remembered: the next page does not ask again.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-analytics', 'deactivated');
  await expect(banner(page)).toHaveCount(0);
});

test('Escape closes the preferences popup without deciding and returns focus to its opener', async ({ page }) => {
  await page.goto('/legal/');
  const preferences = banner(page).getByRole('button', { name: 'Preferences' });
  await preferences.click();
  const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Essential' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(preferences).toBeFocused();
  await expect(banner(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-analytics', 'pending');
});
