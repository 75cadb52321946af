// A geolocator whose code loads with its first search: only the request flow looks addresses up, so
// the geolocator and the address rules it brings from domain/ stay out of the landing and sign-in
// pages' first JavaScript (tests/e2e/bundle-budget.e2e.ts).
import type { Geolocator } from '../ports';

/** `load` runs once, on the first call; a failed load (offline, a deploy in between) is tried again on the next. */
export function lazyGeolocator(load: () => Promise<Geolocator>): Geolocator {
  let loading: Promise<Geolocator> | null = null;
  const geolocator = () =>
    (loading ??= load().catch((cause: unknown) => {
      loading = null;
      throw cause;
    }));
  return {
    suggest: async (search) => (await geolocator()).suggest(search),
    placeDetails: async (placeId, country) => (await geolocator()).placeDetails(placeId, country),
    reverse: async (point, country) => (await geolocator()).reverse(point, country),
  };
}
