// Issue 16, "The phone": every page the journeys visit, on a 390 px phone screen, is no wider than
// the screen (a wider page makes the browser zoom the whole site out) and passes axe. Signed out,
// as a new buyer from the payment page to the confirmation, as a member on every account page and
// the story's share and gift controls, and as the admin. Runs in the 'phone' project only.
import type { Page } from '@playwright/test';
import { createAccount, expect, expectAccessible, expectFitsScreen, newEmail, premiumStory, signInOnScreen, test } from './fixtures.ts';

test.describe.configure({ timeout: 240_000 });

/** Demo accounts (src/demo/accounts.ts DEMO_ACCOUNTS), created at start-up outside prod. */
const MEMBER = { email: 'standard@example.com', password: 'atelier-demo' };
const ADMIN = { email: 'admin@example.com', password: 'atelier-demo' };

test.beforeEach(async ({ page }) => {
  expect(page.viewportSize()?.width, 'the phone project’s screen').toBe(390);
});

/** Opens the page (or checks the one on screen) and asserts it fits the screen and passes axe. */
async function check(page: Page, path?: string, heading?: string | RegExp) {
  if (path) await page.goto(path);
  if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectFitsScreen(page);
  await expectAccessible(page);
}

async function firstLink(page: Page, selector: string): Promise<string> {
  const href = await page.locator(selector).first().getAttribute('href');
  if (!href) throw new Error(`no link for ${selector}`);
  return href;
}

// reading.spec.ts runs axe on the reading pages in this project already: here they must fit.
test('signed out: the reading pages fit a phone screen', async ({ page }) => {
  await page.goto('/');
  await expectFitsScreen(page);
  const story = await firstLink(page, '.card__headline a');
  const members = await premiumStory(page);
  await page.goto(story);
  await expectFitsScreen(page);
  const author = await firstLink(page, '.byline__names a');
  await page.goto(members);
  await expect(page.locator('aside.wall')).toBeVisible();
  await expectFitsScreen(page);
  for (const path of [author, '/topics/luxury/', '/series/bof-insights/', '/case-studies/', '/legal/', '/careers/', '/no-such-page/']) {
    await page.goto(path);
    await expectFitsScreen(page);
  }
});

test('signed out: the sign-in screens and the offers fit a phone screen', async ({ page }) => {
  for (const path of [
    '/user/login/',
    '/user/register/',
    '/user/recovery/',
    '/subscriptions/packages/',
    '/subscriptions/packages/students/',
    '/subscriptions/faq/',
    '/subscriptions/executive/',
    '/professional/',
    '/contact/media/',
  ]) {
    await check(page, path);
  }
});

test('a new buyer: the payment page, the confirmation and the membership pages fit a phone screen', async ({ page, request, baseURL }) => {
  const email = newEmail();
  await createAccount(request, { email });
  await signInOnScreen(page, {
    email,
    returnTo: `${baseURL}/subscriptions/individuals/payment/?plan=individuals_standard_monthly_v1&country=GB`,
  });
  await check(page, undefined, 'Join Standard monthly');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay \D*\d/ }).click();
  await check(page, undefined, 'Welcome to Standard monthly');
  await check(page, '/user/membership/');
  await check(page, '/subscriptions/upgrade/', 'Upgrade your membership');
  await check(page, '/subscriptions/cancel/');
  await check(page, '/subscriptions/students/validation/?plan=students_standard_monthly_v1');
});

test('a member: a story’s share and gift controls fit a phone screen', async ({ page, baseURL }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const story = await premiumStory(page);
  await signInOnScreen(page, { ...MEMBER, returnTo: `${baseURL}${story}` });
  await expect(page).toHaveURL(new RegExp(`${story}$`));
  await check(page);

  // Sharing on a phone: the copy button says so, and the gift dialog fits the screen too.
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('group', { name: 'Share' }).getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${story}`);
  await page.getByRole('button', { name: 'Share this story' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this story' });
  await expect(dialog.getByRole('textbox', { name: 'Gift link' })).toBeVisible();
  await check(page);
  await page.keyboard.press('Escape');
});

test('a member: the account pages and the account menu fit a phone screen', async ({ page, baseURL }) => {
  await signInOnScreen(page, { ...MEMBER, returnTo: `${baseURL}/user/account/` });
  await expect(page).toHaveURL(/\/user\/account\//);
  for (const path of [
    '/user/account/',
    '/user/membership/',
    '/user/following/',
    '/user/gifts/',
    '/user/welcome/',
    '/subscriptions/packages/',
  ]) {
    await check(page, path);
  }
  // The account menu in the masthead, open.
  await page.locator('.account-menu__toggle').click();
  await expect(page.getByRole('link', { name: 'Account details' })).toBeVisible();
  await expectFitsScreen(page);
});

test('the admin’s analytics fit a phone screen', async ({ page, baseURL }) => {
  await signInOnScreen(page, { ...ADMIN, returnTo: `${baseURL}/admin/analytics/` });
  await check(page, undefined, /analytics/i);
});
