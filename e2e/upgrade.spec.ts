// Upgrading a membership in a real browser (issue 7): a Standard monthly member (bought on the
// payment page with the sandbox's success card) goes from /user/membership/ to "Upgrade
// membership", chooses Premium, sees the proration preview — the new fee, the credit for the rest
// of the month, VAT and what is due today — pays it with the card on file, and the membership page
// shows Premium and the upgrade's invoice at the previewed amount. Every page passes axe.
import { createAccount, expect, expectAccessible, newEmail, signInOnScreen, test } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

test('a Standard member sees the proration preview, upgrades to Premium with the card on file, and is charged what it said', async ({
  page,
  request,
  baseURL,
}) => {
  const email = newEmail();
  await createAccount(request, { email });
  await signInOnScreen(page, {
    email,
    returnTo: `${baseURL}/subscriptions/individuals/payment/?plan=individuals_standard_monthly_v1&country=GB`,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Join Standard monthly' })).toBeVisible();
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay £30.00' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Standard monthly' })).toBeVisible();

  await page.goto('/user/membership/');
  await page.getByRole('link', { name: 'Upgrade membership' }).click();
  await expect(page).toHaveURL(/\/subscriptions\/upgrade\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade your membership' })).toBeVisible();
  await expect(page.getByText('You are a Standard monthly member, renewing on')).toBeVisible();
  const premium = page.getByRole('article', { name: 'Premium', exact: true });
  await expect(premium).toContainText('Then £540.00 a year, including 20 % VAT');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('upgrade-options.png'), fullPage: true });

  await premium.getByRole('link', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/subscriptions\/upgrade\/payment\/\?plan=individuals_premium_yearly_v1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upgrade to Premium' })).toBeVisible();
  const preview = page.getByTestId('upgrade-preview');
  await expect(preview.getByRole('definition').first()).toHaveText('£450.00');
  const credit = money(
    (await preview.locator('div', { hasText: 'Credit for the rest of Standard monthly' }).getByRole('definition').textContent()) ?? '',
  );
  // £25 paid (before VAT) for a month that has only just begun: nearly all of it comes back.
  expect(credit).toBeGreaterThan(24.9);
  expect(credit).toBeLessThanOrEqual(25);
  const vat = money((await preview.locator('div', { hasText: '20 % VAT' }).getByRole('definition').textContent()) ?? '');
  const due = money((await preview.locator('.payment__due dd').textContent()) ?? '');
  expect(vat).toBeCloseTo((450 - credit) * 0.2, 1);
  expect(due).toBeCloseTo(450 - credit + vat, 2);
  await expect(page.getByText('It then renews at £540.00 a year (£45.00 a month), tax included')).toBeVisible();
  await expect(page.getByText('We will charge your Visa ending 4242')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('upgrade-preview.png'), fullPage: true });
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('upgrade-preview-phone.png'), fullPage: true });
  await page.setViewportSize(desktop);

  const dueText = `£${due.toFixed(2)}`;
  // On a phone the confirmation replaces a long page: it must be focused and in view (issue 16).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: `Pay ${dueText} and upgrade` }).click();
  const welcome = page.getByRole('heading', { level: 1, name: 'Welcome to Premium' });
  await expect(welcome).toBeVisible();
  await expect(welcome).toBeInViewport();
  await expect(page.locator('.upgrade__confirmation')).toBeFocused();
  await expect(page.getByRole('status')).toContainText(`we charged ${dueText}`);
  await page.screenshot({ path: test.info().outputPath('upgrade-welcome-phone.png') });
  await page.setViewportSize(desktop);
  await expectAccessible(page);

  await page.goto('/user/membership/');
  await expect(page.locator('.membership-facts').first()).toContainText('Premium');
  await expect(page.getByRole('link', { name: 'Upgrade membership' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Invoices' })).toContainText(dueText);
});

test('an upgrade asked for by a story leads back to that story', async ({ page, request, baseURL }) => {
  const email = newEmail();
  await createAccount(request, { email });
  await signInOnScreen(page, {
    email,
    returnTo: `${baseURL}/subscriptions/individuals/payment/?plan=individuals_standard_monthly_v1&country=GB`,
  });
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay £30.00' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Standard monthly' })).toBeVisible();

  // A Premium-only story's wall offers the upgrade; the story rides along to the confirmation.
  const story = '/articles/some-case-study/';
  await page.goto(`/subscriptions/upgrade/?return_to=${encodeURIComponent(story)}`);
  await page.getByRole('article', { name: 'Premium', exact: true }).getByRole('link', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/subscriptions\/upgrade\/payment\/\?plan=individuals_premium_yearly_v1&return_to=/);
  await page.getByRole('button', { name: /^Pay .* and upgrade$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Premium' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the story' })).toHaveAttribute('href', story);
});
