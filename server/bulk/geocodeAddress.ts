// Drop-off addresses through the server's Geocoder port. The embedded gazetteer knows districts and
// cities, not streets, so "King Fahd Road, Al Olaya, Riyadh" is looked up whole first and then
// without its leading parts, down to the last two ("Al Olaya, Riyadh"); a city alone is not
// precise enough for a drop-off and stays unresolved. Results are cached per job.
import type { GeoPoint } from '../../domain/types';
import type { Geocoder } from '../geo/geocoder';

export type AddressLocator = (address: string, near: GeoPoint) => Promise<GeoPoint | null>;

const MIN_PARTS = 2;

function candidates(address: string): string[] {
  const parts = address.split(/[,،]/).map((part) => part.trim()).filter((part) => part !== '');
  const queries = [parts.join(', ')];
  for (let start = 1; parts.length - start >= MIN_PARTS; start += 1) queries.push(parts.slice(start).join(', '));
  return queries;
}

export function createAddressLocator(geocoder: Geocoder, countryCode: string): AddressLocator {
  const cache = new Map<string, Promise<GeoPoint | null>>();
  const locate = async (address: string, near: GeoPoint): Promise<GeoPoint | null> => {
    for (const query of candidates(address)) {
      const [best] = await geocoder.autocomplete({ query, country: countryCode, lat: near.latitude, lng: near.longitude });
      if (best) return { latitude: best.address.latitude, longitude: best.address.longitude };
    }
    return null;
  };
  return (address, near) => {
    const key = `${address.normalize('NFKC').trim().toLowerCase()}|${near.latitude},${near.longitude}`;
    let result = cache.get(key);
    if (!result) {
      result = locate(address, near);
      cache.set(key, result);
    }
    return result;
  };
}
