// Joining as a student in a real browser (issue 7 "Students"): a signed-in reader opens the student
// packages, chooses Student, is refused a personal address, verifies an academic one with the code
// from the email (asking for another code too soon is answered in words), pays with the sandbox's
// success card, sees the confirmation and finds the student membership on /user/membership/.
// Every new page is checked with axe and photographed at desktop and phone width.
import type { Page } from '@playwright/test';
import {
  createAccount,
  emailedCode,
  expect,
  expectAccessible,
  newEmail,
  presetConsent,
  signInOnScreen,
  test,
  TEST_PASSWORD,
} from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

/** The card form's button ("Pay £300.00"), not "Pay with wallet" above the card fields (WALLET_MERCHANT_ID is set for the e2e server). */
const PAY_BY_CARD = { name: /^Pay \D*\d/ };

const YEAR = new Date().getUTCFullYear();

/** A screenshot at desktop width and one at phone width, for looking at the page as a person would. */
async function photograph(page: Page, name: string) {
  const desktop = page.viewportSize();
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
}

test('a reader verifies an academic address, pays for the Student plan and sees it on the membership page', async ({
  page,
  request,
  context,
  baseURL,
  consoleErrors,
}) => {
  // The consent banner overlays the bottom of the page; decided already, so it covers no button.
  await presetConsent(context, baseURL!);
  const email = newEmail();
  await createAccount(request, { email });
  await signInOnScreen(page, { email, returnTo: `${baseURL}/subscriptions/packages/students/` });
  await expect(page).toHaveURL(/\/subscriptions\/packages\/students\/$/);

  await page.getByRole('article', { name: 'Student' }).getByRole('link', { name: 'Choose Student', exact: true }).click();
  await expect(page).toHaveURL(/\/subscriptions\/students\/validation\/\?plan=students_standard_yearly_v1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm you are a student' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Joining as a student' }).getByRole('listitem').first()).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expectAccessible(page);
  await photograph(page, 'validation-email');

  // A personal address is refused next to the field, in words.
  await page.getByLabel('Academic email address').fill('ada.okafor@gmail.com');
  await page.getByLabel('Graduation year').fill(String(YEAR + 2));
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.locator('#email-error')).toHaveText(
    'gmail.com is a personal email provider. Use the address your university or college gave you, such as name@ox.ac.uk or name@mit.edu.',
  );
  await expect(page.getByLabel('Academic email address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Graduation year')).toHaveValue(String(YEAR + 2));
  await expectAccessible(page);
  await photograph(page, 'validation-refused');

  // An Oxford address: the code goes out.
  const academic = `ada.${Date.now().toString(36)}@ox.ac.uk`;
  await page.getByLabel('Academic email address').fill(academic);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`Enter the 6-digit code we sent to ${academic}. It works for 30 minutes.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Joining as a student' }).getByRole('listitem').nth(1)).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expectAccessible(page);
  await photograph(page, 'validation-code');

  // Another code straight away is refused with the wait in words; the first code still works.
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByRole('alert')).toContainText('We sent you a code less than a minute ago');
  const code = await emailedCode(request, academic, 'academic_email_code');
  await page.getByLabel('Confirmation code').fill(code);
  await page.getByRole('button', { name: 'Confirm and continue' }).click();

  // Payment: the same form as the individual page, for the student plan.
  await expect(page).toHaveURL(/\/subscriptions\/students\/payment\/\?plan=students_standard_yearly_v1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Join Student' })).toBeVisible();
  await expect(page.getByText(`Verified student: ${academic}, graduating in ${YEAR + 2}.`)).toBeVisible();
  await expect(page.getByRole('button', PAY_BY_CARD)).toBeEnabled();
  await expectAccessible(page);
  await photograph(page, 'student-payment');

  await page.getByLabel('Last name').fill('Okafor');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', PAY_BY_CARD).click();

  await expect(page).toHaveURL(/\/subscriptions\/students\/confirmation\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your student membership has started' })).toBeVisible();
  await expect(page.getByText('Student, billed yearly', { exact: true })).toBeVisible();
  await expect(page.getByText(academic)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start reading' })).toHaveAttribute('href', '/');
  await expectAccessible(page);
  await photograph(page, 'student-confirmation');

  await page.getByRole('link', { name: 'See your membership' }).click();
  await expect(page).toHaveURL(/\/user\/membership\/$/);
  const membership = page.getByRole('region', { name: 'Membership' });
  await expect(membership.getByRole('definition').nth(1)).toHaveText('Student');
  await expect(page.getByRole('region', { name: 'Subscription' }).getByRole('definition').first()).toHaveText('Student');

  // The two refusals answer 400 and 429 on purpose (as a form post without JavaScript gets them), and
  // Chrome logs every such response; anything else logged still fails the test.
  const refusals = /^Failed to load resource: the server responded with a status of (400 \(Bad Request\)|429 \(Too Many Requests\))$/;
  expect(consoleErrors.filter((message) => refusals.test(message))).toHaveLength(2);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !refusals.test(message)));
});

test('a signed-out reader choosing a student plan signs in and comes back to the validation page', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await presetConsent(context, baseURL!);
  const email = newEmail();
  await createAccount(request, { email });
  await page.goto('/subscriptions/students/validation/?plan=students_standard_monthly_v1');
  await expect(page).toHaveURL(/\/user\/login\//);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/subscriptions\/students\/validation\/\?plan=students_standard_monthly_v1$/);
  await expect(page.getByText('Student monthly', { exact: true })).toBeVisible();
});
