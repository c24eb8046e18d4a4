// Import cycles and the layers, type-only imports included (issue 14, decisions 023 and 028).
// ESLint's import-x/no-cycle skips `import type` by design, and a type-only cycle is one value import
// away from a module read before it is defined. The layer rules repeat eslint.config.js's (which an
// editor shows as you type) on the resolved paths, so no import form slips past them.
// Layers: web → server → modules → platform → shared/db/config (ARCHITECTURE.md "Layers").
const TESTS = '\\.test\\.tsx?$';

/** A rule forbidding files under `from` (tests aside) to import files under `to`. */
function layerRule(name, comment, from, to) {
  return { name, severity: 'error', comment, from: { path: from, pathNot: TESTS }, to };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Break the cycle by moving the shared types into a file of their own (see decision 023).',
      from: {},
      to: { circular: true },
    },
    layerRule(
      'shared-and-config-at-the-bottom',
      'src/shared (isomorphic) and src/config sit below every other layer.',
      '^src/(shared|config)/',
      { path: '^src/(platform|modules|server|web|demo)/' },
    ),
    layerRule(
      'platform-below-modules',
      'src/platform (server infrastructure: rate limits, loopback, the module contract) imports config, shared and db only.',
      '^src/platform/',
      { path: '^src/(modules|server|web|demo)/' },
    ),
    layerRule('modules-not-web', 'A module never imports the web app: page halves live in src/web (decision 028).', '^src/modules/', {
      path: '^src/web/',
    }),
    layerRule('modules-not-demo', 'A module never imports src/demo: the demo seed imports modules.', '^src/modules/', {
      path: '^src/demo/',
    }),
    {
      name: 'modules-not-server',
      severity: 'error',
      comment:
        'A module never imports src/server; its GraphQL files (graphql.ts, graphql-<part>.ts) may import the builder and the GraphQL error types.',
      from: { path: '^src/modules/', pathNot: `${TESTS}|/graphql(\\.ts|-[a-z]+\\.ts)$` },
      to: { path: '^src/server/' },
    },
    {
      name: 'module-graphql-only-the-builder',
      severity: 'error',
      comment: 'A module’s graphql.ts imports only src/server/graphql/builder.ts and errors.ts of src/server.',
      from: { path: '^src/modules/[^/]+/graphql(\\.ts|-[a-z]+\\.ts)$' },
      to: { path: '^src/server/', pathNot: '^src/server/graphql/(builder|errors)\\.ts$' },
    },
    {
      name: 'services-not-their-transport',
      severity: 'error',
      comment: 'Only GraphQL files import a GraphQL file: put shared types beside the service (e.g. types.ts).',
      from: { path: '^src/modules/', pathNot: `${TESTS}|/graphql(\\.ts|-[a-z]+\\.ts)$` },
      to: { path: '^src/modules/[^/]+/graphql(\\.ts|-[a-z]+\\.ts)$' },
    },
    {
      name: 'no-other-modules-tables-or-stores',
      severity: 'error',
      comment: 'A module reads another module through its service and types, never its schema.ts or *-store.ts.',
      from: { path: '^src/modules/([^/]+)/', pathNot: TESTS },
      to: { path: '^src/modules/[^/]+/(schema|[a-z-]+-store)\\.ts$', pathNot: '^src/modules/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)\\.react-router/' },
    // Count `import type` too: that is the point of this check.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
