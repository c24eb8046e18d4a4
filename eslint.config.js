import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

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
  // The direction rules that hold today, so they cannot regress. Each block covers one layer; a file
  // must fall in one block only, as a later no-restricted-imports replaces an earlier one.
  {
    files: ['src/shared/**', 'src/config/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layer(['modules', 'server', 'web'], 'src/shared and src/config sit below every other layer.')] },
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
    ignores: ['**/*.test.ts', 'src/modules/*/graphql.ts'],
    rules: { 'no-restricted-imports': ['error', modulesMayImport({ builder: false })] },
  },
  {
    files: ['src/modules/*/graphql.ts'],
    rules: { 'no-restricted-imports': ['error', modulesMayImport({ builder: true })] },
  },
);

/** A no-restricted-imports pattern refusing relative imports of the given folders under src/. */
function layer(folders, message) {
  return { group: folders.map((folder) => `**/${folder}/**`), message };
}

/**
 * A module never imports its own graphql.ts (the transport depends on the service, not the other way),
 * and of src/server only its graphql.ts may import the builder. The three other src/server files
 * listed are today's imports (issue 14 moves them out); no new ones.
 */
function modulesMayImport({ builder }) {
  const allowed = ['graphql/errors.ts', 'rate-limits.ts', 'loopback.ts', ...(builder ? ['graphql/builder.ts'] : [])];
  return {
    paths: ['./graphql.ts', '../graphql.ts'].map((name) => ({
      name,
      message: 'Services never import their GraphQL file: put shared types in the module (e.g. types.ts).',
    })),
    // A regex, as a gitignore pattern cannot re-include a file below an excluded folder.
    patterns: [
      {
        regex: `^(\\.\\./)+server/(?!(${allowed.map((file) => file.replaceAll('.', '\\.')).join('|')})$)`,
        message: 'A module does not import src/server (its graphql.ts may import the builder).',
      },
    ],
  };
}
