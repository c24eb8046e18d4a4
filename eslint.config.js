import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/** The module folders, for the rule that no module reads another's tables or stores. */
const MODULES = readdirSync(new URL('./src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ['build/', 'dist/', 'node_modules/', '.react-router/', 'drizzle/', 'test-results/', 'playwright-report/', '.cache/', 'data/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through src/config (loadConfig).' },
      ],
    },
  },
  {
    // Entry points, tooling and tests may read the environment directly.
    files: ['src/config/**', 'src/test/**', 'scripts/**', 'e2e/**', 'bench/**', '*.config.ts', '**/*.test.ts', 'src/server/main.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Imports point one way (ARCHITECTURE.md, issue 14): a cycle fails the lint gate. import-x skips
    // type-only imports by design, so a type-only cycle is caught by dependency-cruiser
    // (.dependency-cruiser.cjs, run by `npm run lint`); see decision 023.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The layers (ARCHITECTURE.md "Layers", decisions 023 and 028): web → server → modules → platform →
  // shared/db/config. Each block covers one layer; a file must fall in one block only, as a later
  // no-restricted-imports replaces an earlier one. Tests are outside the layer rules (they build whole
  // apps) but not outside the cycle checks. .dependency-cruiser.cjs checks the same rules again.
  {
    files: ['src/shared/**', 'src/config/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layer(['platform', 'modules', 'server', 'web', 'demo'], 'src/shared and src/config sit below every other layer.')] },
      ],
    },
  },
  {
    files: ['src/platform/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(['modules', 'server', 'web', 'demo'], 'src/platform sits below the modules: it imports config, shared and db only.'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer(['web'], 'The database layer never imports the web app.')] }] },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layer(['web/routes'], 'The server never imports a page; pages reach the server through the load context.')] },
      ],
    },
  },
  {
    files: ['src/modules/**'],
    ignores: ['**/*.test.ts', 'src/modules/*/graphql.ts', 'src/modules/*/graphql-*.ts'],
    rules: { 'no-restricted-imports': ['error', moduleImports({ graphql: false })] },
  },
  {
    files: ['src/modules/*/graphql.ts', 'src/modules/*/graphql-*.ts'],
    rules: { 'no-restricted-imports': ['error', moduleImports({ graphql: true })] },
  },
  {
    // A module reads another module through its service and types, never its tables or stores.
    files: ['src/modules/**'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: MODULES.map((name) => ({
            target: `./src/modules/${name}`,
            from: [`./src/modules/!(${name})/**/schema.ts`, `./src/modules/!(${name})/**/*-store.ts`],
            message: 'A module never reads another module’s tables or stores: call its service (or import its types).',
          })),
        },
      ],
    },
  },
);

/** A no-restricted-imports pattern refusing relative imports of the given folders under src/. */
function layer(folders, message) {
  return { group: folders.map((folder) => `**/${folder}/**`), message };
}

/**
 * A module imports shared, db, config, platform and other modules' services and types. It never
 * imports the web app, src/demo or its own graphql.ts (the transport depends on the service, not the
 * other way); of src/server, only a module's graphql.ts imports the GraphQL builder and error types.
 */
function moduleImports({ graphql }) {
  const server = graphql
    ? {
        regex: '^(\\.\\./)+server/(?!graphql/(builder|errors)\\.ts$)',
        message: 'A module’s graphql.ts imports only src/server/graphql/builder.ts and errors.ts of src/server.',
      }
    : { regex: '^(\\.\\./)+server/', message: 'A module never imports src/server (only its graphql.ts imports the builder).' };
  return {
    // A module's GraphQL files may import each other (graphql-<part>.ts uses graphql.ts's types).
    paths: (graphql ? [] : ['./graphql.ts', '../graphql.ts']).map((name) => ({
      name,
      message: 'Services never import their GraphQL file: put shared types in the module (e.g. types.ts).',
    })),
    patterns: [
      server,
      {
        regex: '^(\\.\\./)+web/',
        message: 'A module never imports the web app: page halves live in src/web, shared code in src/shared (decision 028).',
      },
      { regex: '^(\\.\\./)+demo/', message: 'A module never imports src/demo: the demo seed imports modules, not the other way.' },
    ],
  };
}
