import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// One graphql instance: Pothos (loaded by Node) gets graphql's CommonJS build, so the tests must
// too, or Vite's "module" field would hand them the .mjs copy and schemas would not match.
const graphqlCommonJs = createRequire(import.meta.url).resolve('graphql');

// Two tiers (STYLE "Tests"): unit tests (*.test.ts, no database, no boot) and integration tests
// (*.int.test.ts: services and HTTP on a fresh copy of the migrated template database).
export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCommonJs }] },
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
