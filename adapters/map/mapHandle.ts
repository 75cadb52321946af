// The port's behaviour over any MapEngine: marker and listener bookkeeping, bounds, and a destroy after
// which every call is a no-op (a React effect may still call in while it unmounts).
import { ADDRESS_PICKER_ZOOM, MARKER_SIZE_PX } from './mapDefaults';
import type { EngineMarker, MapEngine } from './mapEngine';
import type { AreaGeometry, LngLat, MapDrawn, MapHandle, MarkerKind, MarkerSpec, Unsubscribe } from './mapPort';
import { createMarkerElement, updateMarkerElement } from './markerElement';

interface PlacedMarker {
  kind: MarkerKind;
  element: HTMLElement;
  engineMarker: EngineMarker;
}

/** Room around framed points so a 65 px pin is never cut at the edge. */
const DEFAULT_FIT_PADDING_PX = MARKER_SIZE_PX;

export function boundsOf(points: readonly LngLat[]): { southWest: LngLat; northEast: LngLat } {
  const lngs = points.map((p) => p.lng);
  const lats = points.map((p) => p.lat);
  return {
    southWest: { lng: Math.min(...lngs), lat: Math.min(...lats) },
    northEast: { lng: Math.max(...lngs), lat: Math.max(...lats) },
  };
}

export function createMapHandle(engine: MapEngine): MapHandle {
  const markers = new Map<string, PlacedMarker>();
  const dragListeners = new Map<string, Set<(lngLat: LngLat) => void>>();
  let destroyed = false;
  let shown: (how: MapDrawn) => void = () => undefined;
  let drew: () => void = () => undefined;
  // The first of idle or fallback lifts the placeholder; only idle says the map really drew.
  const drawn = new Promise<MapDrawn>((resolve) => (shown = resolve));
  const idle = new Promise<void>((resolve) => (drew = resolve));
  engine.onDrawn((how) => {
    shown(how);
    if (how === 'idle') drew();
  });

  const notifyDragEnd = (id: string, lngLat: LngLat): void => {
    for (const listener of dragListeners.get(id) ?? []) listener(lngLat);
  };

  const removeMarker = (id: string): void => {
    markers.get(id)?.engineMarker.remove();
    markers.delete(id);
  };

  return {
    setCenter(center, zoom) {
      if (!destroyed) engine.jumpTo(center, zoom);
    },
    fitBounds(points, options = {}) {
      if (destroyed || points.length === 0) return;
      const maxZoom = options.maxZoom ?? ADDRESS_PICKER_ZOOM;
      const [first] = points;
      if (points.length === 1 && first) {
        engine.jumpTo(first, maxZoom);
        return;
      }
      const { southWest, northEast } = boundsOf(points);
      engine.fitBounds(southWest, northEast, { padding: options.padding ?? DEFAULT_FIT_PADDING_PX, maxZoom });
    },
    setMarker(id, spec: MarkerSpec) {
      if (destroyed) return;
      const label = spec.label ?? spec.kind;
      const draggable = spec.draggable ?? false;
      const placed = markers.get(id);
      if (placed && placed.kind === spec.kind) {
        placed.engineMarker.setLngLat(spec.lngLat);
        placed.engineMarker.setDraggable(draggable);
        updateMarkerElement(placed.element, label, draggable);
        return;
      }
      removeMarker(id);
      const element = createMarkerElement(spec.kind, label);
      updateMarkerElement(element, label, draggable);
      const engineMarker = engine.addMarker({
        element,
        lngLat: spec.lngLat,
        draggable,
        onDragEnd: (lngLat) => notifyDragEnd(id, lngLat),
      });
      markers.set(id, { kind: spec.kind, element, engineMarker });
    },
    removeMarker(id) {
      if (!destroyed) removeMarker(id);
    },
    onMarkerDragEnd(id, listener): Unsubscribe {
      const listeners = dragListeners.get(id) ?? new Set();
      listeners.add(listener);
      dragListeners.set(id, listeners);
      return () => {
        listeners.delete(listener);
      };
    },
    onClick(listener) {
      if (destroyed) return () => undefined;
      return engine.onClick(listener);
    },
    drawPolygon(id, geometry: AreaGeometry) {
      if (!destroyed) engine.setArea(id, geometry);
    },
    removePolygon(id) {
      if (!destroyed) engine.removeArea(id);
    },
    whenDrawn: () => drawn,
    whenIdle: () => idle,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      markers.clear();
      dragListeners.clear();
      engine.remove();
    },
  };
}
