import { describe, expect, it } from 'vitest';
import { reachesStore, skipReason, storeTestFiles } from '../../scripts/pg/storeTests';

// The PostgreSQL pass of .ci/run runs only the tests/server files that can reach the store
// (scripts/pg/storeTests.ts). These checks keep the rule from quietly dropping a store test.

describe('the PostgreSQL pass selection', () => {
  const { run, skipped } = storeTestFiles();

  it('runs the files whose subject is the store: SQL, migrations, tenancy, transactions, processes sharing it', () => {
    for (const file of [
      'tests/server/orders.test.ts', // through startServer
      'tests/server/insights.test.ts', // signedInPair and SQL of its own
      'tests/server/insightsMigration.test.ts',
      'tests/server/tenancy.test.ts',
      'tests/server/idempotency.test.ts',
      'tests/server/pg-types.test.ts', // TEST_DATABASE_URL directly
      'tests/server/cluster.test.ts', // two processes, through a helper of tests/server
      'tests/server/payments.test.ts',
      'tests/server/serverBundle.test.ts',
    ]) expect(run, file).toContain(file);
  });

  it('follows test helpers to what they open, and ignores type-only imports', () => {
    expect(reachesStore('tests/server/harness.ts')).toBe(true);
    expect(reachesStore('tests/server/two-processes.ts')).toBe(true);
    // Imports the harness for its types only: it opens nothing itself.
    expect(reachesStore('tests/server/mailWait.ts')).toBe(false);
  });

  it('leaves out only files that open no database, or that say why the store is not their subject', () => {
    expect(skipped.map(({ file }) => file)).toEqual(expect.arrayContaining(['tests/server/geo.test.ts', 'tests/server/bulk-limits.test.ts', 'tests/server/apiDocs.test.ts']));
    for (const { file, reason } of skipped) {
      expect(reason.length, `${file} gives a reason`).toBeGreaterThan(10);
      if (reason !== 'opens no database') expect(reachesStore(file), file).toBe(true);
    }
    expect(skipReason('tests/server/apiDocs.test.ts')).toMatch(/OpenAPI/);
    // Most of the folder stays in the pass.
    expect(run.length).toBeGreaterThan(2 * skipped.length);
  });
});
