// @vitest-environment jsdom
// Storage helpers over jsdom's real localStorage and the in-memory double.
import { beforeEach, describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../../adapters/ports';
import { readFilters, writeFilters, type PersistedFilters } from '../../adapters/storage/filtersStorage';
import { addGuestOrder, clearGuestOrders, readGuestCredentials, readGuestOrders, writeGuestCredentials } from '../../adapters/storage/guestStorage';
import { createBrowserStorage, createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { readLocale, readSelectedVendorId, writeLocale, writeSelectedVendorId } from '../../adapters/storage/preferencesStorage';
import { readSearchHistory, recordSearchTerm } from '../../adapters/storage/searchHistoryStorage';
import {
  clearCredentials,
  isGodroidTosRequired,
  readAuthMeta,
  readGodroidToken,
  readGuestSession,
  writeExtendedSession,
  writeGuestSession,
  writeSignedIn,
} from '../../adapters/storage/sessionStorage';
import { STORAGE_KEYS } from '../../adapters/storage/storageKeys';

let storage: KeyValueStorage;

beforeEach(() => {
  localStorage.clear();
  storage = createBrowserStorage(localStorage);
});

describe('key names', () => {
  it('uses the SPEC.md §9 names for the courier-app keys', () => {
    localStorage.setItem('godroid-token', 'tok');
    localStorage.setItem('godroid-tos-required', 'true');
    localStorage.setItem('godroid-locale', 'ar-SA');
    expect(readGodroidToken(storage)).toBe('tok');
    expect(isGodroidTosRequired(storage)).toBe(true);
    expect(readLocale(storage)).toBe('ar-SA');
  });
});

describe('session', () => {
  const meta = { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', Expires: 100 };

  it('stores the signed-in user and keeps the refresh token when the session is extended', () => {
    writeSignedIn(storage, { id: 'u1', email: 'v@example.com' }, meta);
    writeExtendedSession(storage, { AccessToken: 'a2', IdToken: 'i2', Expires: 200 });
    expect(readAuthMeta(storage)).toEqual({ AccessToken: 'a2', IdToken: 'i2', RefreshToken: 'r', Expires: 200 });
  });

  it('reads a corrupted item as absent', () => {
    localStorage.setItem(STORAGE_KEYS.authMeta, '{not json');
    expect(readAuthMeta(storage)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.authMeta, JSON.stringify({ AccessToken: 1 }));
    expect(readAuthMeta(storage)).toBeNull();
  });

  it('clears user and guest credentials on logout but leaves the courier app token', () => {
    writeSignedIn(storage, { id: 'u1', email: 'v@example.com' }, meta);
    writeGuestSession(storage, { token: 'g', expires: 1 });
    localStorage.setItem('godroid-token', 'tok');
    clearCredentials(storage);
    expect(readAuthMeta(storage)).toBeNull();
    expect(readGuestSession(storage)).toBeNull();
    expect(readGodroidToken(storage)).toBe('tok');
  });
});

describe('guest data', () => {
  it('keeps credentials and an order list, newest first without duplicates', () => {
    writeGuestCredentials(storage, { name: 'Sam', email: 's@example.com', phone_number: '+966500000000', country_code: 'SA', location: null });
    expect(readGuestCredentials(storage)?.name).toBe('Sam');
    addGuestOrder(storage, { order_id: 'o1', vendor_id: 'vendorID', created_at: 1 });
    addGuestOrder(storage, { order_id: 'o2', vendor_id: 'vendorID', created_at: 2 });
    addGuestOrder(storage, { order_id: 'o1', vendor_id: 'vendorID', created_at: 1 });
    expect(readGuestOrders(storage).map((order) => order.order_id)).toEqual(['o1', 'o2']);
    clearGuestOrders(storage);
    expect(readGuestOrders(storage)).toEqual([]);
  });
});

describe('filters (SPEC.md §3: only date range, status filter and outlet toggles persist)', () => {
  it('drops everything else', () => {
    const state = {
      dateRangeFilter: { from: 1, to: 2, category: 'PastWeek' as const },
      orderStatusFilter: 'DELIVERED' as const,
      showToggleOutlet: true,
      enableToggleOutlet: false,
      searchKey: '0501234567',
      paginationKey: 'page-2',
      vendor: 'SA-1',
      listType: 'Past',
    };
    writeFilters(storage, state);
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.filters) ?? 'null');
    expect(stored).toEqual({
      dateRangeFilter: { from: 1, to: 2, category: 'PastWeek' },
      orderStatusFilter: 'DELIVERED',
      showToggleOutlet: true,
      enableToggleOutlet: false,
    } satisfies PersistedFilters);
    expect(readFilters(storage)).toEqual(stored);
  });

  it('ignores a stored status that is not a filter category', () => {
    localStorage.setItem(
      STORAGE_KEYS.filters,
      JSON.stringify({ dateRangeFilter: { from: 1, to: 2, category: 'Yesterday' }, orderStatusFilter: 'LATE', showToggleOutlet: false, enableToggleOutlet: false }),
    );
    expect(readFilters(storage)).toBeNull();
  });
});

describe('search history (domain rule: 10 distinct terms, most recent first)', () => {
  it('records through the domain rule', () => {
    for (let i = 1; i <= 12; i++) recordSearchTerm(storage, `term ${i}`);
    recordSearchTerm(storage, 'term 5');
    const history = readSearchHistory(storage);
    expect(history).toHaveLength(10);
    expect(history[0]).toBe('term 5');
    expect(new Set(history).size).toBe(10);
  });
});

describe('preferences', () => {
  it('remembers the selected vendor and the locale, the courier app locale winning', () => {
    writeSelectedVendorId(storage, 'SA-2');
    writeLocale(storage, 'en');
    expect(readSelectedVendorId(storage)).toBe('SA-2');
    expect(readLocale(storage)).toBe('en');
    localStorage.setItem('godroid-locale', 'ar-SA');
    expect(readLocale(storage)).toBe('ar-SA');
    writeSelectedVendorId(storage, null);
    expect(readSelectedVendorId(storage)).toBeNull();
  });
});

describe('createBrowserStorage', () => {
  it('falls back to memory when localStorage throws', () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    const fallback = createBrowserStorage(broken);
    fallback.setItem('k', 'v');
    expect(fallback.getItem('k')).toBe('v');
  });

  it('memory storage behaves like localStorage', () => {
    const memory = createMemoryStorage({ a: '1' });
    memory.setItem('b', '2');
    memory.removeItem('a');
    expect(memory.dump()).toEqual({ b: '2' });
  });
});
