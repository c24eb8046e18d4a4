// The profile editors in Chromium (issue 18, decision 047), axe on each page: a new reader creates
// their profile, edits it, previews the draft and publishes it, then finds it public; the demo
// organisation's OWNER (Lind Group) adds a project with an uploaded image and a YouTube link,
// moves it up with the keyboard's button, publishes, and finds it on the public profile.
// Screenshots at 1280 and 390 px kept with the test's output.
import sharp from 'sharp';
import { createAccount, DEMO_PASSWORD, expect, expectAccessible, presetConsent, screenshots, signInOnScreen, test } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await presetConsent(context, baseURL!);
});

const OWNER = 'olivia.lind@lindgroup.example';

test('a reader creates, edits, previews and publishes their profile, and sees it public', async ({ page, request, baseURL }) => {
  const email = await createAccount(request);
  const last = `Vale${Date.now().toString(36)}`;
  await signInOnScreen(page, { email, returnTo: `${baseURL}/user/people/profiles/edit/` });
  await expect(page.getByRole('heading', { level: 2, name: 'Create your profile' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('First name').fill('Iris');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('What you do').selectOption({ label: 'Designer' });
  await page.getByRole('button', { name: 'Create my profile' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Draft, not published' })).toBeVisible();

  await page.getByLabel('Job title').fill('Creative Director');
  await page.getByLabel('Summary').fill('Cuts coats in Copenhagen from deadstock wool.');
  await page.getByLabel('Role').first().fill('Creative Director');
  await page.getByLabel('Organisation').first().fill('Studio Vale');
  await page.getByLabel('From (year)').first().fill('2018');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'person-editor');

  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(page.getByText('Cuts coats in Copenhagen from deadstock wool.').first()).toBeVisible();
  await page.goBack();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Published, version 1' })).toBeVisible();
  await page.getByRole('link', { name: 'Public page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Iris ${last}` })).toBeVisible();
  await expect(page.getByText('Cuts coats in Copenhagen from deadstock wool.').first()).toBeVisible();
  await expectAccessible(page);
});

test('the Lind Group owner adds a project with an uploaded image and a YouTube link, reorders and publishes', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const title = `Atelier Film ${Date.now().toString(36)}`;
  await signInOnScreen(page, { email: OWNER, password: DEMO_PASSWORD, returnTo: `${baseURL}/user/organisations/profiles/` });
  await expect(page.getByRole('heading', { level: 2, name: 'Lind Group' })).toBeVisible();
  await expectAccessible(page);
  // The profile's own editor: the fields, and a subsidiary found by a search.
  await page.getByRole('link', { name: 'Edit profile' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lind Group' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find an organisation by name' }).fill('verrier');
  await page.getByRole('button', { name: 'Search' }).last().click();
  await expect(page.getByRole('button', { name: 'Add Maison Verrier as a subsidiary' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'organisation-editor');
  await page.goto('/user/organisations/profiles/');
  await page.getByRole('link', { name: 'Projects' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects of Lind Group' })).toBeVisible();

  // A wrong file first: refused by its content, with a sentence.
  await page.getByLabel('Title').last().fill(title);
  await page.locator('#new-image').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await page.getByRole('button', { name: 'Add project' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not a JPEG, PNG or WebP image' })).toBeVisible();
  // The refusal is a 422 answer, which the browser logs once; nothing else may be logged.
  const refused = /status of 422/;
  expect(consoleErrors.filter((message) => refused.test(message))).toHaveLength(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !refused.test(message)));

  const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7a2e3b' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Title').last().fill(title);
  await page.getByLabel('Description').last().fill('The making of the spring collection.');
  await page.locator('#new-image').setInputFiles({ name: 'atelier.jpg', mimeType: 'image/jpeg', buffer: image });
  await page.getByLabel('Or a YouTube link').last().fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByLabel('Caption').last().fill('In the atelier');
  await page.getByRole('button', { name: 'Add project' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Project added' })).toBeVisible();

  const heading = page.getByRole('heading', { level: 3, name: new RegExp(`^\\d+\\. ${title}`) });
  await expect(heading).toBeVisible();
  const project = page.locator('article', { has: heading });
  await expect(project.locator('img')).toHaveAttribute('src', /\/img\/upload-/);
  await expect(project.getByText('YouTube', { exact: true })).toBeVisible();
  const before = Number(/^(\d+)\./.exec((await heading.textContent()) ?? '')![1]);
  expect(before).toBeGreaterThan(1);

  // The keyboard's way: Move up, a plain button.
  await project.getByRole('button', { name: `Move up: ${title}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${before - 1}\\. ${title}`) })).toBeVisible();
  await expectAccessible(page);
  // The mouse's way: drag the project's handle onto the last project's place. A screen tall enough
  // for both: Playwright scrolls to the target mid-drag, which would move the press under the mouse.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width, height: 3200 });
  const items = page.locator('li.project-edit');
  const count = await items.count();
  await page.locator('li.project-edit', { has: heading }).locator('.project-edit__handle').dragTo(items.last());
  await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${count}\\. ${title}`) })).toBeVisible();
  await page.setViewportSize(viewport);
  await screenshots(page, 'projects-editor');

  await page.getByRole('button', { name: /^Publish/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
  await page.getByRole('link', { name: 'Public page' }).click();
  await expect(page).toHaveURL(/\/organisations\/lind-group\/$/);
  await expect(page.getByText(title).first()).toBeVisible();
  await expectAccessible(page);
});
