// Issue 19 (part 1): an anonymous reader signs up at the end of a story, confirms from the email by
// pressing the button (opening the link confirms nothing), registers with that address and finds
// the newsletters on /user/newsletters/; a member changes their newsletters there.
import {
  clickAndWaitForPost,
  completeOneMoreStep,
  emailedLink,
  expect,
  expectAccessible,
  newEmail,
  premiumStory,
  presetConsent,
  registerOnScreen,
  signInOnScreen,
  test,
} from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

const MEMBER = { email: 'standard@example.com', password: 'atelier-demo' };

test('an anonymous reader signs up from a story, confirms by email, registers and finds the newsletters', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await presetConsent(context, baseURL!);
  await page.goto('/');
  const href = await page.locator('.card__headline a').first().getAttribute('href');
  await page.goto(href!);
  const signup = page.getByRole('region', { name: 'Get the newsletter' });
  await signup.scrollIntoViewIfNeeded();
  await expect(signup.getByRole('checkbox', { name: 'The Daily Digest' })).toBeChecked();
  await expectAccessible(page);

  const email = newEmail();
  await signup.getByLabel('Your email').fill(email);
  await clickAndWaitForPost(page, signup.getByRole('button', { name: 'Sign up' }));
  await expect(signup.getByText('Check your inbox: we sent a link to confirm your sign-up.')).toBeVisible();

  const link = await emailedLink(request, email, 'newsletter_confirmation');
  expect(link).toMatch(/\/user\/newsletters\/confirm\/\?signup=[0-9a-f-]{36}&token=[A-Za-z0-9_-]{43}$/);
  // A mail scanner opens the link first: that confirms nothing, the page still offers the button.
  expect((await request.get(link)).ok()).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your sign-up' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm my sign-up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed up' })).toBeVisible();
  await expect(page.getByText(`will arrive at ${email}`)).toBeVisible();
  await expectAccessible(page);

  // They register with the same address: the newsletters confirmed for it become the account's.
  await page.getByRole('link', { name: 'Create a free account' }).click();
  await registerOnScreen(page, request, { email });
  // One more step offers the newsletters, the ones they confirmed already ticked.
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/user\/one-more-step\/\?flow=newsletters$/);
  await expect(page.getByRole('checkbox', { name: 'The Daily Digest' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Breaking News Alerts' })).not.toBeChecked();
  await expectAccessible(page);
  await completeOneMoreStep(page);
  await expect(page).toHaveURL(/\/user\/welcome\/$/);
  await expect(async () => {
    await page.goto('/user/newsletters/');
    await expect(page.getByRole('switch', { name: 'The Daily Digest' })).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Breaking News Alerts' })).not.toBeChecked();
  await expectAccessible(page);

  // The account menu leads here too.
  await page.locator('.account-menu__toggle').click();
  await expect(page.getByRole('navigation', { name: 'Account', exact: true }).getByRole('link', { name: 'Newsletters' })).toHaveAttribute(
    'href',
    '/user/newsletters/',
  );
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Unsubscribe from all newsletters' }).click();
  await expect(page.getByText('You are unsubscribed from every newsletter.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'The Daily Digest' })).not.toBeChecked();
});

test('a member turns newsletters on and off on /user/newsletters/', async ({ page, context, baseURL }) => {
  await presetConsent(context, baseURL!);
  await signInOnScreen(page, { ...MEMBER, returnTo: '/user/newsletters/' });
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
  // By group, daily first; the professional newsletter is for members, the executive one is not offered.
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.slice(0, 3)).toEqual(['Daily', 'Personalised', 'Weekly']);
  await expect(page.getByRole('switch', { name: 'The Professional Edition' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'The Executive Summary' })).toHaveCount(0);
  await expect(page.getByText('For Premium and All Access members')).toBeVisible();
  await expectAccessible(page);

  const weekAhead = page.getByRole('switch', { name: 'The Week Ahead' });
  const wasOn = await weekAhead.isChecked();
  await clickAndWaitForPost(page, weekAhead);
  await expect(weekAhead).toBeChecked({ checked: !wasOn });
  await page.reload();
  await expect(page.getByRole('switch', { name: 'The Week Ahead' })).toBeChecked({ checked: !wasOn });
  // And back, so the demo account stays as it was.
  await clickAndWaitForPost(page, page.getByRole('switch', { name: 'The Week Ahead' }));
  await page.reload();
  await expect(page.getByRole('switch', { name: 'The Week Ahead' })).toBeChecked({ checked: wasOn });
});

test.describe('the newsletter prompt', () => {
  test.use({ newsletterPromptSeen: false });

  test('opens once, halfway down a story a signed-out reader may read, never over a wall, and signs them up', async ({
    page,
    context,
    baseURL,
  }) => {
    await presetConsent(context, baseURL!);
    // A walled story never prompts, however far the reader scrolls.
    await page.goto(await premiumStory(page));
    await expect(page.locator('aside.wall--pay')).toBeVisible();
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/');
    const href = await page
      .locator('.card', { hasNot: page.locator('.badge') })
      .locator('.card__headline a')
      .first()
      .getAttribute('href');
    await page.goto(href!);
    await page.locator('article.story').waitFor();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.mouse.wheel(0, 20_000);
    const prompt = page.getByRole('dialog', { name: 'Enjoying this story?' });
    await expect(prompt).toBeVisible();
    await expectAccessible(page);
    await prompt.getByLabel('Your email').fill(newEmail());
    await clickAndWaitForPost(page, prompt.getByRole('button', { name: 'Sign up' }));
    await expect(prompt.getByText('Check your inbox: we sent a link to confirm your sign-up.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(prompt).toHaveCount(0);

    // Once per browser: the next story does not ask again.
    await page.goto(href!);
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
