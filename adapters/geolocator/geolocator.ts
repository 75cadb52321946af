// The Geolocator port over the API: the per-country language (domain geolocatorLanguage), 'lat,lng'
// input reverse-geocoded with autocomplete as the fallback (SPEC.md §4), and address-book matches
// listed before suggested places (SPEC.md §2). Debouncing is the caller's: see debounced.ts.
// Place suggestions and details come from a PlaceSuggester: our server's by default, Google's
// (googlePlaces.ts) when the app chooses it; the address book and reverse geocoding stay ours.
import { geolocatorLanguage, parseLatLngInput } from '../../domain/geolocator';
import { canSearchAddressBook } from '../../domain/search';
import type { AddressBookEntry, Place, ReverseGeocodeResult } from '../../domain/types';
import type { ApiClient, Geolocator, GeolocatorSearch, GeolocatorSuggestions } from '../ports';

export type GeolocatorApi = Pick<ApiClient, 'autocomplete' | 'reverseGeocode' | 'placeDetails' | 'searchAddressBook'>;

/** Where suggested places and their details come from. */
export interface PlaceSuggester {
  suggest(search: GeolocatorSearch): Promise<Place[]>;
  details(placeId: string, country: string): Promise<Place | null>;
  /** Set when the places are not ours (GeolocatorSuggestions.placesBy). */
  placesBy?: GeolocatorSuggestions['placesBy'];
}

export interface GeolocatorOptions {
  /** SPEC.md §8: an address-book search failure is only tracked, never shown. */
  onAddressBookError?: (error: unknown) => void;
  /** Our server's autocomplete and details unless given. */
  places?: PlaceSuggester;
}

/** Our server's place autocomplete and details (API.md "Geolocation"). */
export function serverPlaceSuggester(api: Pick<ApiClient, 'autocomplete' | 'placeDetails'>): PlaceSuggester {
  return {
    suggest: (search) =>
      api.autocomplete({
        query: search.query.trim(),
        country: search.country,
        language: geolocatorLanguage(search.country),
        lat: search.near?.latitude,
        lng: search.near?.longitude,
      }),
    async details(placeId, country) {
      const places = await api.placeDetails(placeId, geolocatorLanguage(country));
      return places[0] ?? null;
    },
  };
}

export function createGeolocator(api: GeolocatorApi, options: GeolocatorOptions = {}): Geolocator {
  const places = options.places ?? serverPlaceSuggester(api);

  const searchAddressBook = async (search: GeolocatorSearch): Promise<AddressBookEntry[]> => {
    if (!search.vendorId || !canSearchAddressBook(search.query, search.addressBookEnabled)) return [];
    try {
      return await api.searchAddressBook(search.vendorId, search.query.trim());
    } catch (error) {
      options.onAddressBookError?.(error);
      return [];
    }
  };

  const reverseFirst = async (search: GeolocatorSearch): Promise<ReverseGeocodeResult[]> => {
    const point = parseLatLngInput(search.query);
    if (point === null) return [];
    try {
      return await api.reverseGeocode(point.latitude, point.longitude, geolocatorLanguage(search.country));
    } catch {
      return []; // falls back to autocomplete below
    }
  };

  return {
    async suggest(search): Promise<GeolocatorSuggestions> {
      const [addressBook, reversed] = await Promise.all([searchAddressBook(search), reverseFirst(search)]);
      if (reversed.length > 0) return { addressBook, places: [], reversed };
      // Autocomplete failures propagate: the caller shows 'geolocator.error.autocomplete'.
      const suggested = await places.suggest(search);
      return places.placesBy ? { addressBook, places: suggested, reversed: [], placesBy: places.placesBy } : { addressBook, places: suggested, reversed: [] };
    },
    placeDetails: (placeId, country) => places.details(placeId, country),
    async reverse(point, country) {
      const results = await api.reverseGeocode(point.latitude, point.longitude, geolocatorLanguage(country));
      return results[0] ?? null;
    },
  };
}
