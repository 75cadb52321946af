// Opens the store: the embedded SQLite file DATA_DIR/portal.sqlite (WAL, foreign keys on). A
// PostgreSQL dialect plugs in here for DATABASE_URL; all queries are plain Kysely and
// dialect-neutral so nothing else changes.
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export function createDb(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Db {
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL (PostgreSQL) is not wired yet: unset it to use the embedded SQLite store.');
  }
  const file = new SQLite(join(config.dataDir, 'portal.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
}

/** For /readyz: the database answers a trivial query. */
export async function pingDb(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
