// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createMapPort, selectMapLibrary, type MapLibraryModules } from '../../adapters/map/loadMap';
import type { MapCreateOptions, MapHandle } from '../../adapters/map/mapPort';
import { createMemoryMapPort } from '../../adapters/map/memoryMapPort';

const OPTIONS: MapCreateOptions = { center: { lng: 46.6753, lat: 24.7136 }, zoom: 18 };

/** A handle from the in-memory port, so the fakes return something real. */
async function aHandle(): Promise<MapHandle> {
  const container = document.body.appendChild(document.createElement('div'));
  return createMemoryMapPort().create(container, OPTIONS);
}

/** Fake library modules that record which one was loaded and with what configuration. */
function fakeModules(options: { maplibreFailures?: number } = {}) {
  const loads: string[] = [];
  const maplibreConfigs: unknown[] = [];
  const mapboxConfigs: unknown[] = [];
  let maplibreFailures = options.maplibreFailures ?? 0;
  const handle = aHandle();
  const modules: MapLibraryModules = {
    maplibre: async () => {
      loads.push('maplibre');
      if (maplibreFailures > 0) {
        maplibreFailures -= 1;
        throw new TypeError('Failed to fetch dynamically imported module');
      }
      const resolved = await handle;
      return {
        createMaplibreMap: (_container, _options, config) => {
          maplibreConfigs.push(config);
          return resolved;
        },
      };
    },
    mapbox: async () => {
      loads.push('mapbox');
      const resolved = await handle;
      return {
        createMapboxMap: (_container, _options, config) => {
          mapboxConfigs.push(config);
          return resolved;
        },
      };
    },
  };
  return { modules, loads, maplibreConfigs, mapboxConfigs };
}

const noWait = async () => undefined;

function mountedContainer(): HTMLElement {
  return document.body.appendChild(document.createElement('div'));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('map library selection', () => {
  it.each([
    [{}, 'maplibre'],
    [{ mapboxToken: '' }, 'maplibre'],
    [{ mapboxToken: null, styleUrl: 'https://tiles.example/style.json' }, 'maplibre'],
    [{ mapboxToken: 'pk.test' }, 'mapbox'],
  ] as const)('%j -> %s', (config, library) => {
    expect(selectMapLibrary(config)).toBe(library);
  });
});

describe('map port', () => {
  it('loads only maplibre, with the offline basemap next to the page, when no token is configured', async () => {
    const fake = fakeModules();
    await createMapPort({}, { modules: fake.modules, sleep: noWait }).create(mountedContainer(), OPTIONS);
    expect(fake.loads).toEqual(['maplibre']);
    expect(fake.maplibreConfigs).toEqual([{ basemapUrl: new URL('/basemap/', document.baseURI), styleUrl: undefined }]);
  });

  it('passes MAP_STYLE_URL to maplibre', async () => {
    const fake = fakeModules();
    const styleUrl = 'https://tiles.example/style.json';
    await createMapPort({ styleUrl }, { modules: fake.modules, sleep: noWait }).create(mountedContainer(), OPTIONS);
    expect(fake.maplibreConfigs).toEqual([{ basemapUrl: new URL('/basemap/', document.baseURI), styleUrl }]);
  });

  it('passes the MAP_PMTILES archive to maplibre as an absolute URL on the page\'s origin', async () => {
    const fake = fakeModules();
    await createMapPort({ pmtilesPath: '/map-tiles/riyadh.pmtiles' }, { modules: fake.modules, sleep: noWait }).create(mountedContainer(), OPTIONS);
    expect(fake.maplibreConfigs).toEqual([
      { basemapUrl: new URL('/basemap/', document.baseURI), styleUrl: undefined, pmtilesUrl: new URL('/map-tiles/riyadh.pmtiles', document.baseURI) },
    ]);
  });

  it('loads only mapbox, with the token, when a token is configured', async () => {
    const fake = fakeModules();
    await createMapPort({ mapboxToken: 'pk.test' }, { modules: fake.modules, sleep: noWait }).create(mountedContainer(), OPTIONS);
    expect(fake.loads).toEqual(['mapbox']);
    expect(fake.mapboxConfigs).toEqual([{ accessToken: 'pk.test', styleUrl: undefined }]);
  });

  it.each([
    ['missing', () => null],
    ['not in the document', () => document.createElement('div')],
  ])('rejects a container that is %s without loading a library', async (_case, container) => {
    const fake = fakeModules();
    const port = createMapPort({}, { modules: fake.modules, sleep: noWait });
    await expect(port.create(container(), OPTIONS)).rejects.toThrow('map element not mounted on dom');
    expect(fake.loads).toEqual([]);
  });

  it('rejects when the container left the page while the library loaded', async () => {
    const fake = fakeModules();
    const container = mountedContainer();
    const creating = createMapPort({}, { modules: fake.modules, sleep: noWait }).create(container, OPTIONS);
    container.remove();
    await expect(creating).rejects.toThrow('map element not mounted on dom');
  });

  it('retries a failed library load with backoff', async () => {
    const fake = fakeModules({ maplibreFailures: 2 });
    const waits: number[] = [];
    const port = createMapPort({}, { modules: fake.modules, sleep: async (ms) => void waits.push(ms) });
    await port.create(mountedContainer(), OPTIONS);
    expect(fake.loads).toEqual(['maplibre', 'maplibre', 'maplibre']);
    expect(waits).toEqual([500, 1_000]);
  });

  it('loads the library once for every map of the page', async () => {
    const fake = fakeModules();
    const port = createMapPort({}, { modules: fake.modules, sleep: noWait });
    await Promise.all([port.create(mountedContainer(), OPTIONS), port.create(mountedContainer(), OPTIONS)]);
    expect(fake.loads).toEqual(['maplibre']);
    expect(fake.maplibreConfigs).toHaveLength(2);
  });

  it('tries again on the next map after the load gave up', async () => {
    const fake = fakeModules({ maplibreFailures: 8 });
    const port = createMapPort({}, { modules: fake.modules, sleep: noWait });
    await expect(port.create(mountedContainer(), OPTIONS)).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(port.create(mountedContainer(), OPTIONS)).resolves.toBeDefined();
    expect(fake.loads).toHaveLength(9);
  });
});
