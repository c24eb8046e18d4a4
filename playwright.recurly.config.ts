// The Recurly browser journeys (e2e/recurly/, decision 039): the e2e server with Recurly as the billing
// provider, pointed at local stand-ins for Recurly's API and Recurly.js. Its own config and server, so
// the other journeys keep running against the sandbox: `npx playwright test -c playwright.recurly.config.ts`.
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4412);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e/recurly',
  testMatch: /\.recurly\.ts$/,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node e2e/recurly/serve-recurly.mjs',
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: 'localhost',
      SITE_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: 'warn',
      AUTH_TOKEN_TTL_SECONDS: process.env.AUTH_TOKEN_TTL_SECONDS ?? '60',
    },
  },
});
