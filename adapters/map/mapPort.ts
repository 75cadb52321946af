// The map port: the only way the app draws a map (DESIGN.md, "Maps"). Implementations: maplibre.ts (the
// offline default), mapbox.ts (when a MAPBOX_TOKEN is configured), memoryMapPort.ts (stories and tests).
import type { LineString, MultiPolygon, Polygon } from 'geojson';

export interface LngLat {
  lng: number;
  lat: number;
}

export type MarkerKind = 'pickup' | 'dropoff' | 'rider';

export interface MarkerSpec {
  lngLat: LngLat;
  kind: MarkerKind;
  draggable?: boolean;
  /** Read by screen readers and shown as the marker's tooltip; the kind's name when absent. */
  label?: string;
}

/** A shape drawn on the map in lng/lat: a delivery area (GeoJSON polygon or multipolygon), or the
 * line from pickup to drop-off (a line string: outlined, never filled). */
export type AreaGeometry = Polygon | MultiPolygon | LineString;

export interface MapCreateOptions {
  center: LngLat;
  zoom: number;
  /** Pan and zoom by the user; off by default (SPEC §2: "map with zoom and UI controls off"). */
  interactive?: boolean;
  /** Right-to-left page: labels are laid out right to left. */
  rtl?: boolean;
  /** The page's language (BCP 47): place names in it where the basemap has them (Arabic). */
  language?: string;
}

export type Unsubscribe = () => void;


/**
 * How the map came to be shown: `idle` when the engine said everything it shows (style, sources,
 * tiles) was loaded and painted; `fallback` when it had not after a while and the placeholder was
 * lifted anyway, so a slow map is still usable (it may show missing tiles for a moment).
 */
export type MapDrawn = 'idle' | 'fallback';
export interface MapHandle {
  setCenter(center: LngLat, zoom?: number): void;
  /** Frames every point; a single point is centred at `maxZoom`. */
  fitBounds(points: readonly LngLat[], options?: { padding?: number; maxZoom?: number }): void;
  setMarker(id: string, marker: MarkerSpec): void;
  removeMarker(id: string): void;
  /** Called with the marker's new position when the user drops it; listeners survive setMarker updates. */
  onMarkerDragEnd(id: string, listener: (lngLat: LngLat) => void): Unsubscribe;
  onClick(listener: (lngLat: LngLat) => void): Unsubscribe;
  drawPolygon(id: string, geometry: AreaGeometry): void;
  removePolygon(id: string): void;
  /** Settles once the map has first drawn everything it shows, or gave up waiting for it (see MapDrawn);
   * until then a screen shows a placeholder. */
  whenDrawn(): Promise<MapDrawn>;
  /** Settles once the map has really drawn everything it shows, even after a fallback; never if it never does. */
  whenIdle(): Promise<void>;
  /** Frees the map; later calls on the handle do nothing. */
  destroy(): void;
}

export interface MapPort {
  /** Rejects with MAP_NOT_MOUNTED_MESSAGE when the container is missing or not in the document. */
  create(container: HTMLElement | null, options: MapCreateOptions): Promise<MapHandle>;
}

/** SPEC §7, error messages. */
export const MAP_NOT_MOUNTED_MESSAGE = 'map element not mounted on dom';
