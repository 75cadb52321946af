// MapEngine over the GL map libraries. maplibre-gl and mapbox-gl share this API shape, so both adapters
// pass their Map and a marker factory here; the structural types below are all this file relies on.
import type { Feature } from 'geojson';
import type { EngineMarker, MapEngine } from './mapEngine';
import type { AreaGeometry, LngLat } from './mapPort';

type Pair = [number, number];

interface ClickEvent {
  lngLat: { lng: number; lat: number };
}

type AreaLayer =
  | { id: string; type: 'fill'; source: string; paint: { 'fill-color': string; 'fill-opacity': number } }
  | { id: string; type: 'line'; source: string; paint: { 'line-color': string; 'line-width': number } };

export interface GlMapLike {
  jumpTo(options: { center: Pair; zoom?: number }): unknown;
  fitBounds(bounds: [Pair, Pair], options: { padding: number; maxZoom: number; animate: boolean }): unknown;
  on(type: 'click', listener: (event: ClickEvent) => void): unknown;
  off(type: 'click', listener: (event: ClickEvent) => void): unknown;
  once(type: 'load' | 'idle', listener: () => void): unknown;
  isStyleLoaded(): boolean | void;
  getSource(id: string): unknown;
  addSource(id: string, source: { type: 'geojson'; data: Feature }): unknown;
  addLayer(layer: AreaLayer): unknown;
  getLayer(id: string): unknown;
  removeLayer(id: string): unknown;
  removeSource(id: string): unknown;
  remove(): void;
}

export interface GlMarkerLike {
  setLngLat(lngLat: Pair): unknown;
  getLngLat(): { lng: number; lat: number };
  setDraggable(draggable: boolean): unknown;
  on(type: 'dragend', listener: () => void): unknown;
  remove(): unknown;
}

/** Creates the marker at `lngLat` and adds it to the map (a GL marker must have a position before addTo). */
export type GlMarkerFactory = (options: { element: HTMLElement; draggable: boolean; lngLat: Pair }) => GlMarkerLike;

/** A map that never settles (a tile server that does not answer) is shown as it is after this long
 * rather than hidden behind its loading placeholder for good. */
export const DRAWN_FALLBACK_MS = 10_000;

/** Areas are drawn in the brand-neutral blue of the pickup pin, translucent so streets stay readable. */
const AREA_COLOUR = '#1d4ed8';

const toPair = (lngLat: LngLat): Pair => [lngLat.lng, lngLat.lat];

const areaIds = (id: string) => ({ source: `area-${id}`, fill: `area-${id}-fill`, line: `area-${id}-line` });

export function createGlEngine(map: GlMapLike, createMarker: GlMarkerFactory): MapEngine {
  // Sources can only be added once the style is in; areas asked for before then wait here.
  const pendingAreas = new Map<string, AreaGeometry>();
  let styleReady = Boolean(map.isStyleLoaded());
  let drawnFallback: ReturnType<typeof setTimeout> | undefined;

  const removeArea = (id: string): void => {
    const ids = areaIds(id);
    if (map.getLayer(ids.line)) map.removeLayer(ids.line);
    if (map.getLayer(ids.fill)) map.removeLayer(ids.fill);
    if (map.getSource(ids.source)) map.removeSource(ids.source);
  };

  const addArea = (id: string, geometry: AreaGeometry): void => {
    removeArea(id);
    const ids = areaIds(id);
    map.addSource(ids.source, { type: 'geojson', data: { type: 'Feature', properties: {}, geometry } });
    map.addLayer({ id: ids.fill, type: 'fill', source: ids.source, paint: { 'fill-color': AREA_COLOUR, 'fill-opacity': 0.15 } });
    map.addLayer({ id: ids.line, type: 'line', source: ids.source, paint: { 'line-color': AREA_COLOUR, 'line-width': 2 } });
  };

  if (!styleReady) {
    map.once('load', () => {
      styleReady = true;
      for (const [id, geometry] of pendingAreas) addArea(id, geometry);
      pendingAreas.clear();
    });
  }

  return {
    jumpTo(center, zoom) {
      map.jumpTo(zoom === undefined ? { center: toPair(center) } : { center: toPair(center), zoom });
    },
    fitBounds(southWest, northEast, options) {
      map.fitBounds([toPair(southWest), toPair(northEast)], { ...options, animate: false });
    },
    addMarker({ element, lngLat, draggable, onDragEnd }): EngineMarker {
      const marker = createMarker({ element, draggable, lngLat: toPair(lngLat) });
      marker.on('dragend', () => {
        const { lng, lat } = marker.getLngLat();
        onDragEnd({ lng, lat });
      });
      return {
        setLngLat: (next) => marker.setLngLat(toPair(next)),
        setDraggable: (next) => marker.setDraggable(next),
        remove: () => marker.remove(),
      };
    },
    onClick(listener) {
      const onMapClick = (event: ClickEvent): void => listener({ lng: event.lngLat.lng, lat: event.lngLat.lat });
      map.on('click', onMapClick);
      return () => map.off('click', onMapClick);
    },
    setArea(id, geometry) {
      if (styleReady) addArea(id, geometry);
      else pendingAreas.set(id, geometry);
    },
    removeArea(id) {
      pendingAreas.delete(id);
      if (styleReady) removeArea(id);
    },
    onDrawn(listener) {
      // 'idle': no camera move, and every source and tile loaded and painted. Until then the offline
      // basemap is still parsing its land, and the map would show the whole city as sea. A map slower
      // than the fallback is shown anyway ('fallback'), and still said to be drawn if it ever is.
      drawnFallback = setTimeout(() => listener('fallback'), DRAWN_FALLBACK_MS);
      map.once('idle', () => {
        clearTimeout(drawnFallback);
        listener('idle');
      });
    },
    remove() {
      clearTimeout(drawnFallback);
      pendingAreas.clear();
      map.remove();
    },
  };
}
