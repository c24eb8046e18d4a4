// Issue 5's journey: a new reader is asked for their details (one-more-step), is welcomed, edits
// the details and the sign-in address on the account page, and follows a topic.
import { clickAndWaitForPost, emailedCode, expect, expectAccessible, expectShell, newEmail, registerOnScreen, test } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

test('a new reader completes one-more-step, is welcomed, edits details and email, and follows a topic', async ({ page, request }) => {
  await page.goto('/user/register/');
  await registerOnScreen(page, request);
  await page.getByRole('link', { name: 'Continue' }).click();

  // One more step: the names are known, the work details are asked for.
  await expect(page).toHaveURL(/\/user\/one-more-step\//);
  await expect(page.getByRole('heading', { level: 1, name: 'One more step' })).toBeVisible();
  await expectShell(page);
  await expectAccessible(page);
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await page.getByRole('button', { name: 'Continue' }).click();
  // Checked in the browser with the shared schema: nothing was sent, every missing field says so.
  await expect(page.getByText('Enter the organisation you work for')).toBeVisible();
  await expect(page.getByText('Choose the country you are based in')).toBeVisible();
  await expect(page.getByLabel('Country')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await page.getByLabel('Organisation').fill('Maison Okafor');
  await page.getByLabel('Job function').selectOption({ index: 1 });
  await page.getByLabel('Industry').selectOption({ index: 1 });
  await page.getByLabel('Job level').selectOption({ index: 1 });
  await page.getByLabel('Country').selectOption({ label: 'Italy' });
  await expect(page.getByText('Choose the country you are based in')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/user\/welcome\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();
  await expectAccessible(page);
  // The session now says the details are complete: one-more-step sends the reader on.
  const claims = await page.evaluate(() =>
    JSON.parse(
      atob(
        document.cookie
          .match(/bof_session=([^;]+)/)![1]!
          .split('.')[1]!
          .replace(/-/g, '+')
          .replace(/_/g, '/'),
      ),
    ),
  );
  expect(claims.is_user_data_complete).toBe(true);
  await page.goto('/user/one-more-step/');
  await expect(page).toHaveURL(/\/user\/welcome\/$/);

  // The account page: edit a detail.
  await page.goto('/user/account/');
  await expect(page.getByLabel('Organisation')).toHaveValue('Maison Okafor');
  await expect(page.getByLabel('Country')).toHaveValue('IT');
  await expectAccessible(page);
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Enter your last name')).toBeVisible();
  await page.getByLabel('Last name').fill('Okafor-Mills');
  // Saved through the tRPC client (§7), not a page form post.
  const throughTrpc = page.waitForRequest(
    (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname.endsWith('/account.updatePersonalDetails'),
  );
  await page.getByRole('button', { name: 'Save details' }).click();
  await throughTrpc;
  await expect(page.getByText('Your details are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Last name')).toHaveValue('Okafor-Mills');

  // Change the sign-in address with the code sent to the new one.
  const newAddress = newEmail();
  await page.getByLabel('New email address').fill(newAddress);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We’ve sent a 6-digit code to ${newAddress}`)).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await emailedCode(request, newAddress, 'email_change_code'));
  await page.getByRole('button', { name: 'Confirm new address' }).click();
  await expect(page.getByText(`Your email address is now ${newAddress}`)).toBeVisible();
  await expect(page.getByRole('main').getByText(`Signed in as ${newAddress}`)).toBeVisible();
  await expectAccessible(page);

  // Follow a topic from the welcome page's suggestions, and find it on the following page.
  await page.goto('/user/welcome/');
  const follow = page.getByRole('button', { name: 'Follow Luxury' });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await clickAndWaitForPost(page, follow);
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/user/following/');
  await expect(page.getByRole('main').getByRole('link', { name: 'Luxury', exact: true }).first()).toBeVisible();
});
