// `npm run dev` as a developer meets it (issue 16): a page from the development server, in
// Chromium, looks as in production (the site's styles apply, nothing blocked by the CSP, no
// hydration error); the log is readable, one line per request a reader made; and the server is
// one site at one address (a loopback alias is sent to SITE_URL, the one address logged).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inPostgresPass } from '../test/passes.ts';
import { freePort } from '../test/free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe.skipIf(inPostgresPass)('the development server (npm run dev)', () => {
  it('serves a styled page without CSP or hydration errors, logs one line per page and one address', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/dev.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_CONTENT: 'false',
        LOG_LEVEL: 'info',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'atelier-dev-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      // Vite's first start bundles the dependencies: up to 3 minutes on a busy 2-core machine.
      for (let i = 0; i < 720 && !output.includes('development server on') && child.exitCode === null; i++)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(output).toContain(`development server on http://localhost:${port}`);
      // One address: not Fastify's "Server listening at" for each interface.
      expect(output).not.toContain('127.0.0.1');
      expect(output).not.toMatch(/^\{"level"/m); // pretty, not JSON

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
      const requestLines = output.split('\n').filter((line) => / INFO: (?:GET|HEAD|POST) \//.test(line));
      expect(
        requestLines.filter((line) => / GET \/ /.test(line)).map((line) => line.replace(/^.* INFO: /, '').replace(/ \d+ ms$/, '')),
      ).toEqual(['GET / 307', 'GET / 200']);
      expect(requestLines.filter((line) => /\/(?:@|src\/|node_modules\/|img\/|static\/)/.test(line))).toEqual([]);
    } finally {
      await browser.close();
      child.kill('SIGTERM');
      // A server that does not stop must not outlive the test.
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 10_000).unref();
    }
  }, 420_000);
});
