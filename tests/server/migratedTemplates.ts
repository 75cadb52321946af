// Migrations run once per test run and store, not once per test server: a migrated, empty template
// per store is copied for each server (SQLite: the file; PostgreSQL: CREATE DATABASE ... TEMPLATE).
// Each server still seeds its own copy, because the demo seed is relative to the clock (today's orders).
// Templates are named after the migrations' source, so a changed or added migration makes a new one.
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrations';

const MIGRATIONS_DIR = join(import.meta.dirname, '../../server/db/migrations');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  return hash.digest('hex').slice(0, 16);
}

/** Puts a migrated portal.sqlite into dataDir (the file createDb opens there). */
export async function copyMigratedSqlite(dataDir: string): Promise<void> {
  const template = join(tmpdir(), `portal-test-template-${migrationsHash()}.sqlite`);
  if (!existsSync(template)) {
    // Built aside and renamed into place, so a parallel test file never copies a half-migrated file.
    const buildDir = mkdtempSync(join(tmpdir(), 'portal-test-template-'));
    const db = createDb({ dataDir: buildDir, databaseUrl: null });
    await migrateToLatest(db);
    await db.destroy(); // closing checkpoints the WAL into the file
    renameSync(join(buildDir, 'portal.sqlite'), template);
    rmSync(buildDir, { recursive: true, force: true });
  }
  copyFileSync(template, join(dataDir, 'portal.sqlite'));
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const DUPLICATE_DATABASE = '42P04';

/**
 * A scratch database's sessions commit without waiting for the WAL flush (a per-database setting,
 * not copied by CREATE DATABASE ... TEMPLATE, and the cluster's own settings stay as they are since
 * start:cluster shares it). Only a crash of PostgreSQL itself could lose such commits, which no test
 * causes: the fault tests kill the server processes, not the database.
 */
export async function skipCommitFlush(client: pg.Client, database: string): Promise<void> {
  await client.query(`ALTER DATABASE "${database}" SET synchronous_commit = off`);
}

/**
 * The name of a migrated PostgreSQL database to create scratch databases from. Named portal_test_*, so
 * scripts/pg/ensure-postgres.sh drops it with the other leftovers at the start of a run.
 */
export async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `portal_test_template_${migrationsHash()}`;
  const exists = await withClient(adminUrl, async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount !== 0);
  if (exists) return name;
  // Built under a name of its own and renamed when complete: a database under the template's name is
  // always fully migrated, and nobody is connected to it (CREATE DATABASE ... TEMPLATE requires that).
  const building = `portal_test_building_${randomBytes(6).toString('hex')}`;
  // template0 + C collation: text compares bytewise, like SQLite, whatever the cluster's locale.
  await withClient(adminUrl, async (client) => {
    await client.query(`CREATE DATABASE "${building}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
    await skipCommitFlush(client, building);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${building}`;
  const db = createDb({ dataDir: tmpdir(), databaseUrl: url.toString() });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  await withClient(adminUrl, async (client) => {
    try {
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } catch (error) {
      // Another test file built it first: use theirs.
      if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
      await client.query(`DROP DATABASE IF EXISTS "${building}"`);
    }
  });
  return name;
}
