// Recent order searches (SPEC.md §5: 10 distinct terms), kept by the domain rule.
import { rememberSearchTerm } from '../../domain/search';
import type { KeyValueStorage } from '../ports';
import { readJson, writeJson } from './jsonItem';
import { STORAGE_KEYS } from './storageKeys';

const isTermList = (value: unknown): value is string[] => Array.isArray(value) && value.every((term) => typeof term === 'string');

export function readSearchHistory(storage: KeyValueStorage): string[] {
  return readJson(storage, STORAGE_KEYS.searchHistory, isTermList) ?? [];
}

export function recordSearchTerm(storage: KeyValueStorage, term: string): string[] {
  const history = rememberSearchTerm(readSearchHistory(storage), term);
  writeJson(storage, STORAGE_KEYS.searchHistory, history);
  return history;
}

export function clearSearchHistory(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.searchHistory);
}
