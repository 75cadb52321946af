// The server's geocoding port (DESIGN.md "Real parts"): types only. The routes call it; the embedded
// default (chooseGeocoder.ts) is a gazetteer shipped with the repo, and a real geocoder can plug in
// behind the same interface.
import type { Place, ReverseGeocodeResult } from '../../domain/types';

export interface AutocompleteQuery {
  query: string;
  /** ISO 3166-1 alpha-2; results are limited to it when given. */
  country?: string;
  /** Bias: results nearer this point rank first. */
  lat?: number;
  lng?: number;
  /** BCP 47-ish ('ar', 'ar-SA', 'en'); 'ar*' picks Arabic names where the gazetteer has them. */
  language?: string;
}

export interface ReverseQuery {
  lat: number;
  lng: number;
  language?: string;
}

export interface DetailsQuery {
  /** An `address.id` returned by autocomplete. */
  queryId: string;
  language?: string;
}

export interface Geocoder {
  autocomplete(q: AutocompleteQuery): Promise<Place[]>;
  reverse(q: ReverseQuery): Promise<ReverseGeocodeResult[]>;
  details(q: DetailsQuery): Promise<Place[]>;
}
