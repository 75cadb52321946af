// What PostgreSQL hands back must look like what SQLite hands back (server/db/connect.ts): counts,
// bigint columns and sums as numbers, text compared bytewise (keyset cursors), booleans as 0/1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, isPostgres, type Db } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrations';
import { createScratchDatabase, testDatabaseUrl, type ScratchDatabase } from './pg-database';

const adminUrl = testDatabaseUrl();
if (!adminUrl) console.warn('pg-types.test.ts: PostgreSQL cases skipped; set TEST_DATABASE_URL to run them.');
const stores = adminUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(stores)('values read back from %s', (store) => {
  let dir: string;
  let scratch: ScratchDatabase | null = null;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'types-test-'));
    scratch = store === 'postgres' ? await createScratchDatabase(adminUrl ?? '') : null;
    db = createDb({ dataDir: dir, databaseUrl: scratch?.url ?? null });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers counts, bigint columns and sums as numbers', async () => {
    expect(isPostgres(db)).toBe(store === 'postgres');
    const dueAt = 1_800_000_000_123; // unix ms: past 2^31, inside 2^53
    await db.insertInto('scheduled_jobs').values([
      { job_key: 'a', kind: 'k', due_at: dueAt, payload: '{}', lease_owner: null, lease_until: null, attempts: 2 },
      { job_key: 'b', kind: 'k', due_at: dueAt + 1, payload: '{}', lease_owner: null, lease_until: null, attempts: 3 },
    ]).execute();
    const row = await db.selectFrom('scheduled_jobs')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('attempts').as('total'), eb.fn.max('due_at').as('latest')])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ n: 2, total: 5, latest: dueAt + 1 });
    expect((await db.selectFrom('scheduled_jobs').select('due_at').where('job_key', '=', 'a').executeTakeFirstOrThrow()).due_at).toBe(dueAt);
  });

  it('orders text bytewise, as the keyset cursors expect', async () => {
    const { rows } = await sql<{ v: string }>`select 'b' as v union all select 'B' union all select 'a' union all select '_' union all select 'A' order by v`.execute(db);
    expect(rows.map((r) => r.v)).toEqual(['A', 'B', '_', 'a', 'b']);
  });
});
