// The MapPort the app uses. Picks the library from configuration and loads only that one, lazily, as its
// own chunk (a page without a map never downloads a map library), retrying with backoff (SPEC §7).
import { loadWithBackoff, realSleep, type Sleep } from './backoff';
import type { MapCreateOptions, MapHandle, MapPort } from './mapPort';
import { MAP_NOT_MOUNTED_MESSAGE } from './mapPort';

export interface MapConfig {
  /** MAPBOX_TOKEN: selects mapbox-gl. */
  mapboxToken?: string | null;
  /** MAP_STYLE_URL: a style for the chosen library instead of its default. */
  styleUrl?: string | null;
  /** MAP_PMTILES: where our server serves the street-map archive, relative to the page; maplibre then
   * draws streets from it instead of the offline basemap (MAP_STYLE_URL still wins). */
  pmtilesPath?: string | null;
  /** Where public/basemap/ is served, relative to the page; '/basemap/' by default. */
  basemapPath?: string;
}

export type MapLibraryName = 'maplibre' | 'mapbox';

export interface MapLibraryModules {
  maplibre: () => Promise<Pick<typeof import('./maplibre'), 'createMaplibreMap'>>;
  mapbox: () => Promise<Pick<typeof import('./mapbox'), 'createMapboxMap'>>;
}

type CreateMap = (container: HTMLElement, options: MapCreateOptions) => MapHandle;

const lazyModules: MapLibraryModules = {
  maplibre: () => import('./maplibre'),
  mapbox: () => import('./mapbox'),
};

export function selectMapLibrary(config: MapConfig): MapLibraryName {
  return config.mapboxToken ? 'mapbox' : 'maplibre';
}

function assertMounted(container: HTMLElement | null): asserts container is HTMLElement {
  if (!container?.isConnected) throw new Error(MAP_NOT_MOUNTED_MESSAGE);
}

async function loadCreateMap(config: MapConfig, modules: MapLibraryModules): Promise<CreateMap> {
  const styleUrl = config.styleUrl ?? undefined;
  if (config.mapboxToken) {
    const { createMapboxMap } = await modules.mapbox();
    const accessToken = config.mapboxToken;
    return (container, options) => createMapboxMap(container, options, { accessToken, styleUrl });
  }
  const { createMaplibreMap } = await modules.maplibre();
  return (container, options) => {
    const baseUri = container.ownerDocument.baseURI;
    const basemapUrl = new URL(config.basemapPath ?? '/basemap/', baseUri);
    const pmtilesUrl = config.pmtilesPath ? new URL(config.pmtilesPath, baseUri) : undefined;
    return createMaplibreMap(container, options, { basemapUrl, styleUrl, pmtilesUrl });
  };
}

export function createMapPort(
  config: MapConfig,
  dependencies: { modules?: MapLibraryModules; sleep?: Sleep } = {},
): MapPort {
  const modules = dependencies.modules ?? lazyModules;
  const sleep = dependencies.sleep ?? realSleep;
  // One load shared by every map of the page; forgotten on failure so the next map tries again.
  let loading: Promise<CreateMap> | null = null;

  return {
    async create(container, options) {
      assertMounted(container);
      loading ??= loadWithBackoff(() => loadCreateMap(config, modules), sleep);
      let createMap: CreateMap;
      try {
        createMap = await loading;
      } catch (error) {
        loading = null;
        throw error;
      }
      // The screen may have closed while the library loaded.
      assertMounted(container);
      return createMap(container, options);
    },
  };
}
