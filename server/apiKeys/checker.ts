// One per app: resolves `Authorization: ApiKey …` values, and remembers which exact keys verified
// lately so the request budget (http/tenantQuota.ts) can give each key its own bucket without a
// database query. A key never verified (junk, guessed, revoked before first use) spends its IP's budget.
import type { Db } from '../db/connect';
import { BoundedCache } from '../http/boundedCache';
import { apiKeyPepper } from './keyFormat';
import { resolveApiKey, type ResolvedApiKey } from './repository';

/** Keys that called lately; far more than one process serves at once. */
const MAX_REMEMBERED_KEYS = 10_000;

export interface ApiKeyChecker {
  /** The key's principal data now (revocation is never memoised), or null. */
  resolve(presented: string, nowS: number): Promise<ResolvedApiKey | null>;
  /** The id of a key that verified in this process before, else null: the budget's name for the caller. */
  knownKeyId(presented: string): string | null;
  readonly pepper: Buffer;
}

export function createApiKeyChecker(db: Db, linkSigningSecret: string): ApiKeyChecker {
  const pepper = apiKeyPepper(linkSigningSecret);
  const verified = new BoundedCache<string, string>(MAX_REMEMBERED_KEYS);
  return {
    pepper,
    async resolve(presented, nowS) {
      const resolved = await resolveApiKey(db, pepper, presented, nowS);
      if (resolved) verified.set(presented, resolved.keyId);
      else verified.delete(presented);
      return resolved;
    },
    knownKeyId: (presented) => verified.get(presented) ?? null,
  };
}
