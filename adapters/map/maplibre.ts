// The default map adapter: maplibre-gl over the offline basemap (docs/decisions/0001-maps.md), or over any
// MapLibre style when MAP_STYLE_URL is configured. Loaded lazily by loadMap.ts as its own chunk.
import { Map as MaplibreMap, Marker, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// Vite rewrites the module graph, so maplibre cannot find its worker next to itself: give it the URL.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { createGlEngine } from './glEngine';
import { createMapHandle } from './mapHandle';
import type { MapCreateOptions, MapHandle } from './mapPort';
import { offlineStyle } from './offlineStyle';
import { attachPlaceLabels } from './placeLabels';

setWorkerUrl(workerUrl);

export interface MaplibreConfig {
  /** Absolute URL of the offline basemap folder (public/basemap/). */
  basemapUrl: URL;
  /** MAP_STYLE_URL: any MapLibre style instead of the offline basemap. */
  styleUrl?: string;
}

export function createMaplibreMap(container: HTMLElement, options: MapCreateOptions, config: MaplibreConfig): MapHandle {
  const interactive = options.interactive ?? false;
  const map = new MaplibreMap({
    container,
    style: config.styleUrl ?? offlineStyle(config.basemapUrl),
    center: [options.center.lng, options.center.lat],
    zoom: options.zoom,
    interactive,
    // The offline data's licences ask for credit (GeoNames CC BY); compact keeps it to one small button.
    attributionControl: { compact: true },
  });
  const detachLabels = config.styleUrl ? () => undefined : attachPlaceLabels(map, Marker, options.rtl ?? false);
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
