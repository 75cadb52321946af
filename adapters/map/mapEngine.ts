// The few drawing operations a map library must offer. mapHandle.ts keeps the port's bookkeeping on top of
// it, so maplibre, mapbox and the unit tests' fake library share one implementation of the port.
import type { AreaGeometry, LngLat, MapDrawn, Unsubscribe } from './mapPort';

export interface EngineMarker {
  setLngLat(lngLat: LngLat): void;
  setDraggable(draggable: boolean): void;
  remove(): void;
}

export interface EngineMarkerOptions {
  element: HTMLElement;
  lngLat: LngLat;
  draggable: boolean;
  onDragEnd: (lngLat: LngLat) => void;
}

export interface MapEngine {
  jumpTo(center: LngLat, zoom: number | undefined): void;
  fitBounds(southWest: LngLat, northEast: LngLat, options: { padding: number; maxZoom: number }): void;
  addMarker(options: EngineMarkerOptions): EngineMarker;
  onClick(listener: (lngLat: LngLat) => void): Unsubscribe;
  /** Draws (or replaces) a filled area; waits for the style when it is still loading. */
  setArea(id: string, geometry: AreaGeometry): void;
  removeArea(id: string): void;
  /** Calls back with 'idle' once the map has first drawn everything it shows (style, sources, tiles);
   * when that takes too long, first with 'fallback' (show it anyway), then with 'idle' if it comes. */
  onDrawn(listener: (how: MapDrawn) => void): void;
  remove(): void;
}
