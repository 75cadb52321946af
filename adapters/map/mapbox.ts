// The map port on mapbox-gl, chosen when a MAPBOX_TOKEN is configured. mapbox-gl draws nothing without a
// valid token and needs the network, so it is never the offline default (docs/decisions/0001-maps.md).
import mapboxgl from 'mapbox-gl';
import 'mapbox-gl/dist/mapbox-gl.css';
import { createGlEngine } from './glEngine';
import { createMapHandle } from './mapHandle';
import type { MapCreateOptions, MapHandle } from './mapPort';

export interface MapboxConfig {
  accessToken: string;
  /** MAP_STYLE_URL, else Mapbox Streets. */
  styleUrl?: string;
}

const DEFAULT_MAPBOX_STYLE = 'mapbox://styles/mapbox/streets-v12';

export function createMapboxMap(container: HTMLElement, options: MapCreateOptions, config: MapboxConfig): MapHandle {
  const map = new mapboxgl.Map({
    container,
    accessToken: config.accessToken,
    style: config.styleUrl ?? DEFAULT_MAPBOX_STYLE,
    center: [options.center.lng, options.center.lat],
    zoom: options.zoom,
    interactive: options.interactive ?? false,
    // Mapbox's terms require its wordmark and attribution; they stay, every other control is off.
    attributionControl: true,
  });
  const engine = createGlEngine(map, ({ element, draggable, lngLat }) =>
    new mapboxgl.Marker({ element, draggable, anchor: 'bottom' }).setLngLat(lngLat).addTo(map),
  );
  return createMapHandle(engine);
}
