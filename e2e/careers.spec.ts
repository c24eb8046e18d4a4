import {
  clickAndWaitForPost,
  createAccount,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  presetConsent,
  screenshots,
  signInOnScreen,
  test,
  TEST_PASSWORD,
} from './fixtures.ts';

/** A demo organisation whose profile lists jobs (src/demo/profiles/generate.ts: Retail Store Manager, Production Coordinator). */
const HIRING = '/organisations/casa-orsolini/';
const OWNER = 'olivia.lind@lindgroup.example';

test('a reader saves a job from an organisation profile, finds it under Saved jobs, and removes it', async ({ page, request, baseURL }) => {
  await presetConsent(page.context(), baseURL!);
  const email = await createAccount(request);

  // Signed out, Save asks the reader to sign in and brings them back.
  await page.goto(HIRING);
  await page.getByRole('link', { name: 'Sign in to save Retail Store Manager' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${HIRING}$`));

  const save = page.getByRole('button', { name: 'Save Retail Store Manager' });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await clickAndWaitForPost(page, save);
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  // The server agrees: a fresh load (a page every signed-in reader shares) asks and shows it saved.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Save Retail Store Manager' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Save Production Coordinator' })).toHaveAttribute('aria-pressed', 'false');

  // The account menu leads to the saved jobs.
  await page.getByText('My account').click();
  await page.getByRole('link', { name: 'Saved jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved jobs' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1 saved job' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Retail Store Manager/ })).toHaveAttribute(
    'href',
    /^https:\/\/careers\.casa-orsolini\.example\//,
  );
  await expect(page.getByRole('link', { name: 'Casa Orsolini' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'saved-jobs');

  await clickAndWaitForPost(page, page.getByRole('button', { name: 'Remove Retail Store Manager' }));
  await expect(page.getByRole('heading', { level: 2, name: 'You have not saved any jobs yet' })).toBeVisible();
});

test('an organisation’s owner reads the partner hub: views, followers, links and jobs over a period', async ({ page, baseURL }) => {
  await presetConsent(page.context(), baseURL!);
  await signInOnScreen(page, { email: OWNER, password: DEMO_PASSWORD, returnTo: `${baseURL}/my-bof/partner/` });
  await expect(page.getByRole('heading', { level: 1, name: 'Partner hub' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Lind Group' })).toBeVisible();
  await expect(page.getByText('Profile views').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: '7 days' }).click();
  await expect(page).toHaveURL(/\/my-bof\/partner\/\?days=7$/);
  await expect(page.getByText(/^The last 7 days/)).toBeVisible();
  await screenshots(page, 'partner-hub');
});
