// A request budget per caller (token bucket), so one vendor flooding the API cannot slow every other
// vendor down: over budget, a request is answered 429 + Retry-After before any query runs. The
// caller is the principal its verified token names (an account, a GoDroid vendor, a guest session),
// or the IP for anonymous calls. Kept in memory on purpose: it protects this process's event loop and
// costs no database round trip per request (with N processes a caller's ceiling is N times the
// rate; the DB-backed rateLimiter.ts keeps the shared limits such as login failures).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorizationOf, verifiedCallerOf } from '../auth/principal';
import type { ApiKeyChecker } from '../apiKeys/checker';
import type { TokenVerifier } from '../auth/verifiedTokens';
import { tooManyRequests } from './errors';
import { DEFAULT_TENANT_QUOTA, type TenantQuotaOptions } from './requestBudget';

export { DEFAULT_TENANT_QUOTA, type TenantQuotaOptions };

/** Only the API is budgeted; probes, metrics, /ops and static files are not. */
const BUDGETED_PREFIXES = ['/orders/', '/hurrier/', '/help-centre-service/', '/flags', '/ws'];
/** Buckets idle this long are full again and can be forgotten. */
const FORGET_AFTER_S = 600;

interface Bucket { tokens: number; updatedS: number }

export function createTokenBuckets(options: TenantQuotaOptions, nowS: () => number = () => performance.now() / 1000) {
  const buckets = new Map<string, Bucket>();
  let lastSweepS = nowS();
  return {
    /** Takes one token for `key`; when none is left, says how long until one is. */
    take(key: string): { allowed: boolean; retryAfterS: number } {
      const now = nowS();
      if (now - lastSweepS > FORGET_AFTER_S) {
        for (const [k, b] of buckets) if (now - b.updatedS > FORGET_AFTER_S) buckets.delete(k);
        lastSweepS = now;
      }
      const bucket = buckets.get(key) ?? { tokens: options.burst, updatedS: now };
      bucket.tokens = Math.min(options.burst, bucket.tokens + (now - bucket.updatedS) * options.ratePerS);
      bucket.updatedS = now;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true, retryAfterS: 0 };
      }
      return { allowed: false, retryAfterS: (1 - bucket.tokens) / options.ratePerS };
    },
    size: () => buckets.size,
  };
}

/**
 * The caller as the principal its token names (an account, a guest session, a GoDroid vendor),
 * read from the verified signature without a database query, or its IP without a valid token. The
 * raw header is no key: `bearer`, `BEARER` or an extra space would each get a fresh budget.
 */
export async function callerKey(request: FastifyRequest, verify: TokenVerifier, apiKeys?: ApiKeyChecker): Promise<string> {
  return (await verifiedCallerOf(verify, authorizationOf(request), apiKeys)) ?? `ip:${request.ip}`;
}

/**
 * Register before the principal hook, so an over-budget request costs no database query. A flood
 * of invalid tokens costs one signature check each (valid ones are memoised) and spends its IP's budget.
 */
export function installTenantQuota(app: FastifyInstance, options: TenantQuotaOptions, verify: TokenVerifier, apiKeys?: ApiKeyChecker): void {
  const buckets = createTokenBuckets(options);
  app.addHook('onRequest', async (request) => {
    const path = request.url;
    if (!BUDGETED_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    const decision = buckets.take(await callerKey(request, verify, apiKeys));
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterS);
  });
}
