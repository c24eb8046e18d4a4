// Paying with the wallet in a real browser (issue 7 "A wallet button where a wallet merchant id is
// set"; the e2e server runs with WALLET_MERCHANT_ID, see playwright.config.ts). A signed-in reader on
// the payment page finds "Pay with wallet" above the card fields, reaches it from the billing details
// with the keyboard, is told next to the field when the last name is missing, then pays with the
// wallet: the sandbox stands in for the wallet's sheet, and our action receives its token only. The
// confirmation follows, and the membership page shows the wallet's card.
import type { Page } from '@playwright/test';
import { createAccount, expect, expectAccessible, newEmail, presetConsent, signInOnScreen, test } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

const PAGE = '/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1&country=GB';

/** A screenshot at desktop width and one at phone width, for looking at the page as a person would. */
async function photograph(page: Page, name: string) {
  const desktop = page.viewportSize();
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

test('a signed-in reader pays with the wallet button, sees the confirmation and the wallet card on the membership page', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  // The consent banner overlays the bottom of the page; decided already, so it covers nothing.
  await presetConsent(context, baseURL!);
  const email = newEmail();
  await createAccount(request, { email });
  await signInOnScreen(page, { email, returnTo: `${baseURL}${PAGE}` });
  await expect(page).toHaveURL(/\/subscriptions\/individuals\/payment\/\?plan=individuals_premium_yearly_v1/);
  await expect(page.getByRole('heading', { level: 1, name: 'Join Premium' })).toBeVisible();

  // The posts to our own action (React Router sends them to `<path>.data`): what they carry.
  const purchasePosts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname.endsWith('.data')) purchasePosts.push(sent.postData() ?? '');
  });

  const wallet = page.getByRole('button', { name: 'Pay with wallet' });
  await expect(wallet).toBeEnabled();
  await expect(page.getByText('or pay by card', { exact: true })).toBeVisible();
  // Above the card fields.
  const walletBox = (await wallet.boundingBox())!;
  const cardBox = (await page.getByLabel('Card number').boundingBox())!;
  expect(walletBox.y + walletBox.height).toBeLessThan(cardBox.y);
  await expectAccessible(page);
  await photograph(page, 'wallet-payment');

  // The billing details are still required: without a last name the wallet's payment is refused, in words, next to the field.
  await page.getByLabel('Last name').fill('');
  await wallet.click();
  await expect(page.getByRole('alert')).toHaveText('Please check the highlighted fields.');
  await expect(page.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter your last name.')).toBeVisible();
  await expectAccessible(page);

  // From the last billing field, Tab reaches the wallet button; Enter pays.
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Currency').focus();
  await page.keyboard.press('Tab');
  await expect(wallet).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Premium' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Your membership has started and renews on');
  await expectAccessible(page);
  // Our action got the wallet's token with the billing details, and no card.
  expect(purchasePosts).toHaveLength(2);
  for (const body of purchasePosts) {
    const fields = new URLSearchParams(body);
    expect(fields.get('cardToken')).toMatch(/^sbx_wtok_/);
    expect(fields.get('countryCode')).toBe('GB');
    expect(body).not.toContain('4242424242424242');
  }
  expect(new URLSearchParams(purchasePosts[1]).get('lastName')).toBe('Okafor');

  await page.goto('/user/membership/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your membership' })).toBeVisible();
  await expect(page.locator('.membership-card')).toContainText('Visa ending 4242 (wallet)');
  await expectAccessible(page);
});
