// `npm run lint:cycles` (part of `npm run checks`): no import circles in domain/, machines/,
// adapters/, server/ and src/, type-only imports included, because a port file that imports its
// implementation's types is the coupling we removed (docs/decisions/0003). A lazy `import()` is
// exempt: it loads after both modules are ready. tests/structure/importCycles.test.ts checks that
// this rule finds the three kinds of circle and lets the lazy one pass.
/* global module */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circle. Move the shared type to a file of its own, or split the port (types only) from the file that '
        + 'chooses its implementation, as server/live/pubsub.ts and choosePubSub.ts do.',
      from: {},
      to: { circular: true, dependencyTypesNot: ['dynamic-import'], viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
  ],
  options: {
    // Count `import type` and type-only specifiers: TypeScript erases them, the coupling stays.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6'],
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
    // Hashes of the files: a warm run re-reads only what changed (CI starts cold).
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
