// The steps a purchase journey takes on the payment and membership pages, whichever provider takes
// the card: the sandbox (e2e/purchase.spec.ts) or Recurly through its stand-ins (e2e/recurly/).
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { confirmOnScreen } from './confirm-address.ts';
import { createAccount, expect, expectAccessible, newEmail, signInOnScreen } from './fixtures.ts';

/** The card form's button ("Pay £300.00"), not "Pay with wallet" above the card fields (WALLET_MERCHANT_ID is set for the e2e server). */
export const PAY_BY_CARD = { name: /^Pay \D*\d/ };

/** The words a declined card gets, whichever provider declined it. */
export const DECLINED = 'Your card was declined. Please use a different card, or contact your bank.';

/**
 * Every request the page sends that carries one of the card `numbers`; a request to `tokenisedAt` (the
 * provider's own tokenisation endpoint, where the number must go) is left out.
 */
export function watchCardNumbers(page: Page, numbers: string[], tokenisedAt?: string): string[] {
  const leaks: string[] = [];
  page.on('request', (request: Request) => {
    const body = request.postData() ?? '';
    const url = request.url();
    if (tokenisedAt && url.includes(tokenisedAt)) return;
    for (const number of numbers) if (body.includes(number) || url.includes(number)) leaks.push(`${request.method()} ${url}`);
  });
  return leaks;
}

export async function fillCard(page: Page, number: string, expiry = '12/34') {
  await page.getByLabel('Card number', { exact: true }).fill(number);
  await page.getByLabel('Expiry date').fill(expiry);
  await page.getByLabel('Security code').fill('123');
}

/**
 * A new account, signed in on the screen and sent on to `returnTo`; its email address. With
 * `confirmAddress`, the reader first confirms the address, as at sign-up (a membership waits for it:
 * decision 040).
 */
export async function newReader(page: Page, request: APIRequestContext, returnTo: string, { confirmAddress = false } = {}) {
  const email = newEmail();
  await createAccount(request, { email });
  if (confirmAddress) {
    await page.goto('/user/confirm-email');
    await confirmOnScreen(page, request, email);
  }
  await signInOnScreen(page, { email, returnTo });
  return email;
}

/** Types the billing details the journeys use (the postcode only when given). */
export async function fillBillingDetails(page: Page, details: { lastName: string; postcode?: string }) {
  await page.getByLabel('Last name').fill(details.lastName);
  if (details.postcode !== undefined) await page.getByLabel('Postcode').fill(details.postcode);
}

/** The billing details are still as typed (after a refused card or a failed check). */
export async function expectBillingDetailsKept(page: Page, details: { lastName?: string; postcode: string }) {
  if (details.lastName !== undefined) await expect(page.getByLabel('Last name')).toHaveValue(details.lastName);
  await expect(page.getByLabel('Postcode')).toHaveValue(details.postcode);
}

/** Pays by card and meets the bank's check: the challenge region, shown and accessible. */
export async function payAndMeetChallenge(page: Page) {
  await page.getByRole('button', PAY_BY_CARD).click();
  const challenge = page.getByRole('region', { name: 'Confirm it is you' });
  await expect(challenge).toBeVisible();
  await expectAccessible(page);
  return challenge;
}

/** From the membership page, the newest invoice's receipt, paid with `card` (e.g. "Visa ending 4242"). */
export async function openNewestReceipt(page: Page, card: string) {
  await page
    .getByRole('region', { name: 'Invoices' })
    .getByRole('link', { name: /^Receipt for / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Receipt [0-9A-F]{8}$/ })).toBeVisible();
  await expect(page.getByText(card)).toBeVisible();
}

/** On the membership page, replaces the card with `number`, which the page then names `card`. */
export async function updateCard(page: Page, number: string, card: string) {
  await fillCard(page, number);
  await page.getByRole('button', { name: 'Update card' }).click();
  await expect(page.getByRole('status')).toContainText(`${card} will be used from now on`);
  await expect(page.locator('.membership-card')).toContainText(card);
}

/**
 * On the team payment page: the company, its address and the card, then pay; the buyer lands on
 * the confirmation that the team is set up.
 */
export async function payForTeam(page: Page, company: string) {
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Address').fill('1 Savile Row');
  await page.getByLabel('City').fill('London');
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', PAY_BY_CARD).click();
  await expect(page.getByRole('heading', { level: 1, name: `${company} is set up` })).toBeVisible();
}
