// Social sign-in in a real browser, against the local OpenID Connect issuer e2e/serve.mjs starts
// (the `oidc-provider` development pages: any login is an email address, any password works).
import type { Page } from '@playwright/test';
import { createAccount, expect, expectAccessible, newEmail, test, TEST_PASSWORD } from './fixtures.ts';

// Journeys through two sites, with axe on each of our pages.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ context }) => {
  // The issuer's development pages import a web font: answered here, nothing leaves the machine.
  await context.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ contentType: 'text/css', body: '' }));
});

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });

async function continueWithProvider(page: Page) {
  await page.goto('/user/login/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue with Example ID' }).click();
}

/** At the issuer: signs in as `email` and allows the site to read the profile. */
async function signInAtIssuer(page: Page, email: string) {
  await page.getByPlaceholder('Enter any login').fill(email);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function expectSignedIn(page: Page, email: string) {
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  // Again if needed: the menu closes itself when the page hydrates, so a click just before is undone.
  await expect(async () => {
    await accountNav(page).getByText('My account').click();
    await expect(accountNav(page).getByText(`Signed in as ${email}`)).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expectAccessible(page);
}

test('a reader signs in with another service and comes back signed in', async ({ page }) => {
  const email = newEmail();
  await page.goto('/user/login/');
  await expect(page.getByRole('button', { name: 'Continue with Example ID' })).toBeVisible();
  await expectAccessible(page);
  await continueWithProvider(page);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await signInAtIssuer(page, email);
  await expectSignedIn(page, email);
});

test('a reader whose email has an account links the service by signing in with the password once', async ({ page, request }) => {
  const email = await createAccount(request);
  await continueWithProvider(page);
  await signInAtIssuer(page, email);

  // Back on the sign-in screen: the email is taken, so the owner proves it is theirs (1010016).
  await expect(page).toHaveURL(/\/user\/login\/\?flow=/);
  await expect(page.getByText(`You tried to sign in with "${email}", but that email is already used by another account.`)).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await expectAccessible(page);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedIn(page, email);

  // Linked: once signed out, the service alone signs the reader in (the issuer remembers them).
  await page.goto('/user/logout/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(accountNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await continueWithProvider(page);
  await expectSignedIn(page, email);
});
