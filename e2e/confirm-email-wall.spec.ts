// A membership waits for a confirmed address (decision 040), in a real browser: a reader whose
// address is not confirmed pays for a trial from the pay wall, goes back to the story and meets the
// confirmation wall (the lead-in, their address, no offer to buy again); the code from the
// confirmation screen opens the story in full, without signing in again.
import { confirmOnScreen } from './confirm-address.ts';
import { createAccount, expect, expectAccessible, newEmail, premiumStory, signInOnScreen, test } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

test('a member with an unconfirmed address meets the confirmation wall, enters the code and reads the story in full', async ({
  page,
  request,
  baseURL,
}) => {
  const story = await premiumStory(page);
  const email = newEmail();
  await createAccount(request, { email });
  await signInOnScreen(page, { email, returnTo: `${baseURL}${story}` });
  await expect(page).toHaveURL(new RegExp(`${story}$`));
  const payWall = page.locator('aside.wall--pay');
  await expect(payWall).toBeVisible();

  await payWall.getByRole('link', { name: /free trial|annual offer/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible();
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();

  // The story as this paying member reads it before confirming: the lead-in and the confirmation wall.
  await page.goto(story);
  const wall = page.locator('aside.wall--confirm-email');
  await expect(wall.getByRole('heading', { name: 'Confirm your email address to start reading' })).toBeVisible();
  await expect(wall).toContainText(email);
  await expect(page.locator('aside.wall--pay, aside.wall--upgrade')).toHaveCount(0);
  await expect(page.locator('.story__body p')).toHaveCount(2);
  await expect(wall.getByRole('link', { name: 'Send a new code' })).toBeVisible();
  await expectAccessible(page);
  await wall.screenshot({ path: test.info().outputPath('confirm-email-wall.png') });

  await wall.getByRole('link', { name: 'Confirm your email address' }).click();
  await confirmOnScreen(page, request, email);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${story}$`));
  await expect(page.locator('aside.wall')).toHaveCount(0);
  expect(await page.locator('.story__body p').count()).toBeGreaterThan(2);
});
