// Buying a membership in a real browser (issue 7): a registered reader meets the pay wall on a
// premium story, follows its call to action to the payment page, starts the trial with the
// sandbox's success card, comes back and reads the story in full. A 3-D Secure card passes its
// challenge; a declined card shows a clear message and keeps what was typed (but not the card).
// After buying, the membership page shows the trial's end date and the card, and replaces the card.
// The card number never travels to our own action: only to the sandbox's tokenisation endpoint.
import type { Page, Request } from '@playwright/test';
import { confirmOnScreen } from './confirm-address.ts';
import { createAccount, expect, expectAccessible, newEmail, premiumStory, signInOnScreen, test } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

/** The card form's button ("Pay £300.00"), not "Pay with wallet" above the card fields (WALLET_MERCHANT_ID is set for the e2e server). */
const PAY_BY_CARD = { name: /^Pay \D*\d/ };

/** Every request the page sends that carries a card number, except to the provider's tokenisation endpoint. */
function watchCardNumbers(page: Page, numbers: string[]): string[] {
  const leaks: string[] = [];
  page.on('request', (request: Request) => {
    const body = request.postData() ?? '';
    const url = request.url();
    if (url.includes('/_sandbox/billing/tokens')) return;
    for (const number of numbers) if (body.includes(number) || url.includes(number)) leaks.push(`${request.method()} ${url}`);
  });
  return leaks;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
}

async function newReader(page: Page, request: Parameters<typeof createAccount>[0], returnTo: string) {
  const email = newEmail();
  await createAccount(request, { email });
  // A registered reader confirmed the address when signing up (a membership waits for it: decision 040).
  await page.goto('/user/confirm-email');
  await confirmOnScreen(page, request, email);
  await signInOnScreen(page, { email, returnTo });
  return email;
}

test('a registered reader meets the pay wall, starts a trial with the success card, reads the story in full and sees the trial and card on the membership page', async ({
  page,
  request,
  baseURL,
}) => {
  const leaks = watchCardNumbers(page, ['4242424242424242', '5555555555554444']);
  const story = await premiumStory(page);
  const email = await newReader(page, request, `${baseURL}${story}`);
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

  await page.getByLabel('Last name').fill('Okafor');
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
  await page
    .getByRole('region', { name: 'Invoices' })
    .getByRole('link', { name: /^Receipt for / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Receipt [0-9A-F]{8}$/ })).toBeVisible();
  await expect(page.getByText('Visa ending 4242')).toBeVisible();
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

  await fillCard(page, '5555 5555 5555 4444');
  await page.getByRole('button', { name: 'Update card' }).click();
  await expect(page.getByRole('status')).toContainText('MasterCard ending 4444 will be used from now on');
  await expect(page.locator('.membership-card')).toContainText('MasterCard ending 4444');
  await expectAccessible(page);
  expect(leaks).toEqual([]);
});

test('a 3-D Secure card passes its challenge and the purchase completes', async ({ page, request, baseURL }) => {
  const leaks = watchCardNumbers(page, ['4000000000003220']);
  await newReader(page, request, `${baseURL}/`);
  await page.goto('/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1');
  await page.getByLabel('Last name').fill('Okafor');
  await fillCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', PAY_BY_CARD).click();
  const challenge = page.getByRole('region', { name: 'Confirm it is you' });
  await expect(challenge).toBeVisible();
  await expectAccessible(page);
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Premium' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  expect(leaks).toEqual([]);
});

test('a declined card shows a clear message and keeps the form, without the card number', async ({ page, request, baseURL }) => {
  const leaks = watchCardNumbers(page, ['4000000000000002', '4242424242424242']);
  await newReader(page, request, `${baseURL}/`);
  await page.goto('/subscriptions/individuals/payment/?plan=individuals_standard_monthly_v1');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Postcode').fill('E1 6AN');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', PAY_BY_CARD).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please use a different card, or contact your bank.');
  await expect(page.getByLabel('Last name')).toHaveValue('Okafor');
  await expect(page.getByLabel('Postcode')).toHaveValue('E1 6AN');
  await expect(page.getByLabel('Expiry date')).toHaveValue('12/34');
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expectAccessible(page);

  // Another card then goes through.
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', PAY_BY_CARD).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  expect(leaks).toEqual([]);
});
