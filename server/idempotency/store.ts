import type { Db } from '../db/connect';

/** Replays older than this are forgotten (API.md: "within 24 h"). */
export const IDEMPOTENCY_WINDOW_S = 24 * 60 * 60;

export interface StoredResponse {
  statusCode: number;
  body: unknown;
}

export type Reservation =
  | { kind: 'reserved' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch' }
  | { kind: 'in-flight' };

function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${(error as { code?: string }).code ?? ''} ${error.message}` : '';
  // better-sqlite3: SQLITE_CONSTRAINT_PRIMARYKEY; PostgreSQL: 23505 unique_violation.
  return /SQLITE_CONSTRAINT|23505|unique/i.test(text);
}

/**
 * Idempotency-Key bookkeeping in the database. The first request INSERTs the (scope, key) row before
 * doing any work; the primary key makes every concurrent duplicate fail that insert, whatever the
 * number of server processes, so exactly one request runs the work. The others replay its stored
 * response, wait while it is still in flight, or get a mismatch when their body differs.
 */
export function createIdempotencyStore(db: Db) {
  async function read(scope: string, key: string) {
    return db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('idem_key', '=', key).executeTakeFirst();
  }

  return {
    async reserve(scope: string, key: string, hash: string, nowUnix: number): Promise<Reservation> {
      // An expired reservation no longer counts: drop it so the key can be used again.
      await db.deleteFrom('idempotency_keys')
        .where('scope', '=', scope).where('idem_key', '=', key)
        .where('created_at', '<=', nowUnix - IDEMPOTENCY_WINDOW_S)
        .execute();
      try {
        await db.insertInto('idempotency_keys')
          .values({ scope, idem_key: key, request_hash: hash, status_code: null, response: null, created_at: nowUnix })
          .execute();
        return { kind: 'reserved' };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const row = await read(scope, key);
      if (!row) return { kind: 'in-flight' }; // released between our insert and read: the caller retries
      if (row.request_hash !== hash) return { kind: 'mismatch' };
      if (row.status_code === null || row.response === null) return { kind: 'in-flight' };
      return { kind: 'replay', response: { statusCode: row.status_code, body: JSON.parse(row.response) as unknown } };
    },

    async complete(scope: string, key: string, response: StoredResponse): Promise<void> {
      await db.updateTable('idempotency_keys')
        .set({ status_code: response.statusCode, response: JSON.stringify(response.body) })
        .where('scope', '=', scope).where('idem_key', '=', key)
        .execute();
    },

    /** The work failed: forget the key so the client's retry runs it again. */
    async release(scope: string, key: string): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('idem_key', '=', key)
        .where('status_code', 'is', null)
        .execute();
    },

    async purgeExpired(nowUnix: number): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('created_at', '<=', nowUnix - IDEMPOTENCY_WINDOW_S).execute();
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
