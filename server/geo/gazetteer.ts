// The embedded Geocoder: autocomplete, reverse and details over the gazetteer index.
import { around } from 'geokdbush';
import type KDBush from 'kdbush';
import { COUNTRY_CODES } from '../../domain/countries';
import type { Place, ReverseGeocodeResult } from '../../domain/types';
import type { AutocompleteQuery, DetailsQuery, Geocoder, ReverseQuery } from './geocoder';
import { buildGazetteerIndex, type GazetteerEntry, type GazetteerIndex } from './gazetteerIndex';
import { cityName, displayLanguage, formattedAddress, type DisplayLanguage } from './formatPlace';
import { matchPlaces } from './matchPlaces';

export const AUTOCOMPLETE_LIMIT = 10;
/** A point within this distance of a district centre is in that district (Riyadh districts are ~2-4 km wide). */
export const DISTRICT_RADIUS_KM = 3;
/** Beyond this from any town (open sea, empty desert) reverse geocoding finds nothing. */
export const CITY_RADIUS_KM = 100;

export interface GazetteerOptions {
  /** ISO codes to keep (default: the supported countries, domain COUNTRY_CODES); null keeps the whole world. */
  countryCodes?: readonly string[] | null;
}

function toPlace(entry: GazetteerEntry, language: DisplayLanguage): Place {
  return {
    address: {
      id: entry.id,
      formatted_address: formattedAddress(entry, language),
      latitude: entry.latitude,
      longitude: entry.longitude,
    },
  };
}

/** A usable point on the globe, or null for missing, non-finite or out-of-range values. */
function pointOf(lat: number | undefined, lng: number | undefined): { latitude: number; longitude: number } | null {
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { latitude: lat, longitude: lng } : null;
}

function nearest(entries: GazetteerEntry[], tree: KDBush, q: ReverseQuery, radiusKm: number): GazetteerEntry | undefined {
  const [position] = around(tree, q.lng, q.lat, 1, radiusKm);
  return position === undefined ? undefined : entries[position];
}

export function createGazetteer(options: GazetteerOptions = {}): Geocoder {
  let index: Promise<GazetteerIndex> | null = null;
  // Built on first use (see README.md for its cost); concurrent first calls share one build.
  const load = (): Promise<GazetteerIndex> => {
    index ??= buildGazetteerIndex(options.countryCodes === undefined ? COUNTRY_CODES : options.countryCodes).catch(
      (error: unknown) => {
        index = null; // a failed build is retried by the next call, not cached
        throw error;
      },
    );
    return index;
  };

  return {
    async autocomplete(q: AutocompleteQuery): Promise<Place[]> {
      const data = await load();
      const country = q.country?.toUpperCase();
      const candidates = country ? (data.byCountry.get(country) ?? []) : data.all;
      const bias = pointOf(q.lat, q.lng) ?? undefined;
      const language = displayLanguage(q.language);
      return matchPlaces(candidates, { query: q.query, bias, limit: AUTOCOMPLETE_LIMIT }).map((entry) =>
        toPlace(entry, language),
      );
    },

    async reverse(q: ReverseQuery): Promise<ReverseGeocodeResult[]> {
      if (!pointOf(q.lat, q.lng)) return [];
      const data = await load();
      const entry = nearest(data.districts, data.districtTree, q, DISTRICT_RADIUS_KM) ?? nearest(data.cities, data.cityTree, q, CITY_RADIUS_KM);
      if (!entry) return [];
      const language = displayLanguage(q.language);
      // The pin stays where the user put it; only the names come from the gazetteer.
      return [
        {
          address: {
            formatted_address: formattedAddress(entry, language),
            latitude: q.lat,
            longitude: q.lng,
            city: cityName(entry, language),
            country_code: entry.countryCode,
            zipcode: '',
            street: '',
            number: '',
          },
        },
      ];
    },

    async details(q: DetailsQuery): Promise<Place[]> {
      const data = await load();
      const entry = data.byId.get(q.queryId);
      return entry ? [toPlace(entry, displayLanguage(q.language))] : [];
    },
  };
}
