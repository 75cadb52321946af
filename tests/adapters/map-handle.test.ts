// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { EngineMarkerOptions, MapEngine } from '../../adapters/map/mapEngine';
import { createMapHandle } from '../../adapters/map/mapHandle';
import type { AreaGeometry, LngLat, MapDrawn, MapHandle } from '../../adapters/map/mapPort';

interface FakeMarker {
  options: EngineMarkerOptions;
  lngLat: LngLat;
  draggable: boolean;
  removed: boolean;
}

/** A MapEngine that draws nothing and records what it was asked to draw. */
function fakeEngine() {
  const markers: FakeMarker[] = [];
  const areas = new Map<string, AreaGeometry>();
  const clickListeners = new Set<(lngLat: LngLat) => void>();
  const camera: { jumps: { center: LngLat; zoom: number | undefined }[]; fits: { sw: LngLat; ne: LngLat; maxZoom: number }[] } = {
    jumps: [],
    fits: [],
  };
  let removed = 0;
  let drawnListener: ((how: MapDrawn) => void) | null = null;
  const engine: MapEngine = {
    jumpTo: (center, zoom) => void camera.jumps.push({ center, zoom }),
    fitBounds: (sw, ne, { maxZoom }) => void camera.fits.push({ sw, ne, maxZoom }),
    addMarker(options) {
      const marker: FakeMarker = { options, lngLat: options.lngLat, draggable: options.draggable, removed: false };
      markers.push(marker);
      return {
        setLngLat: (lngLat) => void (marker.lngLat = lngLat),
        setDraggable: (draggable) => void (marker.draggable = draggable),
        remove: () => void (marker.removed = true),
      };
    },
    onClick(listener) {
      clickListeners.add(listener);
      return () => void clickListeners.delete(listener);
    },
    setArea: (id, geometry) => void areas.set(id, geometry),
    removeArea: (id) => void areas.delete(id),
    onDrawn: (listener) => void (drawnListener = listener),
    remove: () => void (removed += 1),
  };
  return { engine, markers, areas, clickListeners, camera, removedCount: () => removed, finishDrawing: (how: MapDrawn = 'idle') => drawnListener?.(how) };
}

const RIYADH = { lng: 46.6753, lat: 24.7136 };
const JEDDAH = { lng: 39.1925, lat: 21.4858 };
const SQUARE: AreaGeometry = { type: 'Polygon', coordinates: [[[46, 24], [47, 24], [47, 25], [46, 24]]] };

describe('map handle over an engine', () => {
  let fake: ReturnType<typeof fakeEngine>;
  let handle: MapHandle;
  beforeEach(() => {
    fake = fakeEngine();
    handle = createMapHandle(fake.engine);
  });

  it('settles whenDrawn once the engine has drawn the map', async () => {
    let drawn = false;
    void handle.whenDrawn().then(() => (drawn = true));
    await Promise.resolve();
    expect(drawn).toBe(false);
    fake.finishDrawing();
    expect(await handle.whenDrawn()).toBe('idle');
    expect(drawn).toBe(true);
  });

  it('settles whenDrawn with a fallback, and whenIdle only once the engine really drew', async () => {
    let idle = false;
    void handle.whenIdle().then(() => (idle = true));
    fake.finishDrawing('fallback');
    expect(await handle.whenDrawn()).toBe('fallback');
    expect(idle).toBe(false);
    fake.finishDrawing('idle');
    await handle.whenIdle();
    expect(idle).toBe(true);
    expect(await handle.whenDrawn()).toBe('fallback');
  });

  it('draws a marker once and moves it on later updates', () => {
    handle.setMarker('dropoff', { lngLat: RIYADH, kind: 'dropoff' });
    handle.setMarker('dropoff', { lngLat: JEDDAH, kind: 'dropoff', draggable: true });
    expect(fake.markers).toHaveLength(1);
    expect(fake.markers[0]).toMatchObject({ lngLat: JEDDAH, draggable: true, removed: false });
  });

  it('gives each marker a 65 x 65 element named by its label, or by its kind without one', () => {
    handle.setMarker('pickup', { lngLat: RIYADH, kind: 'pickup', label: 'King Fahd Road' });
    handle.setMarker('rider', { lngLat: JEDDAH, kind: 'rider' });
    const [pickup, rider] = fake.markers.map((m) => m.options.element);
    expect(pickup?.getAttribute('aria-label')).toBe('King Fahd Road');
    expect(pickup?.style.width).toBe('65px');
    expect(pickup?.style.height).toBe('65px');
    expect(pickup?.dataset.markerKind).toBe('pickup');
    expect(rider?.getAttribute('aria-label')).toBe('rider');
  });

  it('replaces the marker when its kind changes', () => {
    handle.setMarker('a', { lngLat: RIYADH, kind: 'pickup' });
    handle.setMarker('a', { lngLat: RIYADH, kind: 'rider' });
    expect(fake.markers.map((m) => [m.options.element.dataset.markerKind, m.removed])).toEqual([
      ['pickup', true],
      ['rider', false],
    ]);
  });

  it('removes a marker', () => {
    handle.setMarker('a', { lngLat: RIYADH, kind: 'pickup' });
    handle.removeMarker('a');
    expect(fake.markers[0]?.removed).toBe(true);
  });

  it('tells drag listeners of that marker only, across updates, until they unsubscribe', () => {
    const dropped: LngLat[] = [];
    const unsubscribe = handle.onMarkerDragEnd('dropoff', (lngLat) => dropped.push(lngLat));
    handle.setMarker('dropoff', { lngLat: RIYADH, kind: 'dropoff', draggable: true });
    handle.setMarker('pickup', { lngLat: RIYADH, kind: 'pickup', draggable: true });
    handle.setMarker('dropoff', { lngLat: RIYADH, kind: 'dropoff', draggable: true });
    const [dropoff, pickup] = fake.markers;
    dropoff?.options.onDragEnd(JEDDAH);
    pickup?.options.onDragEnd(RIYADH);
    unsubscribe();
    dropoff?.options.onDragEnd(RIYADH);
    expect(dropped).toEqual([JEDDAH]);
  });

  it('centres a single point at the picker zoom, frames several, ignores none', () => {
    handle.fitBounds([]);
    handle.fitBounds([RIYADH]);
    handle.fitBounds([RIYADH, JEDDAH], { maxZoom: 12 });
    expect(fake.camera.jumps).toEqual([{ center: RIYADH, zoom: 18 }]);
    expect(fake.camera.fits).toEqual([
      { sw: { lng: JEDDAH.lng, lat: JEDDAH.lat }, ne: { lng: RIYADH.lng, lat: RIYADH.lat }, maxZoom: 12 },
    ]);
  });

  it('draws and removes delivery areas', () => {
    handle.drawPolygon('area', SQUARE);
    expect(fake.areas.get('area')).toBe(SQUARE);
    handle.removePolygon('area');
    expect(fake.areas.has('area')).toBe(false);
  });

  it('passes clicks through and unsubscribes', () => {
    const clicks: LngLat[] = [];
    const unsubscribe = handle.onClick((lngLat) => clicks.push(lngLat));
    for (const listener of fake.clickListeners) listener(RIYADH);
    unsubscribe();
    expect(clicks).toEqual([RIYADH]);
    expect(fake.clickListeners.size).toBe(0);
  });

  it('frees the map once and ignores every call after destroy', () => {
    handle.destroy();
    handle.destroy();
    handle.setMarker('a', { lngLat: RIYADH, kind: 'pickup' });
    handle.setCenter(RIYADH, 12);
    handle.drawPolygon('area', SQUARE);
    expect(fake.removedCount()).toBe(1);
    expect(fake.markers).toHaveLength(0);
    expect(fake.camera.jumps).toHaveLength(0);
    expect(fake.areas.size).toBe(0);
  });
});
