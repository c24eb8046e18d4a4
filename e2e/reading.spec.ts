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

test('every reader can share a story: copy its link, or send it to LinkedIn, X, WhatsApp or email, with no third-party script', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL!).origin) elsewhere.push(request.url());
  });
  await page.goto('/');
  const story = (await page.locator('.card__headline a').first().getAttribute('href'))!;
  await page.goto(story);
  const storyUrl = `${baseURL}${story}`;
  const share = page.getByRole('group', { name: 'Share' });
  await expect(share.getByRole('link', { name: /^Share on LinkedIn/ })).toHaveAttribute(
    'href',
    `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(storyUrl)}`,
  );
  await expect(share.getByRole('link', { name: /^Share on X/ })).toHaveAttribute('href', /^https:\/\/x\.com\/intent\/post\?/);
  await expect(share.getByRole('link', { name: /^Share on WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  await expect(share.getByRole('link', { name: 'Share by email' })).toHaveAttribute('href', /^mailto:\?subject=/);
  // No gift link for a signed-out reader: that stays the members'.
  await expect(page.getByRole('button', { name: 'Share this story' })).toHaveCount(0);

  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(storyUrl);
  // Once the page runs, Copy link is a button: the four links left are the networks', each carrying the story's address.
  await expect(share.getByRole('link')).toHaveCount(4);
  for (const link of await share.getByRole('link').all()) expect(await link.getAttribute('href')).toContain(encodeURIComponent(storyUrl));
  await expectAccessible(page);
  expect(elsewhere, 'requests to other sites').toEqual([]);

  // Without JavaScript, Copy link is a plain link to the story.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(`${baseURL}${story}`);
  await expect(plain.getByRole('group', { name: 'Share' }).getByRole('link', { name: 'Copy link' })).toHaveAttribute('href', storyUrl);
  await noScript.close();
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
