// Issue 8's dashboard in Chromium: a reader's page views go through the real tracker and the
// collector into /admin/analytics/, which an admin (the demo admin account) opens after signing in,
// reads as charts with their tables, and switches between periods. Also: the sign-in, registration
// and account screens send their catalogue events, and the consent banner's view is sent only once
// analytics is accepted.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import {
  completeOneMoreStep,
  createAccount,
  emailedCode,
  expect,
  expectAccessible,
  newEmail,
  presetConsent,
  test,
  TEST_PASSWORD,
} from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

/** The demo admin (src/demo/accounts.ts DEMO_ACCOUNTS; created at start-up outside prod). */
const ADMIN = { email: 'admin@example.com', password: 'atelier-demo' };
const COLLECTOR_POST = '/com.snowplowanalytics.snowplow/tp2';
const THIRD_PARTIES = ['https://connect.facebook.net/', 'https://snap.licdn.com/', 'https://tags.atelier.test/'];

interface RecentEvent {
  eventName: string;
  data: Record<string, unknown> | null;
  userId: string | null;
  domainUserid: string | null;
}

async function stubThirdParties(page: Page) {
  for (const origin of THIRD_PARTIES)
    await page.route(`${origin}**`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* stub */' }));
}

async function domainUserId(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name.startsWith('_sp_id.'))?.value.split('.')[0];
}

/** The events the collector stored for this browser (its Snowplow domain user id). */
async function eventsOf(request: APIRequestContext, context: BrowserContext): Promise<RecentEvent[]> {
  const duid = await domainUserId(context);
  if (!duid) return [];
  const response = await request.get('/_dev/analytics/recent.json?limit=500');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { events: RecentEvent[] }).events.filter((e) => e.domainUserid === duid);
}

const namesOf = async (request: APIRequestContext, context: BrowserContext) => (await eventsOf(request, context)).map((e) => e.eventName);

/** Console errors and uncaught exceptions of a page made outside the `page` fixture (which watches its own). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A 403 page logs its own document as a failed resource.
    if (message.type() === 'error' && !(message.text().startsWith('Failed to load resource') && message.location().url === page.url()))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A browser context whose reader already accepted analytics (no banner over the forms). */
async function analyticsContext(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL });
  await presetConsent(context, baseURL, ['nonessential']);
  const page = await context.newPage();
  await stubThirdParties(page);
  return { context, page, errors: watchErrors(page) };
}

/** A new account, signed in through the identity API with the page's own cookies (as e2e/session.spec.ts does). */
async function signInThroughApi(page: Page, request: APIRequestContext) {
  const email = await createAccount(request);
  const started = await page.request.get('/identity/self-service/login/browser', { headers: { accept: 'application/json' } });
  const flow = (await started.json()) as { id: string; ui: { nodes: Array<{ attributes: { name?: string; value?: unknown } }> } };
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
  const done = await page.request.post(`/identity/self-service/login?flow=${flow.id}`, {
    headers: { accept: 'application/json' },
    data: { method: 'password', identifier: email, password: TEST_PASSWORD, csrf_token: csrf },
  });
  expect(done.status(), await done.text()).toBe(200);
}

async function signInAsAdmin(page: Page, request: APIRequestContext) {
  await page.goto('/admin/analytics/?days=7');
  // Signed out: the sign-in screen (its flow keeps where to come back to), whose view is sent
  // before the form leaves the page.
  await expect(page).toHaveURL(/\/user\/login\/\?flow=/);
  await expect.poll(() => namesOf(request, page.context()), { timeout: 30_000 }).toContain('user_view_sign_in');
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\/\?days=7$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
}

const trafficFigure = (page: Page) => page.locator('#traffic figure');

/** Page views on the newest day (today) in the traffic chart's table. */
async function todaysPageViews(page: Page): Promise<number> {
  const figure = trafficFigure(page);
  const details = figure.locator('details');
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.locator('summary').click();
  const cell = figure.locator('tbody tr').last().locator('td').first();
  return Number((await cell.textContent())!.replace(/,/g, ''));
}

test('a reader’s page views reach the dashboard, which an admin reads as charts and tables and switches by period', async ({
  browser,
  baseURL,
  request,
}) => {
  // The admin signs in from the dashboard's own redirect and sees the demo data.
  const admin = await analyticsContext(browser, baseURL!);
  await signInAsAdmin(admin.page, request);
  const dashboard = admin.page;
  await expect(dashboard.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: '7 days' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  for (const name of [
    'Page views and visitors',
    'Top stories',
    'Walls: impressions to registrations and purchases',
    'Newsletter sign-ups',
  ]) {
    await expect(dashboard.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(dashboard.getByRole('img', { name: /Page views and visitors per day, last 7 days/ })).toBeVisible();
  await expect(dashboard.getByRole('img', { name: /Newsletter sign-ups per day, last 7 days/ })).toBeVisible();
  // Top stories and the funnel are lists of labelled bars (the demo data fills them).
  await expect(dashboard.getByRole('figure', { name: /most-read stories of the last 7 days/ }).getByRole('listitem')).toHaveCount(10);
  const funnel = dashboard.getByRole('figure', { name: /Each wall variant of the last 7 days/ });
  await expect(funnel.locator('.funnel__title', { hasText: 'Registration wall' })).toBeVisible();
  await expect(funnel.locator('.funnel__title', { hasText: 'Pay wall' })).toBeVisible();
  const before = await todaysPageViews(dashboard);
  // The admin's sign-in reached the collector too, signed with the user id.
  await expect.poll(() => namesOf(request, admin.context), { timeout: 30_000 }).toContain('user_complete_login');
  expect((await eventsOf(request, admin.context)).find((e) => e.eventName === 'user_complete_login')?.userId).toMatch(/^\d+$/);

  // A reader: the banner first (nothing sent), then "Accept all", the home page and a story.
  const readerContext = await browser.newContext({ baseURL });
  const reader = await readerContext.newPage();
  const readerErrors = watchErrors(reader);
  await stubThirdParties(reader);
  const collectorRequests: string[] = [];
  reader.on('request', (r) => {
    if (new URL(r.url()).pathname === COLLECTOR_POST || THIRD_PARTIES.some((origin) => r.url().startsWith(origin)))
      collectorRequests.push(r.url());
  });
  await reader.goto('/');
  const banner = reader.getByRole('region', { name: 'Your privacy' });
  await expect(banner).toBeVisible();
  await expect(reader.locator('html')).toHaveAttribute('data-analytics', 'pending');
  expect(collectorRequests, 'no tracking request while the banner asks').toEqual([]);
  await banner.getByRole('button', { name: 'Accept all' }).click();
  const storyLink = reader.locator('.card__headline a').first();
  const headline = (await storyLink.textContent())!.trim();
  await storyLink.click();
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(headline);
  // The banner's view was queued before the decision and sent after it, before the decision's own event.
  await expect
    .poll(() => namesOf(request, readerContext), { timeout: 30_000 })
    .toEqual(expect.arrayContaining(['page_view', 'user_view_consent', 'user_submit_consent', 'user_view_article']));
  const readerEvents = await eventsOf(request, readerContext);
  expect(readerEvents.find((e) => e.eventName === 'user_view_consent')?.data).toEqual({
    consent_variant: 'banner',
    interaction_mode: 'non-blocking',
  });
  const pageViews = readerEvents.filter((e) => e.eventName === 'page_view').length;
  expect(pageViews).toBeGreaterThanOrEqual(2);

  // Signed in without the admin role: refused, not sent round in circles.
  await signInThroughApi(reader, request);
  const refused = await reader.goto('/admin/analytics/');
  expect(refused?.status()).toBe(403);
  await expect(reader.getByRole('heading', { level: 1, name: 'This page is for administrators' })).toBeVisible();
  expect(readerErrors, 'console errors on the reader’s pages').toEqual([]);
  await readerContext.close();

  // Back on the dashboard: today's page views now include the reader's.
  await dashboard.reload();
  expect(await todaysPageViews(dashboard)).toBeGreaterThanOrEqual(before + pageViews);
  await expectAccessible(dashboard);

  // Another period: the link moves the current marker and the tables grow to 90 days.
  await dashboard.getByRole('link', { name: '90 days' }).click();
  await expect(dashboard).toHaveURL(/\?days=90$/);
  await expect(dashboard.getByRole('link', { name: '90 days' })).toHaveAttribute('aria-current', 'page');
  await expect(dashboard.getByRole('img', { name: /Page views and visitors per day, last 90 days/ })).toBeVisible();
  await trafficFigure(dashboard).locator('summary').click();
  await expect(trafficFigure(dashboard).locator('tbody tr')).toHaveCount(90);
  await expect(dashboard.locator('#walls tbody th').first()).toHaveText(/wall/i);
  await expectAccessible(dashboard);
  expect(admin.errors, 'console errors on the dashboard').toEqual([]);
  await admin.context.close();
});

test('registration, one-more-step, welcome and account saves send their events', async ({ browser, baseURL, request }) => {
  const { context, page, errors } = await analyticsContext(browser, baseURL!);
  const email = newEmail();
  const names = () => namesOf(request, context);
  // Each screen's events are awaited before the next full page load: what a page queued before the
  // tracker library arrived would go with it (a person takes longer than a test to type).
  await page.goto('/user/register/');
  await expect.poll(names, { timeout: 30_000 }).toContain('user_view_sign_in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect.poll(names, { timeout: 30_000 }).toContain('user_complete_registration');
  await page.getByLabel('Confirmation code').fill(await emailedCode(request, email, 'verification_code'));
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await page.getByRole('link', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/user\/one-more-step\//);
  await expect.poll(names, { timeout: 30_000 }).toContain('user_view_one_more_step');
  await completeOneMoreStep(page);
  await expect(page).toHaveURL(/\/user\/welcome\//);
  await expect.poll(names, { timeout: 30_000 }).toEqual(expect.arrayContaining(['user_submit_one_more_step', 'user_view_welcome']));

  await page.goto('/user/account/');
  await page.getByLabel('Organisation').fill('Maison Okafor-Mills');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();

  await expect.poll(names, { timeout: 30_000 }).toContain('user_submit_account_settings');
  const events = await eventsOf(request, context);
  const named = (name: string) => events.filter((e) => e.eventName === name);
  // Once each, however many pages the flow took.
  expect(named('user_complete_registration')).toHaveLength(1);
  expect(named('user_complete_registration')[0]!.userId).toMatch(/^\d+$/);
  expect(named('user_view_sign_in').map((e) => e.data)).toContainEqual({ api: 'registration' });
  expect(named('user_submit_one_more_step')[0]!.data).toEqual({ flow: 'default' });
  expect(named('user_submit_account_settings').map((e) => e.data)).toEqual([{ section: 'details' }]);
  expect(errors, 'console errors').toEqual([]);
  await context.close();
});
