import { defineConfig } from 'vitest/config';

// The tests StrykerJS runs against each mutant of domain/ and machines/ (`npm run test:mutation`):
// the domain and model-based machine tests only, one flat project (the runner does not take
// vitest projects). The flows generator test is left out: it draws charts, it tests no rule.
// MUTATION_TESTS (comma-separated globs) narrows the tests, to try the setup on one file:
//   MUTATION_TESTS=tests/domain/dualPricing.test.ts npx stryker run --mutate domain/dualPricing.ts
const only = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    include: only && only.length > 0 ? only : ['tests/domain/**/*.test.ts', 'tests/machines/**/*.test.ts'],
    exclude: ['tests/machines/flows.test.ts', 'node_modules/**'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
