import { defineConfig } from 'vitest/config';

// Two tiers (STYLE "Tests"): unit tests (*.test.ts, no database, no boot) and integration tests
// (*.int.test.ts: services and HTTP on a fresh copy of the migrated template database).
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./src/test/fail-on-console-error.ts'],
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], exclude: ['src/**/*.int.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['src/**/*.int.test.{ts,tsx}'], globalSetup: ['./src/test/global-setup.ts'] },
      },
    ],
  },
});
