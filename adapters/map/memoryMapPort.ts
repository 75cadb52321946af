// A MapPort that draws nothing and remembers everything: for stories, component tests and machine tests.
// `simulateDragEnd` and `simulateClick` play the user's part.
import type { AreaGeometry, LngLat, MapCreateOptions, MapHandle, MapPort, MarkerSpec } from './mapPort';
import { MAP_NOT_MOUNTED_MESSAGE } from './mapPort';

export interface MemoryMapState {
  options: MapCreateOptions;
  center: LngLat;
  zoom: number;
  markers: Map<string, MarkerSpec>;
  polygons: Map<string, AreaGeometry>;
  destroyed: boolean;
}

export interface MemoryMapPort extends MapPort {
  /** Every map created so far, oldest first. */
  readonly maps: MemoryMapState[];
  simulateDragEnd(markerId: string, lngLat: LngLat): void;
  simulateClick(lngLat: LngLat): void;
}

export function createMemoryMapPort(): MemoryMapPort {
  const maps: MemoryMapState[] = [];
  const dragListeners = new Map<string, Set<(lngLat: LngLat) => void>>();
  const clickListeners = new Set<(lngLat: LngLat) => void>();

  const subscribe = <T>(set: Set<T>, listener: T) => {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };

  return {
    maps,
    async create(container, options): Promise<MapHandle> {
      if (!container?.isConnected) throw new Error(MAP_NOT_MOUNTED_MESSAGE);
      const state: MemoryMapState = {
        options,
        center: options.center,
        zoom: options.zoom,
        markers: new Map(),
        polygons: new Map(),
        destroyed: false,
      };
      maps.push(state);
      return {
        setCenter(center, zoom) {
          state.center = center;
          if (zoom !== undefined) state.zoom = zoom;
        },
        fitBounds(points) {
          const [first] = points;
          if (first) state.center = first;
        },
        setMarker: (id, marker) => void state.markers.set(id, marker),
        removeMarker: (id) => void state.markers.delete(id),
        onMarkerDragEnd(id, listener) {
          const listeners = dragListeners.get(id) ?? new Set();
          dragListeners.set(id, listeners);
          return subscribe(listeners, listener);
        },
        onClick: (listener) => subscribe(clickListeners, listener),
        drawPolygon: (id, geometry) => void state.polygons.set(id, geometry),
        removePolygon: (id) => void state.polygons.delete(id),
        // Nothing to load or paint: drawn at once.
        whenDrawn: () => Promise.resolve('idle' as const),
        whenIdle: () => Promise.resolve(),
        destroy() {
          state.destroyed = true;
        },
      };
    },
    simulateDragEnd(markerId, lngLat) {
      for (const listener of dragListeners.get(markerId) ?? []) listener(lngLat);
    },
    simulateClick(lngLat) {
      for (const listener of clickListeners) listener(lngLat);
    },
  };
}
