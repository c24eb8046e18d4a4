import type { Page } from '@playwright/test';
import { totpCode } from '../src/modules/identity/credentials/totp.ts';
import { createAccount, emailedCode, expect, expectAccessible, expectShell, newEmail, test, TEST_PASSWORD } from './fixtures.ts';

// Journeys of several pages, each hashing passwords and running axe: more time than a reading page.
test.describe.configure({ timeout: 180_000 });

/** Opens the account page; signed out, it sends the reader to sign in and back. */
async function openAccount(page: Page) {
  await page.goto('/user/account/');
}

async function expectAccountPage(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('main').getByText(`Signed in as ${email}`)).toBeVisible();
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.goto('/user/logout/');
  await expect(page.getByRole('heading', { level: 1, name: /^Sign out of / })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/user/logout/');
  await expect(page.getByRole('heading', { level: 1, name: 'You’re not signed in' })).toBeVisible();
  await expectAccessible(page);
}

test('a reader registers with a password, confirms the address with the emailed code, signs out and signs in again', async ({
  page,
  request,
}) => {
  const email = newEmail();
  await page.goto('/user/register/');
  await expect(page).toHaveURL(/\/user\/register\/\?flow=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expectShell(page);
  await expectAccessible(page);

  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();

  await expect(page).toHaveURL(/\/user\/confirm-email\?flow=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  await expect(page.getByText('We’ve emailed you a six-digit code')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Confirmation code').fill(await emailedCode(request, email, 'verification_code'));
  await page.getByRole('button', { name: 'Confirm email address' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeVisible();
  await expect(page.getByText('your email address is confirmed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue' })).toBeVisible();
  await expectAccessible(page);

  await signOut(page);

  await openAccount(page);
  await expect(page).toHaveURL(/\/user\/login\/\?flow=/);
  await expectAccessible(page);
  await signInWithPassword(page, email, TEST_PASSWORD);
  await expectAccountPage(page, email);
  await expectAccessible(page);
});

test('a reader signs in with a code sent by email', async ({ page, request }) => {
  const email = await createAccount(request);
  await page.goto('/user/login/');
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/user/register/');
  await expect(page.getByRole('link', { name: 'Recover your account' })).toHaveAttribute('href', '/user/recovery/');
  await expectAccessible(page);

  await openAccount(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Sign in with a code instead' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('We’ve emailed you a six-digit sign-in code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new code' })).toHaveAttribute('formnovalidate', '');
  await expectAccessible(page);
  // A wrong code is explained next to the field.
  await page.getByLabel('Sign-in code').fill('000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Sign-in code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('That code isn’t right')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Sign-in code').fill(await emailedCode(request, email, 'login_code'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectAccountPage(page, email);
  await expectAccessible(page);
});

test('a reader turns on an authenticator app, and the next sign-in asks for its code', async ({ page, request }) => {
  const email = await createAccount(request);
  await openAccount(page);
  await signInWithPassword(page, email, TEST_PASSWORD);
  await expectAccountPage(page, email);
  await expect(page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Security' })).toHaveAttribute(
    'href',
    '/user/account/#security',
  );
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  await expectAccessible(page);

  const secret = (await page.locator('#totp_secret_key').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Six-digit code from the app').fill(await totpCode({ secret }));
  await page.getByRole('button', { name: 'Turn on the authenticator app' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off the authenticator app' })).toBeVisible();
  await expectAccessible(page);

  await signOut(page);
  await openAccount(page);
  await signInWithPassword(page, email, TEST_PASSWORD);

  await expect(page.getByRole('heading', { level: 1, name: 'One more step' })).toBeVisible();
  await expectAccessible(page);
  // The code of the next 30-second step: the one used to turn the app on cannot be used twice.
  await page.getByLabel('Code from your authenticator app').fill(await totpCode({ secret, now: new Date(Date.now() + 30_000) }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectAccountPage(page, email);
  const session = await page.request.get('/identity/sessions/whoami', { headers: { accept: 'application/json' } });
  expect(((await session.json()) as { authenticator_assurance_level: string }).authenticator_assurance_level).toBe('aal2');
  await expectAccessible(page);
});

test('a reader recovers the account with an emailed code and chooses a new password', async ({ page, request }) => {
  const email = await createAccount(request);
  const newPassword = 'Quiet-Linen-Atelier-2044';
  await page.goto('/user/recovery/');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgotten your password?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send recovery code' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Recovery code').fill(await emailedCode(request, email, 'recovery_code'));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/user\/account\/\?flow=/);
  await expectAccountPage(page, email);
  await expect(page.getByText('You’ve recovered your account')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();

  await signOut(page);
  await openAccount(page);
  await signInWithPassword(page, email, TEST_PASSWORD);
  await expect(page.getByText('That email address and password don’t match')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectAccountPage(page, email);
});

// axe runs inside the page, so it cannot run here; the same screens and states are checked with axe above.
test('signing in (password or code) and out works without JavaScript', async ({ browser, request, baseURL }) => {
  const email = await createAccount(request);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  try {
    await page.goto('/user/login/');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-at-all');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('That email address and password don’t match');
    // The address is kept; the password is not.
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await openAccount(page);
    await expectAccountPage(page, email);

    // Signing out and signing in with an emailed code need no JavaScript either.
    await page.goto('/user/logout/');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/user/login/');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Sign in with a code instead' }).click();
    await page.getByLabel('Sign-in code').fill(await emailedCode(request, email, 'login_code'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/$/);
    await openAccount(page);
    await expectAccountPage(page, email);
  } finally {
    await context.close();
  }
});

test('the other identity screens: policy warning, error and signed-out sign-out', async ({ page }) => {
  await page.goto('/user/login-policy-warning/?return_to=%2Fuser%2Faccount%2F');
  await expect(page.getByRole('heading', { level: 1, name: 'Please sign in again' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue to sign in' })).toHaveAttribute(
    'href',
    '/user/login/?refresh=true&return_to=%2Fuser%2Faccount%2F',
  );
  await expectShell(page);
  await expectAccessible(page);

  // A return_to to another site is refused by the provider, which shows the error page.
  await page.goto('/user/login/?return_to=https%3A%2F%2Fevil.example%2F');
  await expect(page).toHaveURL(/\/user\/error\/\?id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'We stopped a redirect' })).toBeVisible();
  await expect(page.getByText('Requested return_to URL')).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/user/logout/');
  await expect(page.getByRole('heading', { level: 1, name: 'You’re not signed in' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login/');
});
