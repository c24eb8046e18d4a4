// The team admin's screens in Chromium (issue 17): the demo organisation's OWNER (Lind Group) adds
// two people on /user/organisations/users/ — an existing account, who gets a seat at once, and a
// new address, who is invited — makes one an admin and removes them after the confirmation step;
// the team plan page shows the plan and seats. The USER (group@example.com) sees only their seat,
// never the admin controls. Someone with no organisation gets the page about team plans. Axe on
// each page; screenshots at 1280 and 390 px kept with the test's output.
import { DEMO_PASSWORD, expect, expectAccessible, newEmail, presetConsent, screenshots, signInOnScreen, test } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await presetConsent(context, baseURL!);
});

const OWNER = 'olivia.lind@lindgroup.example';
const USERS = '/user/organisations/users/';
const PLAN = '/user/organisations/memberships/';

test('the OWNER adds an existing reader and a new address, makes one an admin, and removes them', async ({ page, baseURL }) => {
  await signInOnScreen(page, { email: OWNER, password: DEMO_PASSWORD, returnTo: `${baseURL}${USERS}` });
  await expect(page.getByRole('heading', { level: 1, name: 'Lind Group' })).toBeVisible();
  // The number of seats may have grown: e2e/team-plan.spec.ts buys more for the same demo organisation.
  await expect(page.locator('.team-figures').first()).toContainText(/of \d+ seats used/);
  await expect(page.getByRole('cell', { name: /^Una Holm una\.holm/ })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'team-users');

  const invited = newEmail();
  await page.getByLabel('Email addresses').fill(`standard@example.com\n${invited}`);
  await page.getByRole('button', { name: 'Add people' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 person added, 1 invitation sent.' })).toBeVisible();
  await expect(page.getByRole('cell', { name: invited, exact: true })).toBeVisible();
  await expectAccessible(page);

  // Search finds the new member; make them an admin.
  await page.getByLabel('Search by name or email').fill('standard@example.com');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/q=standard%40example\.com/);
  const row = page.getByRole('row', { name: /standard@example\.com/ });
  await expect(row).toHaveCount(1);
  await row.getByRole('combobox').selectOption('ADMIN');
  await row.getByRole('button', { name: 'Change' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'standard@example.com is now an admin.' })).toBeVisible();

  // Remove them, after the confirmation step.
  await page
    .getByRole('row', { name: /standard@example\.com/ })
    .getByRole('link', { name: /^Remove / })
    .click();
  await expect(page.getByRole('heading', { name: /^Remove .+\?$/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'They are removed: their seat is free again.' })).toBeVisible();
  await expect(page.getByRole('row', { name: /standard@example\.com/ })).toHaveCount(0);

  // The invitation waits; revoke it.
  await page.getByLabel('Show', { exact: true }).selectOption('invited');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.getByRole('button', { name: `Revoke the invitation to ${invited}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The invitation is revoked' })).toBeVisible();

  await page.goto(PLAN);
  await expect(page.getByRole('heading', { level: 2, name: 'Plan' })).toBeVisible();
  await expect(page.getByText('Premium for every seat')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'team-plan');
});

test('the USER sees their own seat and none of the admin controls', async ({ page, baseURL }) => {
  await signInOnScreen(page, { email: 'group@example.com', password: DEMO_PASSWORD, returnTo: `${baseURL}${USERS}` });
  await expect(page.getByRole('heading', { level: 2, name: 'Your seat' })).toBeVisible();
  await expect(page.getByText('Lind Group').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add people' })).toHaveCount(0);
  await expect(page.getByLabel('Email addresses')).toHaveCount(0);
  await expect(page.getByText('una.holm@lindgroup.example')).toHaveCount(0);
  // The account menu (filled in by the browser from the session) links the team's page for a seat holder.
  await page.locator('.account-menu__toggle').click();
  await expect(page.locator('.account-menu').getByRole('link', { name: 'Your team' })).toHaveAttribute('href', USERS);
  await page.locator('.account-menu__toggle').click();
  await expectAccessible(page);
  await screenshots(page, 'team-user-seat');
  await page.goto(PLAN);
  await expect(page.getByRole('heading', { level: 2, name: 'Your seat' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toHaveCount(0);
});

test('someone with no organisation is told what team plans are', async ({ page, baseURL }) => {
  await signInOnScreen(page, { email: 'registered@example.com', password: DEMO_PASSWORD, returnTo: `${baseURL}${USERS}` });
  await expect(page.getByRole('heading', { level: 2, name: 'You are not on a team plan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See team plans' })).toHaveAttribute('href', '/subscriptions/groups/');
  await page.locator('.account-menu__toggle').click();
  await expect(page.locator('.account-menu').getByRole('link', { name: 'Membership' })).toBeVisible();
  await expect(page.locator('.account-menu').getByRole('link', { name: 'Your team' })).toHaveCount(0);
  await page.locator('.account-menu__toggle').click();
  await expectAccessible(page);
  await screenshots(page, 'team-none');
});
