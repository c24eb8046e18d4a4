import { globSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// One graphql instance: Pothos (loaded by Node) gets graphql's CommonJS build, so the tests must
// too, or Vite's "module" field would hand them the .mjs copy and schemas would not match.
const graphqlCommonJs = createRequire(import.meta.url).resolve('graphql');

const UNIT = 'src/**/*.test.{ts,tsx}';
const INTEGRATION = 'src/**/*.int.test.{ts,tsx}';

// Test files share their worker's modules (`isolate: false`, decision 066): loading the app's
// module graph afresh for every file was 70 % of the integration tests' time. The services hold
// their state per app, and each file builds its own app on its own database. A unit file that
// replaces a module or a global (vi.mock, vi.stubGlobal…) still gets a module graph of its own,
// found here rather than listed, so a new one cannot be forgotten. (UNIT also matches the
// integration files: they are left out, or they would run twice, the second time without their setup.)
const REPLACES_MODULES = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/;
const needsOwnModules = globSync(UNIT, { exclude: [INTEGRATION] }).filter((file) => REPLACES_MODULES.test(readFileSync(file, 'utf8')));

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
    isolate: false,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: [UNIT], exclude: [INTEGRATION, ...needsOwnModules] },
      },
      {
        extends: true,
        test: { name: 'unit, own modules', include: needsOwnModules, isolate: true },
      },
      {
        extends: true,
        test: { name: 'integration', include: [INTEGRATION], globalSetup: ['./src/test/global-setup.ts'] },
      },
    ],
  },
});
