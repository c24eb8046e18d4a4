import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4310);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Short session tokens, so journeys cross token expiry and e2e/session.spec.ts can wait one out.
const E2E_TOKEN_TTL_SECONDS = process.env.AUTH_TOKEN_TTL_SECONDS ?? '15';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Generous: the first request for each image draws it, and CI shares two cores with the server.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    // localhost, not 127.0.0.1: WebAuthn needs a domain as relying party id (e2e/passkeys.spec.ts).
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
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /phone\.spec\.ts/ },
    // A 390 px phone screen (issue 16): e2e/phone.spec.ts visits every page the journeys visit.
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, channel: undefined },
      testMatch: /(reading|phone)\.spec\.ts/,
    },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The tag ids (none are built in) and TAG_MANAGER_SCRIPT_URL: e2e/analytics.spec.ts answers the
    // pixel, insight and tag manager scripts with stubs (nothing leaves the machine).
    // WALLET_MERCHANT_ID: the payment pages show "Pay with wallet" (e2e/wallet.spec.ts; the sandbox stands in for the wallet).
    env: {
      PORT: String(PORT),
      HOST: 'localhost',
      SITE_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: 'warn',
      PIXEL_ID: '100000000000002',
      INSIGHT_PARTNER_ID: '4877362',
      TAG_MANAGER_ID: 'GTM-TEST001',
      TAG_MANAGER_SCRIPT_URL: 'https://tags.atelier.test/gtm.js',
      AUTH_TOKEN_TTL_SECONDS: E2E_TOKEN_TTL_SECONDS,
      WALLET_MERCHANT_ID: 'merchant.atelier.test',
    },
  },
});
