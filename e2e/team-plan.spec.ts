// The team plan managed in Chromium (issue 17): the demo organisation's OWNER (Lind Group) previews
// two extra seats on /user/organisations/memberships/ (the prorated price, tax and new total before
// paying), pays with the card on file and sees the new total and the invoice; then cancels the plan
// after the confirmation step, reads until when the seats keep working, and resumes it. The ADMIN
// may add seats but not cancel. The purchase works without JavaScript too (plain form posts). Axe
// on each state; screenshots at 1280 and 390 px kept with the test's output.
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, presetConsent, screenshots, signInOnScreen, test } from './fixtures.ts';

// One after the other: both buy seats for the same organisation, and a purchase under a changed seat count is refused.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await presetConsent(context, baseURL!);
});

const OWNER = 'olivia.lind@lindgroup.example';
const PLAN = '/user/organisations/memberships/';

/** The seats bought now, as the "Add seats" section says them ("You have 10 seats."). */
async function seatsBought(page: Page): Promise<number> {
  const intro = await page.getByText(/^You have \d+ seats\./).textContent();
  return Number(/You have (\d+) seats/.exec(intro ?? '')![1]);
}

async function addTwoSeats(page: Page) {
  const before = await seatsBought(page);
  await page.getByLabel('Seats to add').fill('2');
  await page.getByRole('button', { name: 'See the price' }).click();
  await expect(page.getByRole('heading', { level: 3, name: `2 more seats: ${before + 2} in all` })).toBeVisible();
  await expect(page.getByText('Charged today')).toBeVisible();
  await expect(page.getByText(/^\d+ of the term’s \d+ days, until /)).toBeVisible();
  await expect(page.getByText('Visa ending 4242', { exact: true })).toBeVisible();
  return before + 2;
}

test('the OWNER previews two extra seats, pays, sees the new total and invoice; cancels and resumes the plan', async ({
  page,
  baseURL,
}) => {
  await signInOnScreen(page, { email: OWNER, password: DEMO_PASSWORD, returnTo: `${baseURL}${PLAN}` });
  await expect(page.getByRole('heading', { level: 1, name: 'Lind Group' })).toBeVisible();
  const total = await addTwoSeats(page);
  await expectAccessible(page);
  await screenshots(page, 'team-seats-preview');

  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('status').filter({ hasText: `2 seats added: your plan now has ${total} seats.` })).toBeVisible();
  await expect(page.locator('.team-figures').first()).toContainText(`of ${total} seats used`);
  await expect(page.getByRole('row', { name: /Seats added .* Paid/ })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 3, name: /more seats/ })).toHaveCount(0);
  await expect(page.getByLabel('Seats to add')).toHaveValue('');
  await expectAccessible(page);
  await screenshots(page, 'team-seats-added');

  // Cancel, after the confirmation step: the seats keep working until the term's end.
  await page.getByRole('link', { name: 'Cancel the team plan' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Cancel the team plan?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel the team plan' }).click();
  const cancelled = page.getByRole('status').filter({ hasText: 'Your team plan is cancelled. Every seat keeps working until' });
  await expect(cancelled).toBeVisible();
  const endsOn = /until (\d+ \w+ \d{4})/.exec((await cancelled.textContent()) ?? '')![1]!;
  await expect(page.getByText(`Cancelled: every seat works until ${endsOn}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Add seats' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'team-plan-cancelled');

  await page.getByRole('button', { name: 'Resume the team plan' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Your team plan is back on: it renews on ${endsOn}.` })).toBeVisible();
  await expect(page.getByText(`Renews on ${endsOn}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Add seats' })).toBeVisible();
  await expectAccessible(page);
});

test('the ADMIN may add seats but only reads the plan’s state: no cancel button', async ({ page, baseURL }) => {
  await signInOnScreen(page, { email: 'adam.berg@lindgroup.example', password: DEMO_PASSWORD, returnTo: `${baseURL}${PLAN}` });
  await expect(page.getByRole('heading', { level: 1, name: 'Lind Group' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Add seats' })).toBeVisible();
  await expect(page.getByText('Only the organisation’s owner can cancel or resume the plan.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel the team plan' })).toHaveCount(0);
  await expectAccessible(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the OWNER previews and pays for seats with plain forms', async ({ page, baseURL }) => {
    await signInOnScreen(page, { email: OWNER, password: DEMO_PASSWORD, returnTo: `${baseURL}${PLAN}` });
    await expect(page.getByRole('heading', { level: 1, name: 'Lind Group' })).toBeVisible();
    const total = await addTwoSeats(page);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('status').filter({ hasText: `2 seats added: your plan now has ${total} seats.` })).toBeVisible();
    await expect(page.locator('.team-figures').first()).toContainText(`of ${total} seats used`);
  });
});
