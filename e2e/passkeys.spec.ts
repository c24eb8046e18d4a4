// Passkeys through Chromium's virtual authenticator: sign up with a passkey, sign out, sign in
// with it. (WebAuthn needs a domain as relying party id, so these pages run on localhost.)
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
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
  await addVirtualAuthenticator(page);
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
});
