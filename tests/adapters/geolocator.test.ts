// The geolocator rules of SPEC.md §4/§7 over an in-memory API double.
import { describe, expect, it, vi } from 'vitest';
import { debounceLatest, type Timers } from '../../adapters/geolocator/debounced';
import { createGeolocator } from '../../adapters/geolocator/geolocator';
import type { ApiClient } from '../../adapters/ports';
import type { AddressBookEntry, Place, ReverseGeocodeResult } from '../../domain/types';

type GeoApi = Pick<ApiClient, 'autocomplete' | 'reverseGeocode' | 'placeDetails' | 'searchAddressBook'>;

const place: Place = { address: { id: 'p1', formatted_address: 'Olaya, Riyadh', latitude: 24.69, longitude: 46.68 } };
const reversed: ReverseGeocodeResult = {
  address: { formatted_address: 'King Fahd Rd', latitude: 24.7, longitude: 46.6, city: 'Riyadh', country_code: 'SA', zipcode: '', street: 'King Fahd Rd', number: '1' },
};
const saved: AddressBookEntry = { id: 'a1', name: 'Sara', phone_number: '+966500000000', latitude: 24.7, longitude: 46.6, address: '1, B, Olaya', notes: '' };

function fakeApi(overrides: Partial<GeoApi> = {}) {
  return {
    autocomplete: vi.fn<GeoApi['autocomplete']>(overrides.autocomplete ?? (async () => [place])),
    reverseGeocode: vi.fn<GeoApi['reverseGeocode']>(overrides.reverseGeocode ?? (async () => [reversed])),
    placeDetails: vi.fn<GeoApi['placeDetails']>(overrides.placeDetails ?? (async () => [place])),
    searchAddressBook: vi.fn<GeoApi['searchAddressBook']>(overrides.searchAddressBook ?? (async () => [saved])),
  };
}

const search = { query: 'Olaya', country: 'SA', vendorId: 'SA-1', addressBookEnabled: true };

describe('geolocator', () => {
  it.each([
    ['SA', 'en'],
    ['BH', 'en'],
    ['HK', 'zh_HK'],
    ['KH', 'km'],
    ['JP', 'ja'],
    ['TH', 'th'],
    ['TW', 'tw'],
  ])('asks autocomplete in the language of %s (%s)', async (country, language) => {
    const api = fakeApi();
    await createGeolocator(api).suggest({ ...search, country });
    expect(api.autocomplete.mock.calls[0]?.[0]).toMatchObject({ language, country, query: 'Olaya' });
  });

  it('lists address-book matches first, then places', async () => {
    const api = fakeApi();
    const result = await createGeolocator(api).suggest({ ...search, near: { latitude: 1, longitude: 2 } });
    expect(result).toEqual({ addressBook: [saved], places: [place], reversed: [] });
    expect(api.autocomplete.mock.calls[0]?.[0]).toMatchObject({ lat: 1, lng: 2 });
  });

  it('skips the address book under 2 characters or with its flag off', async () => {
    const api = fakeApi();
    const geolocator = createGeolocator(api);
    await geolocator.suggest({ ...search, query: 'O' });
    await geolocator.suggest({ ...search, addressBookEnabled: false });
    expect(api.searchAddressBook).not.toHaveBeenCalled();
  });

  it('only tracks an address-book failure', async () => {
    const tracked: unknown[] = [];
    const api = fakeApi({ searchAddressBook: async () => Promise.reject(new Error('down')) });
    const result = await createGeolocator(api, { onAddressBookError: (error) => tracked.push(error) }).suggest(search);
    expect(result.places).toEqual([place]);
    expect(tracked).toHaveLength(1);
  });

  it("reverse-geocodes 'lat,lng' input instead of autocompleting", async () => {
    const api = fakeApi();
    const result = await createGeolocator(api).suggest({ ...search, query: ' 24.7, 46.6 ', country: 'JP' });
    expect(result.reversed).toEqual([reversed]);
    expect(api.reverseGeocode).toHaveBeenCalledWith(24.7, 46.6, 'ja');
    expect(api.autocomplete).not.toHaveBeenCalled();
  });

  it('falls back to autocomplete when reverse geocoding fails or finds nothing', async () => {
    for (const reverseGeocode of [async () => Promise.reject(new Error('x')), async () => []]) {
      const api = fakeApi({ reverseGeocode });
      const result = await createGeolocator(api).suggest({ ...search, query: '24.7,46.6' });
      expect(result.places).toEqual([place]);
      expect(api.autocomplete).toHaveBeenCalledOnce();
    }
  });

  it('lets an autocomplete failure reach the caller', async () => {
    const api = fakeApi({ autocomplete: async () => Promise.reject(new Error('geolocator down')) });
    await expect(createGeolocator(api).suggest(search)).rejects.toThrow('geolocator down');
  });
});

describe('debounceLatest', () => {
  it('runs only the last call within the delay; earlier callers are told they were superseded', async () => {
    const scheduled: { callback: () => void; ms: number; cleared: boolean }[] = [];
    const timers: Timers = {
      setTimeout: (callback, ms) => scheduled.push({ callback, ms, cleared: false }) - 1,
      clearTimeout: (handle) => {
        scheduled[handle as number]!.cleared = true;
      },
    };
    const run = vi.fn(async (query: string) => `results for ${query}`);
    const debounced = debounceLatest(run, 500, timers);
    const first = debounced('Ol');
    const second = debounced('Ola');
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(scheduled.map((timer) => [timer.ms, timer.cleared])).toEqual([
      [500, true],
      [500, false],
    ]);
    scheduled[1]!.callback();
    await expect(second).resolves.toBe('results for Ola');
    expect(run).toHaveBeenCalledOnce();
  });
});
