// Site search (issue 20, decision 049): from the masthead's search box to a filtered result and the
// page it opens, an event among the results, with axe on each page and screenshots at desktop and
// phone widths.
import { expect, expectAccessible, screenshots, test } from './fixtures.ts';

test('a reader searches from the masthead, filters by type and opens a result', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('search', { name: 'Site' });
  await box.getByRole('searchbox', { name: 'Search' }).fill('Maison Verrier');
  await box.getByRole('button', { name: 'Search' }).click();

  await expect(page).toHaveURL(/\/search\/\?q=Maison\+Verrier$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d+ results? for “Maison Verrier”$/ })).toBeVisible();
  await expect(page.locator('.search-result').first()).toBeVisible();
  await expect(page.locator('.search-result mark').first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'search-results');

  // Filters are links with counts: the type filter keeps the query and narrows the list.
  const types = page.getByRole('navigation', { name: 'Type' });
  await types.getByRole('link', { name: /^Organisations \d+$/ }).click();
  await expect(page).toHaveURL(/type=organisation/);
  await expect(types.getByRole('link', { name: /^Organisations \d+$/ })).toHaveAttribute('aria-current', 'true');
  const titles = page.locator('.search-result__title a');
  await expect(titles.first()).toBeVisible();
  for (const href of await titles.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
    expect(href).toMatch(/^\/organisations\/[a-z0-9-]+\/$/);
  }
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Maison Verrier', exact: true }).click();
  await expect(page).toHaveURL(/\/organisations\/maison-verrier\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Maison Verrier' })).toBeVisible();
});

test('a misspelt word still finds its story, and the page says what it searched for', async ({ page }) => {
  await page.goto('/search/?q=Verier');
  await expect(page.getByText('Nothing matched “Verier”, so these are the results for “verrier”.')).toBeVisible();
  await expect(page.locator('.search-result').first()).toBeVisible();
  await expectAccessible(page);
});

test('an event is a result: its series, its day and its place, under the Events filter', async ({ page }) => {
  await page.goto('/search/?q=clienteling');
  const types = page.getByRole('navigation', { name: 'Type' });
  await types.getByRole('link', { name: /^Events \d+$/ }).click();
  await expect(page).toHaveURL(/type=event/);
  const result = page.locator('.search-result').first();
  await expect(result.locator('.kicker')).toContainText('Crossroads');
  await expect(result.locator('.kicker')).toContainText('Event');
  await expect(result.locator('.meta')).toHaveText(/^\d{1,2} \w+ \d{4} · .+$/);
  await expectAccessible(page);
  await screenshots(page, 'search-event');
  await result.getByRole('link', { name: /Clienteling/ }).click();
  await expect(page).toHaveURL(/\/events\/[a-z0-9-]+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /Clienteling/ })).toBeVisible();
});
