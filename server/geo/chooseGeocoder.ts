// The geocoder the server uses: the embedded gazetteer (a real geocoder would be chosen here).
import { createGazetteer } from './gazetteer';
import type { Geocoder } from './geocoder';

/** The embedded gazetteer geocoder. Its data loads lazily on the first call. */
export function createGazetteerGeocoder(): Geocoder {
  return createGazetteer();
}
