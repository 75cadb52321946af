// A fresh PostgreSQL database per test server, a copy of the migrated template (migratedTemplates.ts),
// made from TEST_DATABASE_URL (an account that may CREATE DATABASE; scripts/pg/ensure-postgres.sh
// prints one and drops the leftovers of earlier runs, whose names start with portal_test_).
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { migratedPostgresTemplate, skipCommitFlush } from './migratedTemplates';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The admin URL when the run targets PostgreSQL; undefined runs everything on SQLite. */
export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL?.trim() || undefined;

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * FORCE ends the test server's leftover connections. It is refused when an autovacuum worker is on the
 * database and the role lacks pg_signal_backend (an older ensure-postgres.sh); a plain DROP then asks
 * autovacuum to leave and waits for it.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } catch (error) {
    if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
    await client.query(`DROP DATABASE IF EXISTS "${name}"`);
  }
}

/**
 * A new database, or with `stableFor` (a test's own DATA_DIR) the one named after it, so a server
 * restarted on the same directory finds its data again.
 */
export async function createScratchDatabase(adminUrl: string, stableFor?: string): Promise<ScratchDatabase> {
  const suffix = stableFor ? createHash('sha256').update(stableFor).digest('hex').slice(0, 16) : randomBytes(8).toString('hex');
  const name = `portal_test_${suffix}`;
  const template = await migratedPostgresTemplate(adminUrl);
  await withAdmin(adminUrl, async (client) => {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    // A copy of the migrated template (C collation, like SQLite's bytewise text order).
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      await skipCommitFlush(client, name);
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (client) => dropDatabase(client, name)),
  };
}
