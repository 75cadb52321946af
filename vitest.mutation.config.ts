import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// The tests StrykerJS runs against each mutant of domain/ and machines/ (`npm run test:mutation`):
// the domain and model-based machine tests only, one flat project (the runner does not take
// vitest projects). The flows generator test is left out: it draws charts, it tests no rule.
// MUTATION_TESTS (comma-separated globs) narrows the tests, to try the setup on one file:
//   MUTATION_TESTS=tests/domain/dualPricing.test.ts npx stryker run --mutate domain/dualPricing.ts
const only = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

// Under Stryker (its test runner processes have STRYKER_MUTATOR_WORKER) the model tests keep their
// generated paths in a directory of the run's sandbox (the working directory, new for every run and
// removed after it), so each mutant reuses the paths of the first run instead of generating them
// again (tests/machines/pathCache.ts). A `vitest run` with this config, and `npm test`, generate them;
// MUTATION_PATH_CACHE=off turns the cache off under Stryker too (to measure what it saves).
const underStryker = process.env.STRYKER_MUTATOR_WORKER !== undefined && process.env.MUTATION_PATH_CACHE !== 'off';
const pathCache = underStryker ? { MUTATION_PATH_CACHE: resolve('.path-cache') } : { MUTATION_PATH_CACHE: '' };

export default defineConfig({
  test: {
    include: only && only.length > 0 ? only : ['tests/domain/**/*.test.ts', 'tests/machines/**/*.test.ts'],
    exclude: ['tests/machines/flows.test.ts', 'node_modules/**'],
    environment: 'node',
    testTimeout: 60_000,
    env: pathCache,
  },
});
