// Fixed-window rate limiting behind a small interface. The default counts in the database, so
// several server processes (the scale-out setup) share the same budget.
import { sql } from 'kysely';
import type { Db } from '../db/connect';

export interface RateLimitRule {
  limit: number;
  windowS: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterS: number;
}

export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is within the rule. */
  hit(key: string, rule: RateLimitRule, nowS: number): Promise<RateLimitDecision>;
  /** Reads without counting. */
  peek(key: string, rule: RateLimitRule, nowS: number): Promise<RateLimitDecision>;
  /**
   * Takes one of the window's `limit` places in one atomic statement, or none when all are taken:
   * check and count cannot be split by a parallel caller, in this process or another one.
   */
  reserve(key: string, rule: RateLimitRule, nowS: number): Promise<RateLimitDecision>;
  /** Gives back one place taken by `reserve` in the current window (an attempt that did not count). */
  release(key: string, rule: RateLimitRule, nowS: number): Promise<void>;
  reset(key: string): Promise<void>;
}

const windowStartOf = (nowS: number, windowS: number) => Math.floor(nowS / windowS) * windowS;

/** Every this many hits, windows older than a day are dropped for all keys (keeps the table small). */
const PRUNE_EVERY_HITS = 500;
const PRUNE_OLDER_THAN_S = 24 * 3600;

export function createDbRateLimiter(db: Db): RateLimiter {
  let hitsSincePrune = 0;
  const decide = (hits: number, rule: RateLimitRule, nowS: number): RateLimitDecision => ({
    allowed: hits <= rule.limit,
    retryAfterS: windowStartOf(nowS, rule.windowS) + rule.windowS - nowS,
  });
  return {
    async hit(key, rule, nowS) {
      const windowStart = windowStartOf(nowS, rule.windowS);
      await db.insertInto('rate_limit_hits').values({ bucket_key: key, window_start: windowStart, hits: 1 })
        .onConflict((oc) => oc.columns(['bucket_key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
        .execute();
      // Old windows are dead weight; drop them for this key, and now and then for every key.
      await db.deleteFrom('rate_limit_hits').where('bucket_key', '=', key).where('window_start', '<', windowStart).execute();
      hitsSincePrune += 1;
      if (hitsSincePrune >= PRUNE_EVERY_HITS) {
        hitsSincePrune = 0;
        await db.deleteFrom('rate_limit_hits').where('window_start', '<', nowS - PRUNE_OLDER_THAN_S).execute();
      }
      const row = await db.selectFrom('rate_limit_hits').select('hits')
        .where('bucket_key', '=', key).where('window_start', '=', windowStart).executeTakeFirst();
      return decide(row?.hits ?? 1, rule, nowS);
    },
    async peek(key, rule, nowS) {
      const row = await db.selectFrom('rate_limit_hits').select('hits')
        .where('bucket_key', '=', key).where('window_start', '=', windowStartOf(nowS, rule.windowS)).executeTakeFirst();
      return { allowed: (row?.hits ?? 0) < rule.limit, retryAfterS: windowStartOf(nowS, rule.windowS) + rule.windowS - nowS };
    },
    async reserve(key, rule, nowS) {
      const windowStart = windowStartOf(nowS, rule.windowS);
      // INSERT ... ON CONFLICT DO UPDATE ... WHERE ... RETURNING: one statement on SQLite and
      // PostgreSQL, row-locked by the conflict; a full window updates nothing and returns no row.
      const row = await db.insertInto('rate_limit_hits').values({ bucket_key: key, window_start: windowStart, hits: 1 })
        .onConflict((oc) => oc.columns(['bucket_key', 'window_start'])
          .doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` })
          .where('rate_limit_hits.hits', '<', rule.limit))
        .returning('hits')
        .executeTakeFirst();
      return { allowed: row !== undefined, retryAfterS: windowStartOf(nowS, rule.windowS) + rule.windowS - nowS };
    },
    async release(key, rule, nowS) {
      await db.updateTable('rate_limit_hits').set({ hits: sql`hits - 1` })
        .where('bucket_key', '=', key).where('window_start', '=', windowStartOf(nowS, rule.windowS)).where('hits', '>', 0)
        .execute();
    },
    async reset(key) {
      await db.deleteFrom('rate_limit_hits').where('bucket_key', '=', key).execute();
    },
  };
}
