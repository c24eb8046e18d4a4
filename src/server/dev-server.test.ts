// `npm run dev` as a developer meets it (issue 16): a page from the development server, in
// Chromium, looks as in production (the site's styles apply, nothing blocked by the CSP, no
// hydration error); the log is readable, one line per request a reader made; and the server is
// one site at one address (a loopback alias is sent to SITE_URL, the one address logged).
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inPostgresPass } from '../test/passes.ts';
import { spawnSite } from '../test/spawn-site.ts';

describe.skipIf(inPostgresPass)('the development server (npm run dev)', () => {
  it('serves a styled page without CSP or hydration errors, logs one line per page and one address', async () => {
    const site = await spawnSite('src/server/dev.ts');
    const { port } = site;
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      // Vite's first start bundles the dependencies: up to 3 minutes on a busy 2-core machine.
      await site.waitFor('development server on', 180_000);
      expect(site.output).toContain(`development server on http://localhost:${port}`);
      // One address: not Fastify's "Server listening at" for each interface.
      expect(site.output).not.toContain('127.0.0.1');
      expect(site.output).not.toMatch(/^\{"level"/m); // pretty, not JSON

      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // The address a developer might type: the server sends it to the site URL.
      const response = await page.goto(`http://127.0.0.1:${port}/`, { timeout: 180_000 });
      expect(response?.status()).toBe(200);
      expect(page.url()).toBe(`http://localhost:${port}/`);
      // Hydrated: React Router drops the server's critical CSS, so from here on the styles are Vite's own.
      await page.waitForFunction(() => !document.querySelector('[data-react-router-critical-css]'), undefined, { timeout: 120_000 });
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
      const styles = await page.evaluate(() => ({
        body: getComputedStyle(document.body).fontFamily,
        masthead: getComputedStyle(document.querySelector('.masthead__bar')!).display,
      }));
      expect(styles).toEqual({ body: expect.stringContaining('Inter') as unknown, masthead: 'flex' });
      expect(problems.filter((text) => /Content Security Policy|hydrat|did(?:n't| not) match/i.test(text))).toEqual([]);
      expect(problems).toEqual([]);

      // One line per request a reader made: the redirect and the page; no Vite module, no file.
      const requestLines = site.output.split('\n').filter((line) => / INFO: (?:GET|HEAD|POST) \//.test(line));
      expect(
        requestLines.filter((line) => / GET \/ /.test(line)).map((line) => line.replace(/^.* INFO: /, '').replace(/ \d+ ms$/, '')),
      ).toEqual(['GET / 307', 'GET / 200']);
      expect(requestLines.filter((line) => /\/(?:@|src\/|node_modules\/|img\/|static\/)/.test(line))).toEqual([]);
    } finally {
      await browser.close();
      site.stop(10_000);
    }
  }, 420_000);
});
