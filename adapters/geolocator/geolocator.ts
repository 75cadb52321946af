// The Geolocator port over the API: the per-country language (domain geolocatorLanguage), 'lat,lng'
// input reverse-geocoded with autocomplete as the fallback (SPEC.md §4), and address-book matches
// listed before suggested places (SPEC.md §2). Debouncing is the caller's: see debounced.ts.
import { geolocatorLanguage, parseLatLngInput } from '../../domain/geolocator';
import { canSearchAddressBook } from '../../domain/search';
import type { AddressBookEntry, ReverseGeocodeResult } from '../../domain/types';
import type { ApiClient, Geolocator, GeolocatorSearch, GeolocatorSuggestions } from '../ports';

type GeolocatorApi = Pick<ApiClient, 'autocomplete' | 'reverseGeocode' | 'placeDetails' | 'searchAddressBook'>;

export interface GeolocatorOptions {
  /** SPEC.md §8: an address-book search failure is only tracked, never shown. */
  onAddressBookError?: (error: unknown) => void;
}

export function createGeolocator(api: GeolocatorApi, options: GeolocatorOptions = {}): Geolocator {
  const searchAddressBook = async (search: GeolocatorSearch): Promise<AddressBookEntry[]> => {
    if (!search.vendorId || !canSearchAddressBook(search.query, search.addressBookEnabled)) return [];
    try {
      return await api.searchAddressBook(search.vendorId, search.query.trim());
    } catch (error) {
      options.onAddressBookError?.(error);
      return [];
    }
  };

  const reverseFirst = async (search: GeolocatorSearch, language: string): Promise<ReverseGeocodeResult[]> => {
    const point = parseLatLngInput(search.query);
    if (point === null) return [];
    try {
      return await api.reverseGeocode(point.latitude, point.longitude, language);
    } catch {
      return []; // falls back to autocomplete below
    }
  };

  return {
    async suggest(search): Promise<GeolocatorSuggestions> {
      const language = geolocatorLanguage(search.country);
      const [addressBook, reversed] = await Promise.all([searchAddressBook(search), reverseFirst(search, language)]);
      if (reversed.length > 0) return { addressBook, places: [], reversed };
      // Autocomplete failures propagate: the caller shows 'geolocator.error.autocomplete'.
      const places = await api.autocomplete({
        query: search.query.trim(),
        country: search.country,
        language,
        lat: search.near?.latitude,
        lng: search.near?.longitude,
      });
      return { addressBook, places, reversed: [] };
    },
    async placeDetails(placeId, country) {
      const places = await api.placeDetails(placeId, geolocatorLanguage(country));
      return places[0] ?? null;
    },
    async reverse(point, country) {
      const results = await api.reverseGeocode(point.latitude, point.longitude, geolocatorLanguage(country));
      return results[0] ?? null;
    },
  };
}
