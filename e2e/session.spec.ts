// The product session in a real browser: the signed-in header from the first render, tokens that
// expire while someone reads (playwright.config.ts shortens them), and where sign-out lands (§4).
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { clickAndWaitForPost, createAccount, expect, expectAccessible, test, TEST_PASSWORD } from './fixtures.ts';

/**
 * Signs in through the identity API with the page's own cookie jar (a browser login flow, as the
 * sign-in screen would), so the browser holds the identity session cookie and nothing else yet.
 */
async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const email = await createAccount(request);
  const started = await page.request.get('/identity/self-service/login/browser', { headers: { accept: 'application/json' } });
  expect(started.status()).toBe(200);
  const flow = (await started.json()) as { id: string; ui: { nodes: Array<{ attributes: { name?: string; value?: unknown } }> } };
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
  const done = await page.request.post(`/identity/self-service/login?flow=${flow.id}`, {
    headers: { accept: 'application/json' },
    data: { method: 'password', identifier: email, password: TEST_PASSWORD, csrf_token: csrf },
  });
  expect(done.status(), await done.text()).toBe(200);
  return email;
}

async function tokenCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  const main = cookies.find((c) => c.name === 'bof_session');
  const exp = main ? (JSON.parse(Buffer.from(main.value.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp : null;
  return { main, paywall: cookies.find((c) => c.name === 'blaize_jwt'), exp };
}

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });

async function openAccountMenu(page: Page) {
  await accountNav(page).getByText('My account').click();
  await expect(accountNav(page).getByRole('link', { name: 'Account details' })).toBeVisible();
}

test('a signed-in reader sees their account menu from the first render, and it works by keyboard', async ({ page, request }) => {
  const email = await signIn(page, request);
  await page.goto('/');
  const nav = accountNav(page);
  await expect(nav.getByText('My account')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Subscribe' })).toBeVisible();

  // The first page after sign-in already carried both cookies, readable by the browser (§3).
  const { main, paywall } = await tokenCookies(page.context());
  expect(main).toMatchObject({ httpOnly: false, sameSite: 'Lax', path: '/' });
  expect(paywall).toMatchObject({ httpOnly: false, sameSite: 'Lax', path: '/' });

  await nav.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(nav.getByText(`Signed in as ${email}`)).toBeVisible();
  for (const name of ['Account details', 'Following', 'Membership', 'Newsletters', 'Sign out'])
    await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Newsletters' })).toHaveAttribute('href', '/user/newsletters/');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Account details' })).toBeHidden();
  await expect(nav.locator('summary')).toBeFocused();
});

test('without JavaScript the server renders the signed-in header and the menu still opens', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, request);
  await page.goto('/legal/');
  await accountNav(page).getByText('My account').click();
  await expect(accountNav(page).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/user/logout/');
  await context.close();
});

test('a reader whose token expires while reading keeps reading and acting without noticing', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/');
  await expect(accountNav(page).getByText('My account')).toBeVisible();
  const first = await tokenCookies(page.context());
  expect(first.exp).not.toBeNull();

  // Read until the token the page was rendered with has expired.
  await expect.poll(() => Date.now(), { timeout: 120_000, intervals: [1_000] }).toBeGreaterThan(first.exp! * 1000 + 1_000);

  // Go on reading: an in-app navigation, then a full page load, then the account menu.
  await page.getByRole('region', { name: 'Top stories' }).getByRole('heading', { level: 2 }).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/articles\//);
  await expect(accountNav(page).getByText('My account')).toBeVisible();
  await page.reload();
  await expect(accountNav(page).getByText('My account')).toBeVisible();
  await openAccountMenu(page);

  const now = await tokenCookies(page.context());
  expect(now.main?.value).not.toBe(first.main?.value);
  expect(now.exp! * 1000).toBeGreaterThan(Date.now());
});

test('a GraphQL call refused for a bad token is refreshed and retried without the reader noticing (§4, §8)', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/topics/luxury/');
  await clickAndWaitForPost(page, page.getByRole('button', { name: 'Follow Luxury' }));
  await expect(page.getByRole('button', { name: 'Follow Luxury' })).toHaveAttribute('aria-pressed', 'true');

  // The main token turns bad after the page loaded (its signature no longer matches); it is not
  // near expiry, so only the server can tell, by answering the GraphQL call with an AuthError.
  const { main } = await tokenCookies(page.context());
  await page.context().addCookies([{ ...main!, value: `${main!.value.slice(0, -6)}AAAAAA` }]);
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth') && response.request().method() === 'POST');
  const retried = page.waitForResponse(
    async (response) => response.url().includes('/graphql') && (await response.text()).includes('RecommendedStoriesSuccess'),
  );
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Home' }).click();

  await refreshed;
  await retried;
  const forYou = page.getByRole('region', { name: 'For you' });
  await expect(forYou.getByRole('listitem').first()).toBeVisible();
  await expect(forYou.getByText('Luxury').first()).toBeVisible();
  const now = await tokenCookies(page.context());
  expect(now.main?.value).not.toContain('AAAAAA');
  await expectAccessible(page);
});

test('signing out from the header returns to the same page, signed out', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/legal/');
  await openAccountMenu(page);
  await accountNav(page).getByRole('link', { name: 'Sign out' }).click();
  await expect(accountNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/legal\/$/);
  const { main, paywall } = await tokenCookies(page.context());
  expect([main, paywall]).toEqual([undefined, undefined]);
});

for (const from of ['/user/one-more-step/?flow=newsletters', '/user/logout/']) {
  test(`signing out from ${from} returns to the home page (§4)`, async ({ page, request }) => {
    await signIn(page, request);
    await page.goto(from);
    await openAccountMenu(page);
    await accountNav(page).getByRole('link', { name: 'Sign out' }).click();
    await expect(accountNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  });
}
