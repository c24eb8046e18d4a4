import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { CONSENT_COOKIE, CONSENT_REVISION, type ConsentCategory } from '../src/modules/consent/browser/cookie-consent.ts';
import { PROMPT_SEEN_KEY } from '../src/modules/newsletters/newsletter-words.ts';

/**
 * Pages fail the test on a console error or an uncaught exception, and on a page wider than the
 * screen: after every document load the page must fit the viewport (issue 16: on a phone a wider
 * page zooms the whole site out).
 */
export const test = base.extend<{ consoleErrors: string[]; fitsScreen: void; newsletterPromptSeen: boolean }>({
  /**
   * The newsletter prompt opens once per browser halfway down a story; the journeys' browsers have
   * already seen it, so it never covers what they click. A test about the prompt sets this to false
   * (`test.use({ newsletterPromptSeen: false })`).
   */
  newsletterPromptSeen: [true, { option: true }],
  context: [
    async ({ context, newsletterPromptSeen }, use) => {
      if (newsletterPromptSeen)
        await context.addInitScript((key) => {
          // Every frame runs it; a sandboxed one (the issue preview) may not touch storage.
          try {
            localStorage.setItem(key, 'seen in an earlier visit');
          } catch {
            // nothing to mark there: no prompt opens in a frame without storage
          }
        }, PROMPT_SEEN_KEY);
      await use(context);
    },
    { scope: 'test' },
  ],
  fitsScreen: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const checks: Promise<void>[] = [];
      const check = async () => {
        const problem = await overflow(page).catch(() => null); // the page went on or closed meanwhile
        if (problem) problems.push(problem);
      };
      page.on('load', () => void checks.push(check()));
      await use();
      await Promise.all(checks);
      if (!page.isClosed()) await check();
      expect([...new Set(problems)], 'pages wider than the screen').toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A page that answers 404 on purpose logs its own document as a failed resource.
        const isOwnDocument = message.text().startsWith('Failed to load resource') && message.location().url === page.url();
        if (!isOwnDocument) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function expectAccessible(page: Page) {
  // meta-viewport is off by decision 005: SPEC §1 fixes maximum-scale=1, which axe flags.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .disableRules(['meta-viewport'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * Why the page is wider than the viewport (`document.documentElement.scrollWidth` against the
 * viewport's width: a phone browser widens its layout viewport to the page, so `innerWidth` grows
 * with it), naming the widest elements that stick out; null when it fits.
 */
async function overflow(page: Page): Promise<string | null> {
  const width = page.viewportSize()?.width;
  if (!width) return null;
  return page.evaluate((screen) => {
    const wide = document.documentElement.scrollWidth;
    if (wide <= screen) return null;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > screen + 1 && !clipped(element))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`);
    return `${location.pathname}${location.search}: ${wide} px wide in a ${screen} px viewport (${culprits.join(', ')})`;
  }, width);
}

/** The page as it is now is no wider than the screen (after client-side navigation or a change on the page). */
export async function expectFitsScreen(page: Page) {
  expect(await overflow(page), 'page wider than the screen').toBeNull();
}

export async function expectShell(page: Page, productName = 'Atelier') {
  await expect(page).toHaveTitle(productName);
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', 'width=device-width, initial-scale=1, maximum-scale=1');
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  const url = new URL(page.url());
  expect(canonical).toBe(`${url.origin}${url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`}`);
}

// ---------- Identity helpers: data set up through the identity API, codes read from the dev mailbox ----------

/** A password the provider's policy accepts (long, not common, unlike an email address). */
export const TEST_PASSWORD = 'Velvet-Orchid-Tannery-1987';

let accounts = 0;
/** A fresh address per call, unique across parallel workers. */
export function newEmail(): string {
  return `reader.${Date.now().toString(36)}${(accounts++).toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Registers an account through the identity API (a native registration flow: no cookies, no UI). */
export async function createAccount(request: APIRequestContext, { email = newEmail(), password = TEST_PASSWORD } = {}): Promise<string> {
  const flow = await request.get('/identity/self-service/registration/api', { headers: { accept: 'application/json' } });
  expect(flow.status(), 'registration flow').toBe(200);
  const { id } = (await flow.json()) as { id: string };
  const done = await request.post(`/identity/self-service/registration?flow=${id}`, {
    headers: { accept: 'application/json' },
    data: { method: 'password', password, traits: { email, name: { first: 'Ada', last: 'Okafor' } } },
  });
  expect(done.status(), await done.text()).toBe(200);
  return email;
}

/** The newest email to `to`, once it is of this kind (polled: the site sends it after answering). */
async function emailed(request: APIRequestContext, to: string, template: string): Promise<{ code: string | null; link: string | null }> {
  let message = { template: '', code: null as string | null, link: null as string | null };
  await expect
    .poll(
      async () => {
        const response = await request.get(`/_dev/mail/latest.json?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return null;
        message = (await response.json()) as typeof message;
        return message.template;
      },
      { message: `a ${template} email to ${to}` },
    )
    .toBe(template);
  return message;
}

/** The code in the newest email of this kind to `to` (login_code, registration_code, verification_code, recovery_code, organisation_domain_code). */
export async function emailedCode(request: APIRequestContext, to: string, template: string): Promise<string> {
  return (await emailed(request, to, template)).code ?? '';
}

/** The link in the newest email of this kind to `to` (recovery_link, verification_link, newsletter_confirmation, organisation_seat). */
export async function emailedLink(request: APIRequestContext, to: string, template: string): Promise<string> {
  return (await emailed(request, to, template)).link ?? '';
}

// ---------- Cookie consent ----------

/**
 * Stores a consent decision before the first page load, so the consent banner does not show.
 * Only for journeys whose controls the bottom banner would cover (it overlays the page; see
 * e2e/analytics.spec.ts for the banner itself). No test needs it yet.
 */
export async function presetConsent(context: BrowserContext, baseURL: string, categories: ConsentCategory[] = []) {
  const at = new Date().toISOString();
  const state = { categories, revision: CONSENT_REVISION, consentId: randomUUID(), consentTimestamp: at, lastConsentTimestamp: at };
  await context.addCookies([{ name: CONSENT_COOKIE, value: encodeURIComponent(JSON.stringify(state)), url: baseURL, sameSite: 'Lax' }]);
}

/**
 * Fills in the registration screen (already open) with a password and confirms the address with
 * the emailed code, as a new reader does. Returns the new account's email.
 */
export async function registerOnScreen(
  page: Page,
  request: APIRequestContext,
  { email = newEmail(), first = 'Ada', last = 'Okafor' } = {},
): Promise<string> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await page.getByLabel('Confirmation code').fill(await emailedCode(request, email, 'verification_code'));
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeVisible();
  return email;
}

/** Signs in on the sign-in screen with a password, to come back to `returnTo`. */
export async function signInOnScreen(
  page: Page,
  { email, password = TEST_PASSWORD, returnTo }: { email: string; password?: string; returnTo: string },
) {
  await page.goto(`/user/login/?return_to=${encodeURIComponent(returnTo)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Fills one-more-step's work details (the names come from the registration) and sends them. */
export async function completeOneMoreStep(page: Page) {
  await page.getByLabel('Organisation').fill('Maison Okafor');
  await page.getByLabel('Job function').selectOption({ index: 1 });
  await page.getByLabel('Industry').selectOption({ index: 1 });
  await page.getByLabel('Job level').selectOption({ index: 1 });
  await page.getByLabel('Country').selectOption({ label: 'Italy' });
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The first story on the home page that carries the members' badge. */
export async function premiumStory(page: Page): Promise<string> {
  await page.goto('/');
  const card = page.locator('.card', { has: page.locator('.badge', { hasText: /^Members$/ }) }).first();
  const href = await card.locator('.card__headline a').getAttribute('href');
  if (!href) throw new Error('no members’ story on the home page');
  return href;
}

/**
 * Waits until the page has hydrated: React Router's data router exists from the hydrating render
 * on, and the parts that hydrate a task later (decision 061) lose their `data-hydrate-later` mark.
 */
export async function wholePageHydrated(page: Page) {
  await page.waitForFunction(() => '__reactRouterDataRouter' in window && !document.querySelector('[data-hydrate-later]'), null, {
    timeout: 30_000,
  });
}

/**
 * Clicks a control that posts in the background (a React Router fetcher, e.g. a follow button,
 * which shows its new state at once) and waits until the server has answered, so a navigation
 * right after cannot cut the request off.
 */
export async function clickAndWaitForPost(page: Page, control: Locator) {
  // Only the route action's request counts: React Router sends it to `<path>.data`. The tracker
  // and the auth refresh also POST to this origin, and one of them answering proves nothing.
  // Before hydration the same button submits its form natively (no `.data` request); a busy
  // machine can be that slow, so wait until the page has hydrated (Preact, decision 057, attaches
  // the listeners as it hydrates).
  await wholePageHydrated(page);
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return response.request().method() === 'POST' && url.origin === new URL(page.url()).origin && url.pathname.endsWith('.data');
  });
  await control.click();
  expect((await answered).ok()).toBe(true);
}

/** The demo accounts' password (src/demo/accounts.ts; README "Demo accounts"). */
export const DEMO_PASSWORD = 'atelier-demo';

/**
 * Full-page screenshots at desktop width and at a phone's 390 px (checked to fit it), kept with the
 * test's output for a person to look at; the viewport is put back afterwards.
 */
export async function screenshots(page: Page, name: string) {
  const desktop = page.viewportSize();
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsScreen(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}
