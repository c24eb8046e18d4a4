// Confirming an email address on the confirmation screen, as a reader does with the emailed code
// (decision 040: a membership opens its stories once the address is confirmed).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The id of the newest email to `to`, or null when there is none yet. */
async function latestMailId(request: APIRequestContext, to: string): Promise<string | null> {
  const response = await request.get(`/_dev/mail/latest.json?to=${encodeURIComponent(to)}`);
  return response.ok() ? ((await response.json()) as { id: string }).id : null;
}

/** A verification code emailed to `to` after the message `before` (so an older code is never read). */
async function newCode(request: APIRequestContext, to: string, before: string | null): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/_dev/mail/latest.json?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return false;
        const message = (await response.json()) as { id: string; template: string; code: string | null };
        code = message.code ?? '';
        return message.id !== before && message.template === 'verification_code' && code !== '';
      },
      { message: `a new verification code for ${to}` },
    )
    .toBe(true);
  return code;
}

/**
 * On the confirmation screen (already open, asking for the address): sends a code to `email` and
 * enters it. Ends on "Email address confirmed".
 */
export async function confirmOnScreen(page: Page, request: APIRequestContext, email: string) {
  const before = await latestMailId(request, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Confirmation code').fill(await newCode(request, email, before));
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeVisible();
}
