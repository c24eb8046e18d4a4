// Import cycles, type-only imports included (issue 14): ESLint's import-x/no-cycle skips `import type`
// by design, and a type-only cycle is one value import away from a module read before it is defined.
// The layer rules live in eslint.config.js (no-restricted-imports); this file checks cycles only.
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)\\.react-router/' },
    // Count `import type` too: that is the point of this check.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
