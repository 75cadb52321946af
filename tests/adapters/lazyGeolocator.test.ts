// The geolocator loaded on its first search (adapters/geolocator/lazyGeolocator.ts).
import { describe, expect, it, vi } from 'vitest';
import { lazyGeolocator } from '../../adapters/geolocator/lazyGeolocator';
import type { Geolocator } from '../../adapters/ports';

const place = { id: 'p1', name: 'Olaya St', latitude: 24.7, longitude: 46.6 } as unknown as NonNullable<Awaited<ReturnType<Geolocator['placeDetails']>>>;
const real: Geolocator = {
  suggest: async (search) => ({ addressBook: [], places: search.query === 'Olaya' ? [place] : [], reversed: [] }),
  placeDetails: async (placeId) => (placeId === 'p1' ? place : null),
  reverse: async () => null,
};

describe('lazyGeolocator', () => {
  it('loads nothing until the first call, then once for every call, each answered by the loaded geolocator', async () => {
    const load = vi.fn(async () => real);
    const geolocator = lazyGeolocator(load);
    expect(load).not.toHaveBeenCalled();

    const [suggestions, details, reversed] = await Promise.all([
      geolocator.suggest({ query: 'Olaya', country: 'SA', addressBookEnabled: false }),
      geolocator.placeDetails('p1', 'SA'),
      geolocator.reverse({ latitude: 1, longitude: 2 }, 'SA'),
    ]);
    expect(suggestions.places).toEqual([place]);
    expect(details).toBe(place);
    expect(reversed).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails the call whose load failed and loads again on the next', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(real);
    const geolocator = lazyGeolocator(load);
    await expect(geolocator.placeDetails('p1', 'SA')).rejects.toThrow('Failed to fetch');
    await expect(geolocator.placeDetails('p1', 'SA')).resolves.toBe(place);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
