// The Recurly browser journeys (e2e/recurly/, decision 039): the e2e server with Recurly as the billing
// provider, pointed at local stand-ins for Recurly's API and Recurly.js. Its own config and server, so
// the other journeys keep running against the sandbox: `npx playwright test -c playwright.recurly.config.ts`.
import { defineConfig } from '@playwright/test';
import { baseConfig, desktopUse, webServer } from './e2e/playwright-base.ts';

const PORT = Number(process.env.E2E_PORT ?? 4412);

export default defineConfig({
  ...baseConfig(PORT),
  testDir: 'e2e/recurly',
  testMatch: /\.recurly\.ts$/,
  projects: [{ name: 'desktop', use: desktopUse }],
  webServer: webServer('node e2e/recurly/serve-recurly.mjs', PORT, {
    AUTH_TOKEN_TTL_SECONDS: process.env.AUTH_TOKEN_TTL_SECONDS ?? '60',
  }),
});
