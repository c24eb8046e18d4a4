import { clickAndWaitForPost, createAccount, expect, expectAccessible, test, TEST_PASSWORD } from './fixtures.ts';

test('a reader follows a topic from its page, finds it with its latest stories, and unfollows it', async ({ page, request }) => {
  const email = await createAccount(request);

  // Signed out, the topic page asks the reader to sign in, and brings them back.
  await page.goto('/topics/china/');
  await page.getByRole('link', { name: 'Sign in to follow China' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/topics\/china\/$/);

  const follow = page.getByRole('button', { name: 'Follow China' });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  const latest = await page.locator('.card__headline a').first().textContent();
  await clickAndWaitForPost(page, follow);
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  // The server agrees: a fresh load shows the topic followed.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Follow China' })).toHaveAttribute('aria-pressed', 'true');

  // A series is followed as a section, from its own address.
  await page.goto('/series/bof-insights/');
  await clickAndWaitForPost(page, page.getByRole('button', { name: 'Follow BoF Insights' }));
  await expect(page.getByRole('button', { name: 'Follow BoF Insights' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('BoF Insights');

  await page.goto('/user/following/');
  await expect(page.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();
  const topics = page.getByRole('region', { name: 'Topics' });
  await expect(topics.getByRole('heading', { level: 3, name: 'China' })).toBeVisible();
  const stories = topics.getByRole('list', { name: 'Latest from China' }).getByRole('listitem');
  await expect(stories).toHaveCount(3);
  await expect(stories.first().getByRole('link')).toHaveText(latest!.trim());
  await expect(page.getByRole('region', { name: 'Sections' }).getByRole('heading', { level: 3, name: 'BoF Insights' })).toBeVisible();
  await expectAccessible(page);

  await clickAndWaitForPost(page, topics.getByRole('button', { name: 'Follow China', pressed: true }));
  await expect(topics).toHaveCount(0);
  await clickAndWaitForPost(page, page.getByRole('button', { name: 'Follow BoF Insights', pressed: true }));
  await expect(page.getByRole('heading', { level: 2, name: 'You don’t follow anything yet' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/topics/china/');
  await expect(page.getByRole('button', { name: 'Follow China' })).toHaveAttribute('aria-pressed', 'false');
});

test('the following page sends a signed-out reader to sign in', async ({ page }) => {
  await page.goto('/user/following/');
  await expect(page).toHaveURL(/\/user\/login\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});
