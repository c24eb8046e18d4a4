import { createAccount, emailedLink, expect, expectAccessible, test } from './fixtures.ts';

// docs/decisions/010: opening the link only shows a button; the button's POST recovers the account.
test('a reader recovers the account with an emailed link, opened in another browser, by pressing a button', async ({ page, request }) => {
  const email = await createAccount(request);
  // An app asks for the link (a native flow), so this browser has never seen the flow.
  const flow = await request.get('/identity/self-service/recovery/api', { headers: { accept: 'application/json' } });
  const { id } = (await flow.json()) as { id: string };
  const sent = await request.post(`/identity/self-service/recovery?flow=${id}`, {
    headers: { accept: 'application/json' },
    data: { method: 'link', email },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const link = await emailedLink(request, email, 'recovery_link');
  expect(link).toMatch(new RegExp(`/user/recovery/\\?flow=${id}&token=[A-Za-z0-9_-]{43}$`));

  // A mail scanner fetches the link first: it uses nothing up.
  expect((await request.get(link)).ok()).toBe(true);

  await page.goto(link);
  await expect(page).toHaveURL(/\/user\/recovery\/\?flow=[0-9a-f-]{36}&token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Recover your account' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Recover my account' }).click();

  await expect(page).toHaveURL(/\/user\/account\/\?flow=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('main').getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByText('You’ve recovered your account')).toBeVisible();
  await expectAccessible(page);

  // Used once: opening the link again says so and offers to start over.
  await page.goto(link);
  await expect(page).toHaveURL(/\/user\/recovery\/\?flow=[0-9a-f-]{36}$/);
  await expect(page.getByText('The recovery token is invalid or has already been used.')).toBeVisible();
});
