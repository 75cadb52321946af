// Opens the store: the embedded SQLite file DATA_DIR/portal.sqlite (WAL, foreign keys on), or
// PostgreSQL when DATABASE_URL is set. Every query is plain dialect-neutral Kysely, so nothing else
// changes between the two.
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';
import { withStatementCache } from './statementCache';

export type Db = Kysely<Database>;

/** PostgreSQL type OIDs whose text form node-postgres leaves as strings by default. */
const PG_INT8_OID = 20;
const PG_NUMERIC_OID = 1700;

/**
 * count(*) and bigint columns come back as int8, sums as numeric; node-postgres hands both over as
 * strings (they may exceed 2^53). Ours are counts, unix milliseconds and money, all far below that,
 * and SQLite returns them as numbers, so both stores answer numbers.
 */
function pgTypes() {
  const parseNumber = (text: string) => Number(text);
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === PG_INT8_OID || oid === PG_NUMERIC_OID) return parseNumber;
      return pg.types.getTypeParser(oid, format);
    },
  };
}

/** Connections per process: two server processes plus a test run stay well under PostgreSQL's 100. */
const PG_POOL_SIZE = 10;

function createPostgresDb(databaseUrl: string): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: PG_POOL_SIZE, types: pgTypes() });
  // An idle connection dropped (database restart, network): the pool opens a new one when needed and
  // queries in flight fail on their own; unhandled, this event would end the process.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function createDb(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Db {
  if (config.databaseUrl) return createPostgresDb(config.databaseUrl);
  const file = new SQLite(join(config.dataDir, 'portal.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
}

/** True on PostgreSQL: the few statements that differ (row locks, LISTEN/NOTIFY) ask this. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
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
