// /bof500/search/ on the site search engine (issue 20, decision 053): a misspelt surname still finds
// the person, the page says what it searched for, the class filter scopes it, and the result opens
// the profile; axe on each page, screenshots at desktop and phone widths.
import { expect, expectAccessible, screenshots, test } from './fixtures.ts';

test('a misspelt name finds the person in the BoF 500', async ({ page }) => {
  await page.goto('/bof500/?class=2024');
  const names = await page.locator('.directory-card__name').allTextContents();
  const name = names.find((n) => /^[A-Za-z]{6,}$/.test(n.split(' ').at(-1)!))!;
  const last = name.split(' ').at(-1)!;
  // One letter doubled: the directory's name filter would find no one.
  const typo = `${last.slice(0, 3)}${last[2]}${last.slice(3)}`;

  await page.getByRole('link', { name: 'Search the BoF 500 by name, role or company' }).click();
  await page.getByLabel('Name, role or company').fill(typo);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`/bof500/search/\\?q=${typo}`));
  await expect(page.getByText(`Nothing matched “${typo}”, so these are the people matching “${last.toLowerCase()}”.`)).toBeVisible();
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'bof500-search-typo');

  // Within the class of 2024, still found; the form keeps the words and the class.
  await page.getByLabel('Class').selectOption('2024');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/class=2024/);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
