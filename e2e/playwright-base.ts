// What playwright.config.ts and playwright.recurly.config.ts share: the same browser, timings and
// server start, so a journey behaves alike whichever billing provider the server runs with.
import { devices, type PlaywrightTestConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The settings every journey config starts from, for a server on `port`. */
export function baseConfig(port: number): PlaywrightTestConfig {
  return {
    fullyParallel: true,
    workers: 2,
    retries: 0,
    reporter: [['list']],
    // Generous: the first request for each image draws it, and CI shares two cores with the server.
    timeout: 90_000,
    expect: { timeout: 15_000 },
    use: {
      // localhost, not 127.0.0.1: WebAuthn needs a domain as relying party id (e2e/passkeys.spec.ts).
      baseURL: `http://localhost:${port}`,
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
  };
}

/** The desktop browser (Chromium from the machine, not a Playwright download: no channel). */
export const desktopUse = { ...devices['Desktop Chrome'], channel: undefined };

/** The e2e server `command` on `port`, ready when /readyz answers; `env` adds to the common settings. */
export function webServer(command: string, port: number, env: Record<string, string>): PlaywrightTestConfig['webServer'] {
  return {
    command,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: 'localhost', SITE_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn', ...env },
  };
}
