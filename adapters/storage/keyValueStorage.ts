// KeyValueStorage implementations: the browser's localStorage, and an in-memory one for tests and
// for browsers where localStorage throws (Safari private mode, storage disabled).
import type { KeyValueStorage } from '../ports';

export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { dump(): Record<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    dump: () => Object.fromEntries(items),
  };
}

/** localStorage when it works; an in-memory store otherwise, so the app still runs for the tab's life. */
export function createBrowserStorage(storage: Storage | undefined = globalThis.localStorage): KeyValueStorage {
  if (storage === undefined || !isUsable(storage)) return createMemoryStorage();
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => {
      try {
        storage.setItem(key, value);
      } catch {
        // Quota exceeded: losing a preference is better than failing the user's action.
      }
    },
    removeItem: (key) => storage.removeItem(key),
  };
}

function isUsable(storage: Storage): boolean {
  const probe = '__portal_probe__';
  try {
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}
