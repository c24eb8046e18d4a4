// Decision 036: a buyer pays before giving their work details, so the site asks for them later. A
// signed-in reader whose details are incomplete meets a quiet band under the masthead: "Complete
// your profile" leads to one-more-step and back to the page; "Not now" keeps it away on this browser.
import { completeOneMoreStep, createAccount, expect, expectAccessible, signInOnScreen, test } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

test('a reader with missing work details is asked for them later, can put it off, and completes them', async ({ page, request }) => {
  const email = await createAccount(request);
  await signInOnScreen(page, { email, returnTo: '/topics/luxury/' });
  await expect(page).toHaveURL(/\/topics\/luxury\/$/);
  const band = page.getByRole('complementary', { name: 'Tell us about your work.' });
  await expect(band).toBeVisible();
  await expectAccessible(page);

  // Not now: gone, and still gone on the next page of this browser.
  await band.getByRole('button', { name: 'Not now' }).click();
  await expect(band).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Today’s stories' })).toBeAttached();
  await expect(page.getByRole('link', { name: 'Complete your profile' })).toHaveCount(0);

  // Another visit (the reminder's time passed): the band is back; completing the details ends it.
  await page.evaluate(() => window.localStorage.removeItem('atelier.profilePrompt.dismissedAt'));
  await page.goto('/topics/luxury/');
  await band.getByRole('link', { name: 'Complete your profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'One more step' })).toBeVisible();
  await completeOneMoreStep(page);
  await expect(page).toHaveURL(/\/topics\/luxury\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Luxury' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete your profile' })).toHaveCount(0);
});

test('a reader whose details are complete, and every signed-out reader, never see it', async ({ page }) => {
  await page.goto('/topics/luxury/');
  await expect(page.getByRole('heading', { level: 1, name: 'Luxury' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete your profile' })).toHaveCount(0);
  // The demo member's details are complete (src/demo/accounts.ts).
  await signInOnScreen(page, { email: 'standard@example.com', password: 'atelier-demo', returnTo: '/topics/luxury/' });
  await expect(page).toHaveURL(/\/topics\/luxury\/$/);
  await expect(page.locator('summary', { hasText: 'My account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete your profile' })).toHaveCount(0);
});
