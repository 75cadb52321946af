// @vitest-environment jsdom
import type { Feature } from 'geojson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGlEngine, DRAWN_FALLBACK_MS, type GlMapLike, type GlMarkerLike } from '../../adapters/map/glEngine';
import type { LngLat, MapDrawn } from '../../adapters/map/mapPort';

type Pair = [number, number];
type ClickListener = (event: { lngLat: { lng: number; lat: number } }) => void;

/** The subset of a maplibre/mapbox Map that the engine uses, keeping sources and layers in memory. */
class FakeGlMap implements GlMapLike {
  styleLoaded = false;
  sources = new Map<string, Feature>();
  layers: string[] = [];
  clickListeners = new Set<ClickListener>();
  loadListeners: (() => void)[] = [];
  idleListeners: (() => void)[] = [];
  removed = false;
  jumps: { center: Pair; zoom?: number }[] = [];
  fits: { bounds: [Pair, Pair]; animate: boolean }[] = [];

  jumpTo(options: { center: Pair; zoom?: number }) {
    this.jumps.push(options);
  }
  fitBounds(bounds: [Pair, Pair], options: { animate: boolean }) {
    this.fits.push({ bounds, animate: options.animate });
  }
  on(_type: 'click', listener: ClickListener) {
    this.clickListeners.add(listener);
  }
  off(_type: 'click', listener: ClickListener) {
    this.clickListeners.delete(listener);
  }
  once(type: 'load' | 'idle', listener: () => void) {
    (type === 'load' ? this.loadListeners : this.idleListeners).push(listener);
  }
  isStyleLoaded() {
    return this.styleLoaded;
  }
  getSource(id: string) {
    return this.sources.get(id);
  }
  addSource(id: string, source: { data: Feature }) {
    if (!this.styleLoaded) throw new Error('Style is not done loading');
    this.sources.set(id, source.data);
  }
  addLayer(layer: { id: string }) {
    this.layers.push(layer.id);
  }
  getLayer(id: string) {
    return this.layers.includes(id) ? { id } : undefined;
  }
  removeLayer(id: string) {
    this.layers = this.layers.filter((layer) => layer !== id);
  }
  removeSource(id: string) {
    this.sources.delete(id);
  }
  remove() {
    this.removed = true;
  }
  finishLoading() {
    this.styleLoaded = true;
    this.loadListeners.forEach((listener) => listener());
  }
  /** maplibre's 'idle': every source and tile loaded and painted, for now. */
  settle() {
    const listeners = this.idleListeners;
    this.idleListeners = [];
    listeners.forEach((listener) => listener());
  }
}

class FakeGlMarker implements GlMarkerLike {
  dragEnd: (() => void) | null = null;
  removed = false;
  constructor(
    public lngLat: Pair,
    public draggable: boolean,
  ) {}
  setLngLat(lngLat: Pair) {
    this.lngLat = lngLat;
  }
  getLngLat() {
    return { lng: this.lngLat[0], lat: this.lngLat[1] };
  }
  setDraggable(draggable: boolean) {
    this.draggable = draggable;
  }
  on(_type: 'dragend', listener: () => void) {
    this.dragEnd = listener;
  }
  remove() {
    this.removed = true;
  }
}

const SQUARE = { type: 'Polygon' as const, coordinates: [[[46, 24], [47, 24], [47, 25], [46, 24]]] };

function setup() {
  const map = new FakeGlMap();
  const markers: FakeGlMarker[] = [];
  const engine = createGlEngine(map, ({ draggable, lngLat }) => {
    const marker = new FakeGlMarker(lngLat, draggable);
    markers.push(marker);
    return marker;
  });
  return { map, markers, engine };
}

describe('GL engine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the map is drawn at its first idle, once, as idle, not when the style alone has loaded', () => {
    vi.useFakeTimers();
    const { map, engine } = setup();
    const drawn: MapDrawn[] = [];
    engine.onDrawn((how) => drawn.push(how));
    map.finishLoading();
    expect(drawn).toEqual([]);
    map.settle();
    expect(drawn).toEqual(['idle']);
    vi.advanceTimersByTime(DRAWN_FALLBACK_MS);
    expect(drawn).toEqual(['idle']);
  });

  it('says the map is shown as a fallback after the fallback time, then drawn if it settles later', () => {
    vi.useFakeTimers();
    const { map, engine } = setup();
    const drawn: MapDrawn[] = [];
    engine.onDrawn((how) => drawn.push(how));
    map.finishLoading();
    vi.advanceTimersByTime(DRAWN_FALLBACK_MS - 1);
    expect(drawn).toEqual([]);
    vi.advanceTimersByTime(1);
    // Said to be a fallback, so a story or a test can tell a map that drew from one that gave up.
    expect(drawn).toEqual(['fallback']);
    map.settle();
    expect(drawn).toEqual(['fallback', 'idle']);
    map.settle();
    expect(drawn).toEqual(['fallback', 'idle']);
  });

  it('forgets the fallback when the map is removed before it was drawn', () => {
    vi.useFakeTimers();
    const { engine } = setup();
    let drawn = 0;
    engine.onDrawn(() => (drawn += 1));
    engine.remove();
    vi.advanceTimersByTime(DRAWN_FALLBACK_MS);
    expect(drawn).toBe(0);
  });

  it('keeps areas asked for before the style loaded and draws them once it has', () => {
    const { map, engine } = setup();
    engine.setArea('zone', SQUARE);
    engine.setArea('gone', SQUARE);
    engine.removeArea('gone');
    expect(map.sources.size).toBe(0);
    map.finishLoading();
    expect([...map.sources.keys()]).toEqual(['area-zone']);
    expect(map.layers).toEqual(['area-zone-fill', 'area-zone-line']);
  });

  it('replaces an area drawn again and removes its layers and source', () => {
    const { map, engine } = setup();
    map.finishLoading();
    engine.setArea('zone', SQUARE);
    engine.setArea('zone', SQUARE);
    expect(map.layers).toEqual(['area-zone-fill', 'area-zone-line']);
    engine.removeArea('zone');
    expect(map.layers).toEqual([]);
    expect(map.sources.size).toBe(0);
  });

  it('creates markers at their position and reports where they were dropped', () => {
    const { markers, engine } = setup();
    const dropped: LngLat[] = [];
    const marker = engine.addMarker({
      element: document.createElement('div'),
      lngLat: { lng: 46.7, lat: 24.7 },
      draggable: true,
      onDragEnd: (lngLat) => dropped.push(lngLat),
    });
    expect(markers[0]).toMatchObject({ lngLat: [46.7, 24.7], draggable: true });
    markers[0]!.lngLat = [46.8, 24.6];
    markers[0]!.dragEnd?.();
    marker.remove();
    expect(dropped).toEqual([{ lng: 46.8, lat: 24.6 }]);
    expect(markers[0]?.removed).toBe(true);
  });

  it('subscribes and unsubscribes the same click listener', () => {
    const { map, engine } = setup();
    const clicks: LngLat[] = [];
    const unsubscribe = engine.onClick((lngLat) => clicks.push(lngLat));
    map.clickListeners.forEach((listener) => listener({ lngLat: { lng: 1, lat: 2 } }));
    unsubscribe();
    expect(clicks).toEqual([{ lng: 1, lat: 2 }]);
    expect(map.clickListeners.size).toBe(0);
  });

  it('moves the camera without animation and frees the map', () => {
    const { map, engine } = setup();
    engine.jumpTo({ lng: 46, lat: 24 }, undefined);
    engine.fitBounds({ lng: 39, lat: 21 }, { lng: 46, lat: 24 }, { padding: 65, maxZoom: 18 });
    engine.remove();
    expect(map.jumps).toEqual([{ center: [46, 24] }]);
    expect(map.fits).toEqual([{ bounds: [[39, 21], [46, 24]], animate: false }]);
    expect(map.removed).toBe(true);
  });
});
