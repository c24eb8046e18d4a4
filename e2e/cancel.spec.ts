// Cancelling a membership in a real browser (issue 7): a member with a trial (bought through the
// API with the sandbox's success card) goes from /user/membership/ to "Cancel membership", gives a
// reason, is offered the retention discount and accepts it: still active, the coupon on the
// membership page, and no second offer. Another member cancels for real: the confirmation shows
// the end date and the membership page the ActiveCanceled status. Every page passes axe.
import type { Page } from '@playwright/test';
import { createAccount, expect, expectAccessible, newEmail, signInOnScreen, test } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

const PURCHASE = `mutation Buy($input: PurchaseSubscriptionInput!) { purchaseIndividualSubscription(input: $input) { __typename ... on IndividualSubscription { id } } }`;

async function newMember(page: Page, request: Parameters<typeof createAccount>[0], baseURL: string) {
  const email = newEmail();
  await createAccount(request, { email });
  await signInOnScreen(page, { email, returnTo: `${baseURL}/user/membership/` });
  await expect(page).toHaveURL(/\/user\/membership\/$/);
  // The trial through the API, with the browser's own session.
  const tokenized = await page.request.post('/_sandbox/billing/tokens', {
    data: { number: '4242424242424242', month: '12', year: '2040', cvv: '123' },
  });
  expect(tokenized.status()).toBe(201);
  const { id: cardToken } = (await tokenized.json()) as { id: string };
  const bought = await page.request.post('/graphql', {
    headers: { 'x-atelier-csrf': '1' },
    data: {
      query: PURCHASE,
      variables: {
        input: {
          planCode: 'individuals_standard_yearly_trial_v1',
          currency: 'GBP',
          cardToken,
          billingInfo: { firstName: 'Ada', lastName: 'Okafor', countryCode: 'GB' },
          idempotencyKey: `e2e-cancel-${Date.now()}-${Math.random()}`,
        },
      },
    },
  });
  expect(
    ((await bought.json()) as { data: { purchaseIndividualSubscription: { __typename: string } } }).data.purchaseIndividualSubscription
      .__typename,
  ).toBe('IndividualSubscription');
  await page.goto('/user/membership/');
  await expect(page.locator('[data-status="ActiveTrial"]')).toBeVisible();
  return email;
}

async function startCancelling(page: Page) {
  await page.getByRole('link', { name: 'Cancel membership' }).click();
  await expect(page).toHaveURL(/\/subscriptions\/cancel\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your membership' })).toBeVisible();
  await expectAccessible(page);
}

test('a member cancels, is offered the discount, accepts it and stays active with the coupon shown', async ({ page, request, baseURL }) => {
  await newMember(page, request, baseURL!);
  await startCancelling(page);

  // Inline validation: no reason, then "Another reason" without words.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Choose a reason.')).toBeVisible();
  await page.getByLabel('Another reason').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Tell us your reason.')).toBeVisible();
  await expect(page.getByLabel('Tell us more')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.getByLabel('It costs too much').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Stay for 50 % off your next year' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Accept 50 % off' }).click();

  await expect(page).toHaveURL(/\/subscriptions\/cancel\/confirmation\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your discount is applied' })).toBeVisible();
  await expect(page.getByText(/50 % off \(code STAY50\) comes off your next renewal/)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Back to your membership' }).click();
  await expect(page).toHaveURL(/\/user\/membership\/$/);
  await expect(page.locator('[data-status="ActiveTrial"]')).toBeVisible();
  await expect(page.getByText('Discount: 50 % off your next renewal (code STAY50)')).toBeVisible();
  await expectAccessible(page);

  // The offer is not made again: going on cancels straight away.
  await startCancelling(page);
  await page.getByLabel('I do not have time to read it').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your membership is cancelled' })).toBeVisible();
});

test('a member cancels for real: the confirmation shows the end date, the membership is cancelled, and can be resumed before it ends', async ({
  page,
  request,
  baseURL,
}) => {
  await newMember(page, request, baseURL!);
  await startCancelling(page);
  await page.getByLabel('Another reason').check();
  await page.getByLabel('Tell us more').fill('Moving abroad for a year');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stay for 50 % off your next year' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to cancel' }).click();

  await expect(page).toHaveURL(/\/subscriptions\/cancel\/confirmation\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your membership is cancelled' })).toBeVisible();
  const endsOn = (await page.locator('.cancel-confirmation time').textContent()) ?? '';
  expect(endsOn).toMatch(/^\d{1,2} \w+ \d{4}$/);
  await expect(page.getByText(`You keep full access until ${endsOn}.`)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Back to your membership' }).click();
  // British English everywhere (issue 16): the confirmation says "cancelled", so does this page.
  await expect(page.locator('[data-status="ActiveCanceled"]')).toHaveText(`Cancelled, ends on ${endsOn}`);
  await expect(page.getByRole('link', { name: 'Cancel membership' })).toHaveCount(0);
  await expect(page.getByText(`Your membership is cancelled and ends on ${endsOn}.`)).toBeVisible();
  await expectAccessible(page);

  // Resumed before the term ends: active again, cancellable again, nothing to resume.
  await page.getByRole('button', { name: 'Resume membership' }).click();
  await expect(page.getByText(/^Your membership is resumed/)).toBeVisible();
  await expect(page.locator('[data-status="ActiveCanceled"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cancel membership' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume membership' })).toHaveCount(0);
  await expectAccessible(page);
});
