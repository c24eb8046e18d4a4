// The buying path of a new reader, end to end and measured (issue 16, decision 036): signed out →
// a members' story → the pay wall's offer → create an account → pay with 4242 → confirm the email
// address with the emailed code → back on the story, in full. The test counts what the reader goes
// through and prints it:
// - screens: every new thing the reader is shown, i.e. a navigation (document load or client
//   navigation) to a new address, or a new page title (h1) in place, as the purchase confirmation is;
// - clicks and inputs: the controls the reader presses and the fields they type into (fields the
//   page fills in for them do not count);
// - document loads: full page loads in the main frame.
// Before decision 036 (issue 16, measured by hand in Chromium) the same path was 10 screens,
// 9 clicks, 13 inputs and 7 document loads. The plan and the story are asserted on every step.
import type { Locator, Page } from '@playwright/test';
import { emailedCode, expect, expectAccessible, newEmail, premiumStory, presetConsent, test, TEST_PASSWORD } from './fixtures.ts';

test.describe.configure({ timeout: 240_000 });

interface Counts {
  screens: number;
  clicks: number;
  inputs: number;
  documentLoads: number;
}

/** Starts counting on this page: documents loaded, and screens (a new address or a new h1). */
async function startCounting(page: Page): Promise<{ counts: Counts; seen: string[] }> {
  const counts: Counts = { screens: 0, clicks: 0, inputs: 0, documentLoads: 0 };
  const seen: string[] = [];
  let last = '';
  const screen = (path: string, title: string) => {
    // One screen per address, and one more whenever the title changes in place.
    const key = `${path} | ${title}`;
    if (title === '' || key === last) return;
    last = key;
    seen.push(key);
    counts.screens++;
  };
  await page.exposeBinding('__buyingScreen', (_source, path: string, title: string) => screen(path, title));
  await page.addInitScript(() => {
    const report = () => {
      const h1 = document.querySelector('h1')?.textContent?.trim() ?? '';
      (window as unknown as { __buyingScreen?: (path: string, title: string) => void }).__buyingScreen?.(location.pathname, h1);
    };
    new MutationObserver(report).observe(document, { subtree: true, childList: true, characterData: true });
    addEventListener('DOMContentLoaded', report);
  });
  page.on('load', () => counts.documentLoads++);
  return { counts, seen };
}

test('a new reader buys from the pay wall and reads the story: the plan and the story survive every step', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // The consent banner is answered beforehand (e2e/analytics.spec.ts covers it): only the journey counts.
  await presetConsent(context, baseURL!);
  const story = await premiumStory(page);
  const { counts, seen } = await startCounting(page);
  const click = async (target: Locator) => {
    counts.clicks++;
    await target.click();
  };
  const type = async (target: Locator, value: string) => {
    counts.inputs++;
    await target.fill(value);
  };

  // 1. The story, signed out: the pay wall and its offer (either A/B variant).
  await page.goto(story);
  const wall = page.locator('aside.wall--pay');
  await expect(wall).toBeVisible();
  const offer = wall.getByRole('link', { name: /^(Start your free trial|See the annual offer)$/ });
  const offerHref = (await offer.getAttribute('href'))!;
  const plan = new URL(offerHref, baseURL).searchParams.get('plan')!;
  const planTitle = plan === 'individual_annual_trial_v1' ? 'Annual' : 'Standard';
  const trialDays = plan === 'individual_annual_trial_v1' ? 14 : 30;
  await click(offer);

  // 2. Create an account (not "Sign in — Welcome back"): the plan is named; signing in is one link away and keeps it.
  await expect(page).toHaveURL(/\/user\/register\/\?flow=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(page.getByText(`${planTitle} membership`, { exact: true })).toBeVisible();
  await expect(page.getByText(`your free ${trialDays}-day ${planTitle} trial`)).toBeVisible();
  const signIn = new URL((await page.getByRole('link', { name: 'Sign in', exact: true }).last().getAttribute('href'))!, baseURL);
  const carried = new URL(signIn.searchParams.get('return_to')!);
  expect(carried.searchParams.get('plan')).toBe(plan);
  expect(carried.searchParams.get('return_to')).toBe(story);
  await expect(page.getByText('(optional)')).toHaveCount(0);
  await expectAccessible(page);
  const email = newEmail();
  await type(page.getByLabel('Email address'), email);
  await type(page.getByLabel('First name'), 'Ada');
  await type(page.getByLabel('Last name'), 'Okafor');
  await type(page.getByLabel('Password', { exact: true }), TEST_PASSWORD);
  await click(page.getByRole('button', { name: 'Create account', exact: true }));

  // 3. Straight on to pay for the same plan (no code, no one-more-step yet); the billing names are filled in.
  await expect(page).toHaveURL(/\/subscriptions\/individuals\/payment\/\?/);
  const payment = new URL(page.url());
  expect(payment.searchParams.get('plan')).toBe(plan);
  expect(payment.searchParams.get('return_to')).toBe(story);
  await expect(page.getByRole('heading', { level: 1, name: `Join ${planTitle}` })).toBeVisible();
  await expect(page.getByText(`Free for ${trialDays} days`)).toBeVisible();
  await expect(page.getByLabel('Last name')).toHaveValue('Okafor');
  // The code is in the mailbox already (sent at registration); the receipt will be the newest mail after paying.
  const code = await emailedCode(request, email, 'verification_code');
  await type(page.getByLabel('Card number'), '4242 4242 4242 4242');
  await type(page.getByLabel('Expiry date'), '12/34');
  await type(page.getByLabel('Security code'), '123');
  await click(page.getByRole('button', { name: 'Start free trial' }));

  // 4. The purchase is confirmed; the way on is the emailed code, then the story.
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${planTitle}` })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Your free trial has started');
  await expectAccessible(page);
  await click(page.getByRole('link', { name: 'Confirm your email address' }));

  // 5. The code, with the plan still named; it leads back to the story.
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  await expect(page.getByText(`Your ${planTitle} membership is ready`)).toBeVisible();
  await expectAccessible(page);
  await type(page.getByLabel('Confirmation code'), code);
  await click(page.getByRole('button', { name: 'Confirm email address' }));

  // 6. The story, in full.
  await expect(page).toHaveURL(new RegExp(`${story}$`));
  await expect(page.locator('aside.wall')).toHaveCount(0);
  expect(await page.locator('.story__body p').count()).toBeGreaterThan(2);

  const summary = `buying path: ${counts.screens} screens, ${counts.clicks} clicks, ${counts.inputs} inputs, ${counts.documentLoads} document loads (before: 10 screens, 9 clicks, 13 inputs, 7 document loads)`;
  console.log(`${summary}\n  ${seen.join('\n  ')}`);
  test.info().annotations.push({ type: 'counts', description: summary });
  // Fewer of everything than before decision 036.
  expect(counts.screens).toBeLessThan(10);
  expect(counts.clicks).toBeLessThan(9);
  expect(counts.inputs).toBeLessThan(13);
  expect(counts.documentLoads).toBeLessThan(7);
});
