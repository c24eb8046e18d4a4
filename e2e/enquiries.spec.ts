// Issue 17's enquiries in Chromium: a journalist sends a press enquiry from /contact/media/ and sees
// the confirmation (the acknowledgement reaches the mailbox); the demo admin finds it in
// /admin/enquiries/ and marks it answered. Also the team enquiry on /subscriptions/executive/#enquiry,
// /professional/ leading to its contact page, and axe on every page. Screenshots at 1280 and 390 px
// of a contact page, the executive page and the admin list are kept with the test's output.
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, newEmail, presetConsent, screenshots, signInOnScreen, test } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

// The consent banner overlays the bottom of the page, over the forms' buttons: decided beforehand.
test.beforeEach(async ({ context, baseURL }) => {
  await presetConsent(context, baseURL!);
});

/** The demo admin (src/demo/accounts.ts DEMO_ACCOUNTS; created at start-up outside prod). */
const ADMIN = { email: 'admin@example.com', password: 'atelier-demo' };

/** The newest email's template to `to` in the development mailbox. */
async function latestTemplate(request: APIRequestContext, to: string): Promise<string | null> {
  const response = await request.get(`/_dev/mail/latest.json?to=${encodeURIComponent(to)}`);
  if (!response.ok()) return null;
  return ((await response.json()) as { template: string }).template;
}

test('a press enquiry is sent, confirmed, and marked answered by an admin', async ({ page, request, baseURL }) => {
  const email = newEmail();
  const name = `Jo Reporter ${Date.now().toString(36)}`;
  await page.goto('/contact/media/');
  await expect(page.getByRole('heading', { level: 1, name: 'Press and media enquiries' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'contact-media');

  // Errors beside the fields, in the browser, before anything is sent.
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('Enter the publication or outlet you write for')).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeFocused();
  await expectAccessible(page);

  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Publication').fill('The Evening Paper');
  await page.getByLabel('Your enquiry').fill('A comment on luxury pricing for Friday’s paper, please.\nDeadline: Thursday 5 pm.');
  await page.getByRole('button', { name: 'Send enquiry' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you: your enquiry is with us' })).toBeVisible();
  await expect(page).toHaveURL(/\/contact\/media\/\?sent=1#enquiry$/);
  await expect(page.getByRole('status').filter({ hasText: 'We reply within two working days.' })).toBeVisible();
  await expectAccessible(page);
  await expect.poll(() => latestTemplate(request, email), { message: 'the acknowledgement' }).toBe('enquiry_acknowledgement');

  await signInOnScreen(page, { ...ADMIN, returnTo: `${baseURL}/admin/enquiries/?kind=media&status=new` });
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  const item = page.getByRole('article', { name });
  await expect(item).toBeVisible();
  await expect(item.getByText('The Evening Paper')).toBeVisible();
  await expect(item.getByText('Deadline: Thursday 5 pm.')).toBeVisible();
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'admin-enquiries');

  await item.getByRole('button', { name: 'Mark answered' }).click();
  await expect(page.getByText(`${name}’s enquiry is marked answered.`)).toBeVisible();
  // The list shows new enquiries only: the answered one leaves it, and is under Answered.
  await expect(page.getByRole('article', { name })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('answered');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/status=answered/);
  await expect(page.getByRole('article', { name }).getByText('Answered', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Signed in, the browser fills in the reader's own address (the shared page names no one).
  await page.goto('/contact/insights/');
  await expect(page.getByLabel('Work email')).toHaveValue(ADMIN.email);
});

test('the team enquiry on /subscriptions/executive/#enquiry asks company, team size and country', async ({ page, request }) => {
  const email = newEmail();
  await page.goto('/subscriptions/executive/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('for your whole team');
  await page.getByRole('link', { name: 'Ask for a quote' }).click();
  await expect(page).toHaveURL(/#enquiry$/);
  await expect(page.getByRole('heading', { name: 'Ask about a team membership' })).toBeInViewport();
  await expectAccessible(page);
  await screenshots(page, 'executive');

  await page.getByLabel('Your name').fill('Kim Lee');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Company').fill('Maison Example');
  await page.getByLabel('Team size').fill('one hundred');
  await page.getByLabel('Country').selectOption({ label: 'Italy' });
  await page.getByRole('button', { name: 'Ask for a quote' }).click();
  await expect(page.getByText('Enter how many people the membership is for')).toBeVisible();
  await page.getByLabel('Team size').fill('120');
  await page.getByRole('button', { name: 'Ask for a quote' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you: your enquiry is with us' })).toBeVisible();
  await expect(page).toHaveURL(/\/subscriptions\/executive\/\?sent=1#enquiry$/);
  await expectAccessible(page);
  await expect.poll(() => latestTemplate(request, email), { message: 'the acknowledgement' }).toBe('enquiry_acknowledgement');
});

test('/professional/ leads to its contact page; every contact page passes axe', async ({ page }) => {
  await page.goto('/professional/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('for the people who run fashion');
  await expectAccessible(page);
  await screenshots(page, 'professional');
  await page.getByRole('link', { name: 'Talk to our memberships team' }).click();
  await expect(page).toHaveURL(/\/contact\/professional\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Talk to us about a professional membership' })).toBeVisible();
  await expect(page.getByLabel('Job title')).toBeVisible();
  await expectAccessible(page);
  for (const [path, title] of [
    ['/contact/student/', 'Access for your students'],
    ['/contact/insights/', 'Ask our insights team'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectAccessible(page);
  }
});
