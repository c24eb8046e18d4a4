// Issue 19's sending side in Chromium (decision 048): the demo admin finds the demo's two sent issues
// with their numbers on /admin/newsletters/, composes an issue of The Daily Digest from a topic's
// latest stories, previews it as each kind of reader, sends themselves a test (it reaches the dev
// mailbox), then sends it now; the job sends it within its 15-second round and a demo subscriber's
// copy arrives. Axe on every page; screenshots at 1280 and 390 px of the pages and of the email
// itself (its HTML, light and dark) are kept with the test's output.
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, presetConsent, screenshots, signInOnScreen, test } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await presetConsent(context, baseURL!);
});

/** The newest email's subject to `to` in the development mailbox, when it is an issue. */
async function latestIssueSubject(request: APIRequestContext, to: string): Promise<string | null> {
  const response = await request.get(`/_dev/mail/latest.json?to=${encodeURIComponent(to)}`);
  if (!response.ok()) return null;
  const message = (await response.json()) as { template: string; subject: string };
  return message.template === 'newsletter_issue' ? message.subject : null;
}

test('an admin composes an issue, previews it, sends a test and sends it; subscribers receive it', async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  await signInOnScreen(page, { email: 'admin@example.com', password: DEMO_PASSWORD, returnTo: `${baseURL}/admin/newsletters/` });
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter issues' })).toBeVisible();
  // The demo's two sent issues, with their numbers.
  const table = page.getByRole('table', { name: /Newsletter issues/ });
  await expect(table.getByRole('link', { name: 'The Daily Digest: what to know this morning' })).toBeVisible();
  await expect(table.getByText('Sent', { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'admin-newsletters');

  // A mistake is named beside its field, and what was typed is kept.
  const subject = `Thursday’s briefing ${Date.now().toString(36)}`;
  await page.getByLabel('Newsletter', { exact: true }).selectOption({ label: 'The Daily Digest (daily)' });
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Opening words').fill('The stories our editors picked this morning.');
  await page.getByRole('button', { name: 'Save the draft' }).click();
  await expect(page.getByText('Name at least one story, or a topic with stories')).toBeVisible();
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(subject);
  await expectAccessible(page);
  // The refusal is a 400 answer, which the browser logs once; nothing else may be logged.
  const refused = /status of 400/;
  expect(consoleErrors.filter((message) => refused.test(message))).toHaveLength(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !refused.test(message)));

  await page.getByLabel('Or the latest five stories of a topic').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Save the draft' }).click();

  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  const frame = page.frameLocator('iframe.issue-preview');
  await expect(frame.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'admin-newsletter-issue');

  // As a registered reader.
  await page.getByLabel('Preview as').selectOption('registered');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\?as=registered$/);
  await expect(page.getByTitle('The email as a registered reader receives it')).toBeVisible();

  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is on its way to admin@example.com' })).toBeVisible();
  await expect
    .poll(() => latestIssueSubject(request, 'admin@example.com'), { message: 'the test in the mailbox' })
    .toBe(`[Test] ${subject}`);

  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Numbers' })).toBeVisible();
  // The job runs every 15 seconds: the page shows it sent once it has.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator('.admin-analytics__header .issue-state').textContent();
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe('Sent');
  // The registered demo reader takes The Daily Digest (src/demo/newsletter-subscriptions.ts).
  await expect.poll(() => latestIssueSubject(request, 'registered@example.com')).toBe(subject);
  await expectAccessible(page);
  await screenshots(page, 'admin-newsletter-issue-sent');

  // The email itself, as a Standard member and as a reader without an account get it, light and dark
  // (its HTML on a blank page, as a mail client shows it).
  const issueUrl = page.url().split('?')[0]!;
  const email = async (as: string) => {
    const html = await (await page.request.get(`${issueUrl}preview/?as=${as}`)).text();
    await page.goto('about:blank');
    await page.setContent(html);
  };
  await email('member');
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await screenshots(page, 'newsletter-email-member');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshots(page, 'newsletter-email-member-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await email('anonymous');
  await screenshots(page, 'newsletter-email-anonymous');
});
