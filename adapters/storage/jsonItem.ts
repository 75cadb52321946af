// Reads and writes one JSON value under a key; a value that fails its guard reads as absent, so a
// corrupted or outdated item never crashes the app.
import type { KeyValueStorage } from '../ports';

export type Guard<T> = (value: unknown) => value is T;

export function readJson<T>(storage: KeyValueStorage, key: string, guard: Guard<T>): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return guard(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(storage: KeyValueStorage, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hasStrings(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((key) => typeof value[key] === 'string');
}
