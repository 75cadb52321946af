// The default map adapter: maplibre-gl over the offline basemap (docs/decisions/0001-maps.md), over the
// street map of a MAP_PMTILES archive, or over any MapLibre style when MAP_STYLE_URL is configured.
// Loaded lazily by loadMap.ts as its own chunk.
import { addProtocol, Map as MaplibreMap, Marker, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// Vite rewrites the module graph, so maplibre cannot find its worker next to itself: give it the URL.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Protocol } from 'pmtiles';
import { createGlEngine } from './glEngine';
import { createMapHandle } from './mapHandle';
import type { MapCreateOptions, MapHandle } from './mapPort';
import { offlineStyle, PMTILES_PROTOCOL } from './offlineStyle';
import { attachPlaceLabels } from './placeLabels';
import { streetStyle } from './streetStyle';

setWorkerUrl(workerUrl);

let pmtilesRegistered = false;

/** `pmtiles://{url}` sources (the offline basemap's land, borders and places, a MAP_PMTILES street map) are
 * read by the `pmtiles` library in byte ranges from our server; registered once for the page, on its
 * first map that is not a MAP_STYLE_URL style. */
function registerPmtilesProtocol(): void {
  if (pmtilesRegistered) return;
  addProtocol(PMTILES_PROTOCOL, new Protocol().tile);
  pmtilesRegistered = true;
}

export interface MaplibreConfig {
  /** Absolute URL of the offline basemap folder (public/basemap/). */
  basemapUrl: URL;
  /** MAP_STYLE_URL: any MapLibre style instead of the offline basemap. */
  styleUrl?: string;
  /** MAP_PMTILES: absolute URL of the street-map archive on our server. */
  pmtilesUrl?: URL;
}

function styleOf(config: MaplibreConfig): string | StyleSpecification {
  if (config.styleUrl) return config.styleUrl;
  registerPmtilesProtocol();
  return config.pmtilesUrl ? streetStyle(config.pmtilesUrl, config.basemapUrl) : offlineStyle(config.basemapUrl);
}

export function createMaplibreMap(container: HTMLElement, options: MapCreateOptions, config: MaplibreConfig): MapHandle {
  const interactive = options.interactive ?? false;
  const map = new MaplibreMap({
    container,
    style: styleOf(config),
    center: [options.center.lng, options.center.lat],
    zoom: options.zoom,
    interactive,
    // The offline data's licences ask for credit (GeoNames CC BY); compact keeps it to one small button.
    attributionControl: { compact: true },
  });
  // MapLibre opens the compact credit expanded until the first drag; over a small map that text covers
  // the drop-off pin, so it starts folded to its (i) button, which opens it.
  map.once('idle', () => container.querySelector('.maplibregl-ctrl-attrib.maplibregl-compact')?.classList.remove('maplibregl-compact-show'));
  const detachLabels = config.styleUrl ? () => undefined : attachPlaceLabels(map, Marker, { rtl: options.rtl ?? false, language: options.language });
  const engine = createGlEngine(map, ({ element, draggable, lngLat }) =>
    new Marker({ element, draggable, anchor: 'bottom' }).setLngLat(lngLat).addTo(map),
  );
  const handle = createMapHandle(engine);
  return {
    ...handle,
    destroy() {
      detachLabels();
      handle.destroy();
    },
  };
}
