import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectShell, test } from './fixtures.ts';

test('a reader goes from the home page to a story, its topic and its author', async ({ page }) => {
  await page.goto('/');
  await expectShell(page);
  const lead = page.getByRole('region', { name: 'Top stories' }).getByRole('heading', { level: 2 }).first();
  await expect(lead).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Most read' })).toBeVisible();
  await expectAccessible(page);

  // Open the first free story in the Latest list.
  const headline = (await lead.textContent())!.trim();
  await lead.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
  await expectShell(page);
  await expect(page.locator('.story__hero img')).toBeVisible();
  // The image is drawn on first request; wait for it to arrive rather than sleeping.
  await expect
    .poll(() => page.locator('.story__hero img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expectAccessible(page);

  // Its primary topic.
  const topicLink = page.locator('.story__header .kicker a').first();
  const topicName = (await topicLink.textContent())!.trim();
  await topicLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(topicName);
  await expectShell(page);
  await expectAccessible(page);

  // An author from a story on that topic.
  await page.locator('.card__headline a').first().click();
  const author = page.locator('.byline__names a').first();
  const authorName = (await author.textContent())!.trim();
  await author.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(authorName);
  await expect(page.getByRole('heading', { name: `Stories by ${authorName}` })).toBeVisible();
  await expectShell(page);
  await expectAccessible(page);
});

test('a premium story shows its lead-in and the pay wall, not its full text', async ({ page }) => {
  await page.goto('/');
  await page.goto(await firstStoryWithBadge(page, 'Members'));
  await expect(page.getByRole('heading', { name: 'This story is for members' })).toBeVisible();
  await expect(page.locator('.story__body p')).toHaveCount(2);
  await expectAccessible(page);
});

test('legal, careers, the series and case studies pages, and the 404 page', async ({ page }) => {
  await page.goto('/legal/#terms');
  await expect(page.getByRole('heading', { name: 'Terms and conditions' })).toBeVisible();
  await expect(page.locator('#privacy')).toHaveCount(1);
  await expectShell(page);
  await expectAccessible(page);

  await page.goto('/careers/');
  await expect(page.getByRole('link', { name: 'Browse and apply for jobs' })).toHaveAttribute('href', /^https:\/\//);
  await expectAccessible(page);

  await page.goto('/series/bof-insights/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('BoF Insights');
  await expectAccessible(page);

  await page.goto('/case-studies/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Case Studies');

  const response = await page.goto('/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'We couldn’t find that page' })).toBeVisible();
  await expectShell(page);
  await expectAccessible(page);
});

test('paths without a trailing slash redirect to the slash form', async ({ page }) => {
  await page.goto('/legal');
  expect(new URL(page.url()).pathname).toBe('/legal/');
});

test('the section navigation is reachable by keyboard with a visible focus ring', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
});

async function firstStoryWithBadge(page: Page, badge: string): Promise<string> {
  const card = page.locator('.card', { has: page.locator('.badge', { hasText: new RegExp(`^${badge}$`) }) }).first();
  const href = await card.locator('.card__headline a').getAttribute('href');
  if (!href) throw new Error(`no story with the ${badge} badge on the home page`);
  return href;
}
