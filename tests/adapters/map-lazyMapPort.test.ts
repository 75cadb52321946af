// The map port loaded with the first map (adapters/map/lazyMapPort.ts).
import { describe, expect, it, vi } from 'vitest';
import { lazyMapPort } from '../../adapters/map/lazyMapPort';
import type { MapHandle, MapPort } from '../../adapters/map/mapPort';

const handle = { destroy: () => undefined } as unknown as MapHandle;
const options = { center: { lng: 46.6, lat: 24.7 }, zoom: 12 };

describe('lazyMapPort', () => {
  it('loads nothing until the first map, then once for every map, each drawn by the loaded port', async () => {
    const create = vi.fn<MapPort['create']>(async () => handle);
    const load = vi.fn(async (): Promise<MapPort> => ({ create }));
    const port = lazyMapPort(load);
    expect(load).not.toHaveBeenCalled();

    const first = { id: 'first' } as unknown as HTMLElement;
    const second = { id: 'second' } as unknown as HTMLElement;
    await expect(Promise.all([port.create(first, options), port.create(second, options)])).resolves.toEqual([handle, handle]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(create.mock.calls).toEqual([
      [first, options],
      [second, options],
    ]);
  });

  it('fails the map whose load failed and loads again for the next', async () => {
    const load = vi
      .fn<() => Promise<MapPort>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ create: async () => handle });
    const port = lazyMapPort(load);
    await expect(port.create(null, options)).rejects.toThrow('Failed to fetch');
    await expect(port.create(null, options)).resolves.toBe(handle);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
