// Passkeys through Chromium's virtual authenticator: sign up with a passkey, sign out, sign in
// with it. (WebAuthn needs a domain as relying party id, so these pages run on localhost.)
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

/**
 * Adds an authenticator and returns what removes it. Removed before the test ends: a context closed
 * with one still attached once hung Playwright's teardown past its 90 s (the test itself had passed).
 */
async function addVirtualAuthenticator(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return async () => {
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    await cdp.send('WebAuthn.disable');
    await cdp.detach();
  };
}

async function whoami(page: Page) {
  const response = await page.request.get('/identity/sessions/whoami', { headers: { accept: 'application/json' } });
  return {
    status: response.status(),
    body: response.ok()
      ? ((await response.json()) as { identity: { traits: { email: string } }; authentication_methods: { method: string }[] })
      : null,
  };
}

test('a reader signs up with a passkey, signs out, and signs in with it', async ({ page }) => {
  const removeAuthenticator = await addVirtualAuthenticator(page);
  try {
    await signUpSignOutSignIn(page);
  } finally {
    await removeAuthenticator();
  }
});

async function signUpSignOutSignIn(page: Page) {
  const email = `passkey${Date.now()}@example.com`;

  await page.goto('/user/register/');
  await expectAccessible(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Create account with a passkey' }).click();
  await page.waitForURL(/\/user\/confirm-email/);
  expect((await whoami(page)).body?.identity.traits.email).toBe(email);

  await page.goto('/user/logout/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(async () => (await whoami(page)).status).toBe(401);

  await page.goto('/user/login/');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect.poll(async () => (await whoami(page)).status).toBe(200);
  const session = await whoami(page);
  expect(session.body?.identity.traits.email).toBe(email);
  expect(session.body?.authentication_methods.at(-1)?.method).toBe('passkey');
}
