// A tiny in-memory cache with a lifetime, on an injected clock (SPEC.md §7: paymentMethods is cached
// 5 minutes). Concurrent callers of a missing key share one pending load.
import type { Clock } from '../ports';

export function createTtlCache<V>(clock: Clock, ttlS: number) {
  const entries = new Map<string, { value: Promise<V>; expiresAt: number }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const now = clock.nowUnix();
      const hit = entries.get(key);
      if (hit !== undefined && hit.expiresAt > now) return hit.value;
      const value = load();
      entries.set(key, { value, expiresAt: now + ttlS });
      // A failed load is not remembered.
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}
