import { defineConfig, devices } from '@playwright/test';
import { baseConfig, desktopUse, webServer } from './e2e/playwright-base.ts';

const PORT = Number(process.env.E2E_PORT ?? 4310);
// Short session tokens, so journeys cross token expiry and e2e/session.spec.ts can wait one out.
const E2E_TOKEN_TTL_SECONDS = process.env.AUTH_TOKEN_TTL_SECONDS ?? '15';

export default defineConfig({
  ...baseConfig(PORT),
  testDir: 'e2e',
  projects: [
    { name: 'desktop', use: desktopUse, testIgnore: /phone\.spec\.ts/ },
    // A 390 px phone screen (issue 16): e2e/phone.spec.ts visits every page the journeys visit.
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, channel: undefined },
      testMatch: /(reading|phone)\.spec\.ts/,
    },
  ],
  // The tag ids (none are built in) and TAG_MANAGER_SCRIPT_URL: e2e/analytics.spec.ts answers the
  // pixel, insight and tag manager scripts with stubs (nothing leaves the machine).
  // WALLET_MERCHANT_ID: the payment pages show "Pay with wallet" (e2e/wallet.spec.ts; the sandbox stands in for the wallet).
  webServer: webServer('node e2e/serve.mjs', PORT, {
    PIXEL_ID: '100000000000002',
    INSIGHT_PARTNER_ID: '4877362',
    TAG_MANAGER_ID: 'GTM-TEST001',
    TAG_MANAGER_SCRIPT_URL: 'https://tags.atelier.test/gtm.js',
    AUTH_TOKEN_TTL_SECONDS: E2E_TOKEN_TTL_SECONDS,
    WALLET_MERCHANT_ID: 'merchant.atelier.test',
  }),
});
