import {
  clickAndWaitForPost,
  createAccount,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signInOnScreen,
  test,
  TEST_PASSWORD,
} from './fixtures.ts';

test('a reader filters the organisations directory, opens a profile and follows it', async ({ page, request }) => {
  const email = await createAccount(request);

  await page.goto('/organisations/');
  await expect(page.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Featured' })).toBeVisible();
  await expectAccessible(page);

  // The filters are a GET form: the filtered list has its own address.
  await page.getByLabel('Industry').selectOption({ value: 'LUXURY_FASHION' });
  await page.getByLabel('Country').selectOption({ value: 'FR' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/organisations\/\?.*industry=LUXURY_FASHION/);
  await expect(page).toHaveURL(/country=FR/);
  await expect(page.getByRole('heading', { level: 2, name: 'Featured' })).toHaveCount(0);
  const results = page.locator('.directory-card');
  await expect(results.first()).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(/^\d+ organisations?$/);
  await expect(page.getByLabel('Industry')).toHaveValue('LUXURY_FASHION');

  await page.getByRole('link', { name: 'Maison Verrier' }).click();
  await expect(page).toHaveURL(/\/organisations\/maison-verrier\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Maison Verrier' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Key people' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Projects' })).toBeVisible();
  // The film waits for the embeds consent: nothing from the video site before it.
  await expect(page.getByRole('button', { name: 'Allow embeds' }).first()).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expectAccessible(page);

  // Signed out, the button asks the reader to sign in and brings them back.
  await page.getByRole('link', { name: 'Sign in to follow Maison Verrier' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The footer's newsletter form has an email field too.
  const signIn = page.getByRole('main');
  await signIn.getByLabel('Email address').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/organisations\/maison-verrier\/$/);

  const follow = page.getByRole('button', { name: 'Follow Maison Verrier' });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await clickAndWaitForPost(page, follow);
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Follow Maison Verrier' })).toHaveAttribute('aria-pressed', 'true');

  // A key person's page links back to the organisation.
  await page.getByRole('region', { name: 'Key people' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/people\/[a-z0-9-]+\/$/);
  await expect(page.getByRole('region', { name: 'Key person at' }).getByRole('link', { name: 'Maison Verrier' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/user/following/');
  await expect(
    page.getByRole('region', { name: 'Organisations' }).getByRole('heading', { level: 3, name: 'Maison Verrier' }),
  ).toBeVisible();
});

test('the people directory filters by category and pages with the filter kept', async ({ page }) => {
  await page.goto('/people/');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await page.getByLabel('Category').selectOption({ value: 'DESIGNER' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/people\/\?.*category=DESIGNER/);
  const tags = page.locator('.directory-card__tag');
  await expect(tags.first()).toHaveText('Designer');
  expect(new Set(await tags.allTextContents())).toEqual(new Set(['Designer']));
  await expectAccessible(page);

  await page.getByLabel('Name').fill('zzzz nobody');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('status')).toHaveText('No people match these filters.');
  await page.getByRole('link', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/people\/$/);
  await page.getByRole('link', { name: 'Next →' }).click();
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
});

test('a reader opens the BoF 500 from the people directory, picks a class, filters it, then searches the index', async ({ page }) => {
  await page.goto('/people/');
  await page.getByRole('link', { name: /^The BoF 500/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The BoF 500' })).toBeVisible();
  await expectAccessible(page);

  await page
    .getByRole('navigation', { name: 'Classes' })
    .getByRole('link', { name: /^2024 / })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'The BoF 500: class of 2024' })).toBeVisible();
  const tags = page.locator('.directory-card__tag');
  await expect(tags.first()).toContainText('Class of 2024');
  expect((await tags.allTextContents()).every((tag) => tag.endsWith('Class of 2024'))).toBe(true);

  // The category filter keeps the class.
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/bof500\/\?class=2024&category=/);
  await expect(page.getByRole('heading', { level: 1, name: 'The BoF 500: class of 2024' })).toBeVisible();

  // Search the index by a listed person's last name, and open their profile.
  const name = (await page.locator('.directory-card__name').first().textContent())!;
  await page.getByRole('link', { name: 'Search the BoF 500 by name, role or company' }).click();
  await page.getByLabel('Name, role or company').fill(name.split(' ').at(-1)!);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/bof500\/search\/\?q=/);
  await expectAccessible(page);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('The BoF 500', { exact: true })).toBeVisible();
});

test('a site admin features an organisation on the home page, and readers see it there', async ({ page, browser, baseURL }) => {
  await signInOnScreen(page, { email: 'admin@example.com', password: DEMO_PASSWORD, returnTo: `${baseURL}/admin/profiles/` });
  await expect(page.getByRole('heading', { level: 1, name: 'Featured organisations' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Organisation name').fill('Tessaro');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: 'Feature Tessaro' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Tessaro is featured on the home page from/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Tessaro from the home page' })).toBeVisible();
  await expectAccessible(page);

  const reader = await browser.newPage();
  await reader.goto(`${baseURL}/`);
  await expect(reader.getByRole('region', { name: /organisations/i }).getByRole('link', { name: 'Tessaro' })).toBeVisible();
  await reader.close();

  await page.getByRole('button', { name: 'Remove Tessaro from the home page' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No longer featured on the home page.' })).toBeVisible();
});
