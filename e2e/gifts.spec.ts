// Gift links in a real browser (issue 6): a member shares a premium story from the dialog on its
// page, a signed-out browser opens the link and reads the whole story under the giver's banner,
// the member sees the visit counted on /user/gifts/ and revokes the link, which then shows the wall.
import { expect, expectAccessible, premiumStory, signInOnScreen, test } from './fixtures.ts';

/** A demo account (src/demo/accounts.ts DEMO_ACCOUNTS): a Premium member. */
const MEMBER = { email: 'premium@example.com', password: 'atelier-demo', name: 'Priya Patel' };

test('a member creates a gift link that a signed-out browser opens in full, sees it counted, and revokes it', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const story = await premiumStory(page);
  await signInOnScreen(page, { email: MEMBER.email, password: MEMBER.password, returnTo: `${baseURL}${story}` });
  await expect(page).toHaveURL(new RegExp(`${story.replace(/[/]/g, '\\/')}$`));
  const headline = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

  // The dialog: the link, Copy link, this month's allowance and the expiry.
  const share = page.getByRole('button', { name: 'Share this story' });
  await share.click();
  const dialog = page.getByRole('dialog', { name: 'Share this story' });
  await expect(dialog).toBeVisible();
  const link = dialog.getByRole('textbox', { name: 'Gift link' });
  await expect(link).toHaveValue(new RegExp(`^${baseURL}${story}\\?gift=[0-9a-f-]{36}$`));
  await expect(dialog.getByText(/^You have \d+ of 10 gift links left this month\.$/)).toBeVisible();
  await expect(dialog.getByText(/^Opens the full story until \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByText('Link copied')).toBeVisible();
  const giftLink = await page.evaluate(() => navigator.clipboard.readText());
  expect(giftLink).toBe(await link.inputValue());
  await expectAccessible(page);
  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(share).toBeFocused();

  // A fresh browser, signed out, reads the whole story under the giver's banner.
  const visitor = await browser.newContext();
  try {
    const reader = await visitor.newPage();
    await reader.goto(giftLink);
    await expect(reader.getByText(`${MEMBER.name} shared this story with you`)).toBeVisible();
    await expect(reader.getByRole('link', { name: 'become a member' })).toHaveAttribute('href', '/subscriptions/packages/');
    await expect(reader.locator('.wall')).toHaveCount(0);
    expect(await reader.locator('.story__body p').count()).toBeGreaterThan(2);
    await expectAccessible(reader);

    // The giver sees the visit counted, and revokes the link.
    await page.goto('/user/gifts/');
    await expect(page.getByRole('heading', { level: 1, name: 'Gift links' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(headline.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await expect(row.getByRole('cell', { name: '1 person' })).toBeVisible();
    await expect(row.getByText(/^Open until /)).toBeVisible();
    await expectAccessible(page);
    await row.getByRole('button', { name: `Revoke the gift link for ${headline}` }).click();
    await expect(row.getByText(/^Revoked on /)).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('row', { name: new RegExp(headline.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).getByText(/^Revoked on /),
    ).toBeVisible();

    // The revoked link shows the usual wall, and no banner.
    await reader.reload();
    await expect(reader.locator('.wall')).toBeVisible();
    await expect(reader.getByText('shared this story with you')).toHaveCount(0);
    await expect(reader.locator('.story__body p')).toHaveCount(2);
  } finally {
    await visitor.close();
  }
});

test('the gifts page sends a signed-out reader to sign in', async ({ page }) => {
  await page.goto('/user/gifts/');
  await expect(page).toHaveURL(/\/user\/login\//);
});
