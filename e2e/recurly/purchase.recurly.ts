// Buying with Recurly as the provider (decision 039), in a real browser against local stand-ins: the
// payment page loads Recurly.js (its stand-in, served here at BILLING_SCRIPT_URL) and react-recurly's card
// field, the card is tokenised in the browser, the token goes with the billing details, and the site's
// Recurly adapter pays with it at the API stand-in (recurly-api-stand-in.mjs). A card Recurly.js refuses
// shows our words next to the card and keeps the billing details; a 3-D Secure card runs Recurly's
// challenge (ThreeDSecureAction) and the same purchase resumes with its result token; the membership
// page's "Update card" takes its card through Recurly.js too. Recurly.js is in the CSP of those pages
// only, and a reading page never loads it.
import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { expect, expectAccessible, newEmail, premiumStory, presetConsent, test, TEST_PASSWORD } from '../fixtures.ts';
import {
  DECLINED,
  expectBillingDetailsKept,
  fillBillingDetails,
  fillCard,
  newReader,
  openNewestReceipt,
  PAY_BY_CARD,
  payAndMeetChallenge,
  updateCard,
  watchCardNumbers,
} from '../purchase-steps.ts';

test.describe.configure({ timeout: 180_000 });

const SCRIPT_URL = 'https://js.recurly.test/v4/recurly.js';
const STAND_IN = readFileSync(new URL('./recurly-js-stand-in.js', import.meta.url), 'utf8');

/** Answers Recurly.js's address with the stand-in; the list of pages that asked for it. */
async function serveRecurlyJs(page: Page): Promise<string[]> {
  const askedBy: string[] = [];
  await page.route(SCRIPT_URL, (route) => {
    askedBy.push(new URL(page.url()).pathname);
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN });
  });
  return askedBy;
}

/** The card tokens our payment action received. */
function watchTokens(page: Page): string[] {
  const tokens: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.startsWith('/subscriptions/')) return;
    const token = new URLSearchParams(request.postData() ?? '').get('cardToken');
    if (token) tokens.push(token);
  });
  return tokens;
}

test('a reader pays with Recurly: the card is tokenised in the browser, the membership is granted and the receipt shown', async ({
  page,
  request,
  baseURL,
}) => {
  const askedBy = await serveRecurlyJs(page);
  // The stand-in tokenises in the page: no request may carry a card number.
  const leaks = watchCardNumbers(page, ['4242424242424242', '5555555555554444']);
  const tokens = watchTokens(page);
  await newReader(page, request, `${baseURL}/`);
  // A reading page: the site's CSP, and no Recurly.js.
  const home = await page.goto('/');
  expect(home?.headers()['content-security-policy']).not.toContain('js.recurly.test');
  expect(askedBy).toEqual([]);

  const response = await page.goto('/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src [^;]*https:\/\/js\.recurly\.test/);
  expect(csp).toMatch(/frame-src [^;]*https:\/\/api\.recurly\.com/);
  expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.recurly\.com/);
  await expect(page.getByRole('heading', { level: 1, name: 'Join Premium' })).toBeVisible();
  await expect(page.getByText('Card payments are not available')).toHaveCount(0);
  await expect(page.getByText('Test cards (sandbox)')).toHaveCount(0);
  await expect(page.getByLabel('Card number', { exact: true })).toBeVisible();
  expect(askedBy).toEqual(['/subscriptions/individuals/payment/']);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('recurly-payment.png'), fullPage: true });

  // Recurly.js refuses an expired card: our words next to the card, the billing details kept.
  await fillBillingDetails(page, { lastName: 'Okafor', postcode: 'E1 6AN' });
  await fillCard(page, '4242 4242 4242 4242', '01/20');
  await page.getByRole('button', PAY_BY_CARD).click();
  await expect(page.getByText('Enter a valid expiry date. A card past its expiry date cannot be used.')).toBeVisible();
  await expectBillingDetailsKept(page, { lastName: 'Okafor', postcode: 'E1 6AN' });
  expect(tokens).toEqual([]);
  await expectAccessible(page);

  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByRole('button', PAY_BY_CARD).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Premium' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByText('Member', { exact: true })).toBeVisible();
  expect(tokens).toHaveLength(1);
  expect(tokens[0]).toMatch(/^standin-424242-4242-122034-\w+$/);
  await expectAccessible(page);

  // The membership page: the card Recurly charged, and the receipt.
  await page.goto('/user/membership/');
  await expect(page.locator('.membership-card')).toContainText('Visa ending 4242');
  await openNewestReceipt(page, 'Visa ending 4242');
  await expectAccessible(page);

  // "Update card" takes its card through Recurly.js too: a new token, checked at Recurly, now on file.
  await page.goto('/user/membership/');
  await updateCard(page, '5555 5555 5555 4444', 'MasterCard ending 4444');
  await expect(page.getByLabel('Card number', { exact: true })).toHaveValue('');
  await expectAccessible(page);
  expect(leaks).toEqual([]);
});

test('a 3-D Secure card runs Recurly’s challenge and the same purchase resumes with its result', async ({ page, request, baseURL }) => {
  await serveRecurlyJs(page);
  const tokens = watchTokens(page);
  await newReader(page, request, `${baseURL}/`);
  // Reached by a client-side navigation, the page would run under the home page's CSP, which refuses
  // Recurly.js: it loads itself again as a document of its own (one reload), then draws the card.
  await page.goto('/');
  // The router exists once the page has hydrated, after its first paint (decision 060).
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
  await page.evaluate(() =>
    (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(
      '/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1',
    ),
  );
  await expect(page.getByLabel('Card number', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('reload');
  expect(new URL(page.url()).search).toBe('?plan=individuals_premium_yearly_v1');
  await fillBillingDetails(page, { lastName: 'Okafor' });
  await fillCard(page, '4000 0000 0000 3220');
  const challenge = await payAndMeetChallenge(page);
  await challenge.getByRole('button', { name: 'Confirm with the stand-in bank' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Premium' })).toBeVisible();
  // One token: the resumed purchase is the same attempt, with the challenge's result.
  expect(new Set(tokens).size).toBe(1);
});

test('a new reader from the pay wall creates an account and starts a trial with Recurly: the card is verified', async ({
  page,
  context,
  baseURL,
}) => {
  const askedBy = await serveRecurlyJs(page);
  const tokens = watchTokens(page);
  await presetConsent(context, baseURL!);
  const story = await premiumStory(page);
  await page.goto(story);
  await page
    .locator('aside.wall--pay')
    .getByRole('link', { name: /^(Start your free trial|See the annual offer)$/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Email address').fill(newEmail());
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();

  // However the form's answer brings the reader here, the payment page runs under its own CSP.
  await expect(page).toHaveURL(/\/subscriptions\/individuals\/payment\/\?/);
  await expect(page.getByLabel('Card number', { exact: true })).toBeVisible();
  expect(askedBy).toContain('/subscriptions/individuals/payment/');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Your free trial has started');
  expect(tokens).toHaveLength(1);
  await expectAccessible(page);
});

test('a card Recurly declines and a bank check refused are told in our words; the details stay, and another try goes through', async ({
  page,
  request,
  baseURL,
}) => {
  await serveRecurlyJs(page);
  const tokens = watchTokens(page);
  await newReader(page, request, `${baseURL}/`);
  await page.goto('/subscriptions/individuals/payment/?plan=individuals_standard_monthly_v1');
  await fillBillingDetails(page, { lastName: 'Okafor', postcode: 'E1 6AN' });

  // Declined at Recurly: the adapter's words, never Recurly's; what was typed stays.
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', PAY_BY_CARD).click();
  await expect(page.getByRole('alert')).toHaveText(DECLINED);
  await expectBillingDetailsKept(page, { lastName: 'Okafor', postcode: 'E1 6AN' });
  await expectAccessible(page);

  // The bank's check refused: our words, no challenge left on the page, and the button works again.
  await fillCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', PAY_BY_CARD).click();
  const challenge = page.getByRole('region', { name: 'Confirm it is you' });
  await challenge.getByRole('button', { name: 'Refuse at the stand-in bank' }).click();
  await expect(page.getByRole('alert')).toHaveText('The check with your bank did not finish. Please try again.');
  await expect(challenge).toHaveCount(0);
  await expectBillingDetailsKept(page, { postcode: 'E1 6AN' });

  // Another try: a new token and a new challenge, passed this time.
  await page.getByRole('button', PAY_BY_CARD).click();
  await challenge.getByRole('button', { name: 'Confirm with the stand-in bank' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Standard' })).toBeVisible();
  expect(new Set(tokens).size).toBe(3);
});
