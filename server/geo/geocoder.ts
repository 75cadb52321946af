// The server's geocoding port (DESIGN.md "Real parts"): the routes call it, the embedded default is a
// gazetteer shipped with the repo; a real geocoder can plug in behind the same interface.
import type { Place, ReverseGeocodeResult } from '../../domain/types';
import { createGazetteer } from './gazetteer';

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

/** The embedded gazetteer geocoder. Its data loads lazily on the first call. */
export function createGazetteerGeocoder(): Geocoder {
  return createGazetteer();
}
