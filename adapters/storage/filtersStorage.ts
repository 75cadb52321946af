// SPEC.md §3 Filters: only the date range, the status filter and the outlet-toggle flags persist
// across sessions; vendor, order, list type, search key and pagination never do.
import type { KeyValueStorage } from '../ports';
import { isRecord, readJson, writeJson } from './jsonItem';
import { STORAGE_KEYS } from './storageKeys';

export const DATE_RANGE_CATEGORIES = ['Yesterday', 'PastWeek', 'PastMonth', 'Custom'] as const;
export type DateRangeCategory = (typeof DATE_RANGE_CATEGORIES)[number];

export const STATUS_FILTERS = ['ANY', 'NEW', 'COLLECTED', 'DELIVERED', 'CANCELLED'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface PersistedFilters {
  dateRangeFilter: { from: number; to: number; category: DateRangeCategory };
  orderStatusFilter: StatusFilter;
  showToggleOutlet: boolean;
  enableToggleOutlet: boolean;
}

function isPersistedFilters(value: unknown): value is PersistedFilters {
  if (!isRecord(value) || !isRecord(value.dateRangeFilter)) return false;
  const range = value.dateRangeFilter;
  return (
    typeof range.from === 'number' &&
    typeof range.to === 'number' &&
    (DATE_RANGE_CATEGORIES as readonly unknown[]).includes(range.category) &&
    (STATUS_FILTERS as readonly unknown[]).includes(value.orderStatusFilter) &&
    typeof value.showToggleOutlet === 'boolean' &&
    typeof value.enableToggleOutlet === 'boolean'
  );
}

export function readFilters(storage: KeyValueStorage): PersistedFilters | null {
  return readJson(storage, STORAGE_KEYS.filters, isPersistedFilters);
}

/** Accepts the whole filter state and keeps only what may persist. */
export function writeFilters(storage: KeyValueStorage, filters: PersistedFilters): void {
  const { dateRangeFilter, orderStatusFilter, showToggleOutlet, enableToggleOutlet } = filters;
  const persisted: PersistedFilters = {
    dateRangeFilter: { from: dateRangeFilter.from, to: dateRangeFilter.to, category: dateRangeFilter.category },
    orderStatusFilter,
    showToggleOutlet,
    enableToggleOutlet,
  };
  writeJson(storage, STORAGE_KEYS.filters, persisted);
}
