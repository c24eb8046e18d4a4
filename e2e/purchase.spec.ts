// Buying a membership in a real browser (issue 7): a registered reader meets the pay wall on a
// premium story, follows its call to action to the payment page, starts the trial with the
// sandbox's success card, comes back and reads the story in full. A 3-D Secure card passes its
// challenge; a declined card shows a clear message and keeps what was typed (but not the card).
// After buying, the membership page shows the trial's end date and the card, and replaces the card.
// The card number never travels to our own action: only to the sandbox's tokenisation endpoint.
import { expect, expectAccessible, premiumStory, signInOnScreen, test } from './fixtures.ts';
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
} from './purchase-steps.ts';

test.describe.configure({ timeout: 180_000 });

const SANDBOX_TOKENS = '/_sandbox/billing/tokens';

test('a registered reader meets the pay wall, starts a trial with the success card, reads the story in full and sees the trial and card on the membership page', async ({
  page,
  request,
  baseURL,
}) => {
  const leaks = watchCardNumbers(page, ['4242424242424242', '5555555555554444'], SANDBOX_TOKENS);
  const story = await premiumStory(page);
  const email = await newReader(page, request, `${baseURL}${story}`, { confirmAddress: true });
  await expect(page).toHaveURL(new RegExp(`${story}$`));
  const wall = page.locator('aside.wall--pay');
  await expect(wall).toBeVisible();
  await expect(page.locator('.story__body p')).toHaveCount(2);

  await wall.getByRole('link', { name: /free trial|annual offer/ }).click();
  await expect(page).toHaveURL(/\/subscriptions\/individuals\/payment\/\?plan=/);
  await expect(page.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible();
  await expect(page.getByText(/Free for \d+ days/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start free trial' })).toBeEnabled();
  await expectAccessible(page);

  await fillBillingDetails(page, { lastName: 'Okafor' });
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Your free trial has started');
  // §4 refresh-until-changed: the page waits for the new claims, and the header follows without a page load.
  await expect(page.getByRole('navigation', { name: 'Account' }).getByText('Member', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Subscribe' })).toHaveCount(0);
  await expectAccessible(page);
  const trialEnds = /runs until (\d{1,2} \w+ \d{4})/.exec((await page.getByRole('status').textContent()) ?? '')?.[1];
  expect(trialEnds).toBeTruthy();

  await page.getByRole('link', { name: 'Back to the story' }).click();
  await expect(page).toHaveURL(new RegExp(`${story}$`));
  await expect(page.locator('aside.wall')).toHaveCount(0);
  expect(await page.locator('.story__body p').count()).toBeGreaterThan(2);

  // The membership page: the trial with its end date, the card on file, and "Update card".
  await page.goto('/user/account/');
  await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Membership' }).click();
  await expect(page).toHaveURL(/\/user\/membership\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your membership' })).toBeVisible();
  await expect(page.getByText(`Free trial, until ${trialEnds}`)).toBeVisible();
  await expect(page.locator('.membership-card')).toContainText('Visa ending 4242');
  await expect(page.locator('.membership-card')).toContainText('12/2034');
  await expect(page.getByRole('button', { name: 'Update card' })).toBeEnabled();
  await expectAccessible(page);

  // Each invoice has a receipt to keep (issue 16): a printable page, only for its owner.
  await openNewestReceipt(page, 'Visa ending 4242');
  await expect(page.getByRole('row', { name: /^Total / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('receipt.png'), fullPage: true });
  const receiptUrl = page.url();
  await page.context().clearCookies();
  const stranger = await page.goto(receiptUrl);
  expect(stranger?.url()).toMatch(/\/user\/login\/|identity/);
  await signInOnScreen(page, { email, returnTo: `${baseURL}/user/membership/` });
  await expect(page.getByRole('heading', { level: 1, name: 'Your membership' })).toBeVisible();

  await updateCard(page, '5555 5555 5555 4444', 'MasterCard ending 4444');
  await expectAccessible(page);
  expect(leaks).toEqual([]);
});

test('a 3-D Secure card passes its challenge and the purchase completes', async ({ page, request, baseURL }) => {
  const leaks = watchCardNumbers(page, ['4000000000003220'], SANDBOX_TOKENS);
  await newReader(page, request, `${baseURL}/`, { confirmAddress: true });
  await page.goto('/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1');
  await fillBillingDetails(page, { lastName: 'Okafor' });
  await fillCard(page, '4000 0000 0000 3220');
  const challenge = await payAndMeetChallenge(page);
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Premium' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  expect(leaks).toEqual([]);
});

test('a declined card shows a clear message and keeps the form, without the card number', async ({ page, request, baseURL }) => {
  const leaks = watchCardNumbers(page, ['4000000000000002', '4242424242424242'], SANDBOX_TOKENS);
  await newReader(page, request, `${baseURL}/`, { confirmAddress: true });
  await page.goto('/subscriptions/individuals/payment/?plan=individuals_standard_monthly_v1');
  await fillBillingDetails(page, { lastName: 'Okafor', postcode: 'E1 6AN' });
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', PAY_BY_CARD).click();
  await expect(page.getByRole('alert')).toHaveText(DECLINED);
  await expectBillingDetailsKept(page, { lastName: 'Okafor', postcode: 'E1 6AN' });
  await expect(page.getByLabel('Expiry date')).toHaveValue('12/34');
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expectAccessible(page);

  // Another card then goes through.
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', PAY_BY_CARD).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  expect(leaks).toEqual([]);
});
