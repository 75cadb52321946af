import type { Db } from './connect';

/**
 * Runs `work` in a transaction, or inside the caller's when `db` already is one (Kysely cannot nest
 * them): a store function can then be called alone or as one step of a larger change.
 */
export async function atomically<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
