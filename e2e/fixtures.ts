import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/** Pages fail the test on a console error or an uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
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
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).disableRules(['meta-viewport']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(summary, 'axe violations').toEqual([]);
}

export async function expectShell(page: Page, productName = 'Atelier') {
  await expect(page).toHaveTitle(productName);
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', 'width=device-width, initial-scale=1, maximum-scale=1');
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  const url = new URL(page.url());
  expect(canonical).toBe(`${url.origin}${url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`}`);
}
