// The browser runs on Preact while the server renders with React (decision 057): hydration must
// take over the server's markup as it is. A botched one shows no error of its own: it rebuilds the
// document (a second <html>, a new <body>), drops the server's style sheets, or leaves links on
// the wrong elements, so moving between pages removes the wrong style sheet. (Inline scripts it
// inserts again break the CSP, which the fixtures' console check catches.) These journeys watch
// the DOM from before the first script runs.
import type { Page } from '@playwright/test';
import { expect, test, wholePageHydrated } from './fixtures.ts';

/** Records what a botched hydration does to the server's markup, from before any page script. */
async function watchTheServerMarkup(page: Page) {
  await page.addInitScript(() => {
    const removed: Element[] = [];
    const added: string[] = [];
    const structural = 'html, head, body, header, main, footer, article, h1';
    const name = (node: Element) => `<${node.localName}${node.id ? `#${node.id}` : ''}>`;
    (window as unknown as { hydrationDamage: () => string[] }).hydrationDamage = () => [
      // Moved is fine (Preact puts a node where the page renders it); gone is not.
      ...removed.filter((node) => !node.isConnected).map((node) => `removed ${name(node)}`),
      ...added,
    ];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes)
          if (node instanceof Element && (node.matches(`${structural}, link[rel="stylesheet"]`) || node.querySelector(structural)))
            removed.push(node);
        // The parser adds these once, at the start; a second set means the document was rebuilt.
        for (const node of record.addedNodes)
          if (node instanceof Element && node.matches('html, head, body') && document.readyState !== 'loading')
            added.push(`added ${name(node)}`);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

async function hydrated(page: Page) {
  await wholePageHydrated(page);
  await page.waitForLoadState('networkidle');
}

async function damage(page: Page) {
  return page.evaluate(() => (window as unknown as { hydrationDamage: () => string[] }).hydrationDamage());
}

/** The build's style sheets (the consent banner adds its own, from /static/, when it opens). */
async function styleSheets(page: Page) {
  return page
    .locator('head link[rel="stylesheet"][href^="/assets/"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
}

test('reading pages and a form hydrate onto the server’s markup without rebuilding it', async ({ page }) => {
  await watchTheServerMarkup(page);
  await page.goto('/');
  const story = (await page.locator('.card__headline a').first().getAttribute('href'))!;
  for (const path of ['/', story, '/topics/news/', '/subscriptions/packages/', '/user/login/']) {
    await page.goto(path);
    await hydrated(page);
    expect(await damage(page), path).toEqual([]);
    await expect(page.locator('html > head')).toHaveCount(1);
    await expect(page.locator('html > body')).toHaveCount(1);
  }
});

test('after hydration, moving between pages swaps exactly the route style sheets', async ({ page }) => {
  await watchTheServerMarkup(page);
  await page.goto('/events/');
  await hydrated(page);
  const events = await styleSheets(page);
  // The events listing brings its own style sheet besides the root's (the home page has the root's only).
  expect(events.length).toBeGreaterThan(1);
  const root = events[0]!;

  await page.locator('header a.wordmark').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.card__headline a').first()).toBeVisible();
  await expect.poll(() => styleSheets(page)).toEqual([root]);

  await page.goBack();
  await expect(page).toHaveURL(/\/events\/$/);
  await expect.poll(() => styleSheets(page)).toEqual(events);
  await expect(page.locator('head title')).toHaveCount(1);
});

test('cards and a story’s text keep the server’s elements at hydration, and their links move in the page', async ({ page }) => {
  // Each element the server wrote inside a kept part gets a mark the parser cannot give it: if
  // hydration built the part again, the new elements would have none (decision 060).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      for (const element of document.querySelectorAll('[data-prerendered] *'))
        (element as Element & { fromServer?: true }).fromServer = true;
    });
  });
  const unmarked = () =>
    page.evaluate(() => [...document.querySelectorAll('[data-prerendered] *')].filter((element) => !('fromServer' in element)).length);

  await page.goto('/');
  await hydrated(page);
  expect(await page.locator('[data-prerendered] .card').count()).toBeGreaterThan(10);
  expect(await unmarked()).toBe(0);

  // A card's link navigates in the page, as a <Link> does: the window (and this mark) survives.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  const card = page.locator('.home__latest .card__headline a').first();
  const headline = (await card.textContent())!;
  await card.click();
  await expect(page.locator('h1')).toHaveText(headline);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  // The story reached in the page renders its text, footer and related cards itself.
  await expect(page.locator('.story__body p').first()).toBeVisible();
  await expect(page.locator('.story__footer .tags a').first()).toBeVisible();

  // Back on the home page (rendered in the browser this time) every card is there.
  await page.goBack();
  await expect(page.locator('.home__latest .card')).toHaveCount(12);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  // The section links (kept too) mark the section on screen, again after moving in the page.
  const sections = page.getByRole('navigation', { name: 'Sections', exact: true });
  await expect(sections.locator('[aria-current="page"]')).toHaveText('Home');
  const news = sections.getByRole('link', { name: 'News', exact: true });
  await news.click();
  await expect(page).toHaveURL(/\/topics\/news\/$/);
  await expect(sections.locator('[aria-current="page"]')).toHaveText('News');
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  // A story loaded from the server (the topic's lead) keeps its text as written.
  await page.goto((await page.locator('.listing__lead .card__headline a').getAttribute('href'))!);
  await hydrated(page);
  expect(await page.locator('.story__body [data-prerendered], .story__body[data-prerendered]').count()).toBe(1);
  expect(await unmarked()).toBe(0);
});

test('what a reader types before the page’s script has run is kept when it hydrates', async ({ page }) => {
  // The page's scripts are held back until the reader has typed, as a slow phone would hold them.
  let holding = true;
  const held: (() => Promise<void>)[] = [];
  await page.route('**/assets/**/*.js', (route) => (holding ? held.push(() => route.continue()) : route.continue()));
  // (The held scripts may hold the load event back too.)
  await page.goto('/subscriptions/groups/?currency=GBP', { waitUntil: 'domcontentloaded' });
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const seats = page.getByRole('spinbutton', { name: 'Seats' });
  await seats.fill('12');

  holding = false;
  await Promise.all(held.map((release) => release()));
  await hydrated(page);
  // The calculator (a controlled field) took the typed number, and prices it.
  await expect(seats).toHaveValue('12');
  await expect(page.getByText('12 seats × £345 a seat')).toBeVisible();
  await page.getByRole('button', { name: 'One seat more' }).click();
  await expect(seats).toHaveValue('13');
});

test('the masthead’s controls and the footer hydrate after the page, on the server’s elements, and then work in the page', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  // The masthead's bar, the footer and the footer's newsletter form.
  expect(html.match(/data-hydrate-later/g)).toHaveLength(3);
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      for (const element of document.querySelectorAll('[data-hydrate-later], [data-hydrate-later] *'))
        (element as Element & { fromServer?: true }).fromServer = true;
    });
  });
  await page.goto('/');
  await hydrated(page);
  // Built again, they would be new elements (a hidden field the form adds once hydrated is new).
  const rebuilt = await page.evaluate(
    () =>
      [...document.querySelectorAll('.masthead__bar :is(form, input, a), footer :is(form, a, ul, li, input:not([type="hidden"]))')].filter(
        (element) => !('fromServer' in element),
      ).length,
  );
  expect(rebuilt).toBe(0);

  // The footer's sign-up answers in place (a fetcher), so it is hydrated: the window survives.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  const footer = page.locator('footer');
  await footer.getByLabel('Your email').fill(`footer-${Date.now()}@example.com`);
  await footer.getByRole('button', { name: 'Sign up' }).click();
  await expect(footer.getByText('Check your inbox: we sent a link to confirm your sign-up.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  // And the masthead's links move in the page.
  await page.locator('.masthead__bar').getByRole('link', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/subscriptions\/packages\/$/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

// A browser's first Intl formatter costs 65 ms and more on a phone, inside hydration's task, so the
// pages a reader lands on write their dates without one (shared/dates.ts) and make none as they load.
test('reading pages and a form make no Intl formatter while they load and hydrate', async ({ page }) => {
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { intlMade: string[] }).intlMade = made;
    for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat'] as const) {
      const original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(original, {
        construct(target, args) {
          made.push(`Intl.${name} ${new Error().stack?.split('\n')[2]?.trim() ?? ''}`);
          return new target(...(args as unknown[]));
        },
      });
    }
  });
  await page.goto('/');
  const story = (await page.locator('.card__headline a').first().getAttribute('href'))!;
  for (const path of ['/', story, '/topics/news/', '/subscriptions/packages/', '/user/login/']) {
    await page.goto(path);
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade), path).toEqual([]);
  }
});
