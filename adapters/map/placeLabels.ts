// Place names of the offline basemap (cities, and the gazetteer's districts from street zoom) as HTML
// elements over the map. The browser shapes the text, so Arabic and every other script render right
// without glyph PBFs, an RTL plugin or a network request. A name never sits under a pin: the screen
// boxes of the markers count as taken.
import type { Map as MaplibreMap, Marker as MaplibreMarker } from 'maplibre-gl';
import { PLACE_LAYER_IDS } from './offlineStyle';

/** Enough names to orient a user without covering the map. */
const MAX_LABELS = 24;
/** Labels closer than this box (CSS px) to a bigger place's label are skipped. */
const LABEL_BOX = { width: 110, height: 22 };
/** Where a label sits below its point (CSS px). */
const LABEL_OFFSET_Y = 4;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface PlaceLabelOptions {
  rtl: boolean;
  /** The page's language; Arabic pages show `name_ar` where the basemap has it. */
  language?: string;
}

export interface LabelCandidate {
  key: string;
  name: string;
  population: number;
  lngLat: [number, number];
}

type MarkerConstructor = new (options: { element: HTMLElement; anchor: 'top'; offset: [number, number] }) => MaplibreMarker;

function labelElement(name: string, rtl: boolean): HTMLElement {
  const element = document.createElement('div');
  element.className = 'map-place-label';
  element.textContent = name;
  element.dir = rtl ? 'rtl' : 'auto';
  element.setAttribute('aria-hidden', 'true');
  Object.assign(element.style, {
    pointerEvents: 'none',
    font: `${LABEL_FONT.replace('px', 'px/1.2')}`,
    color: '#2f3744',
    whiteSpace: 'nowrap',
    textShadow: '0 0 2px #fff, 0 0 2px #fff, 0 0 3px #fff',
  });
  return element;
}

/** The name in the page's language where the data has it (only Arabic is shipped), else GeoNames'. */
function nameFor(properties: Record<string, unknown>, language: string | undefined): unknown {
  const arabic = properties.name_ar;
  if (language?.toLowerCase().startsWith('ar') && typeof arabic === 'string' && arabic !== '') return arabic;
  return properties.name;
}

/** What a rendered place feature carries (build-basemap.ts): an id per place, its names and population. */
export interface RenderedPlace {
  id?: string | number;
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates?: unknown };
}

/** The places to name, biggest first, each once: a place near a tile's edge is in both tiles (their
 * buffers), and every over-zoomed tile in view answers its source tile's places, so one place comes back
 * several times, at positions that may differ in the last digits; its id is the same. */
export function placeCandidates(features: Iterable<RenderedPlace>, language: string | undefined): LabelCandidate[] {
  const byKey = new Map<string, LabelCandidate>();
  for (const feature of features) {
    const name = nameFor(feature.properties, language);
    const { population } = feature.properties as { population?: unknown };
    if (typeof name !== 'string' || feature.geometry.type !== 'Point') continue;
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const key = feature.id === undefined ? `${name}@${lng},${lat}` : `#${feature.id}`;
    if (!byKey.has(key)) byKey.set(key, { key, name, population: typeof population === 'number' ? population : 0, lngLat: [lng, lat] });
  }
  return [...byKey.values()].sort((a, b) => b.population - a.population);
}

function visibleCandidates(map: MaplibreMap, language: string | undefined): LabelCandidate[] {
  const layers = PLACE_LAYER_IDS.filter((id) => map.getLayer(id));
  return placeCandidates(map.queryRenderedFeatures({ layers }), language);
}

/** The screen boxes of the map's pins, in the map container's pixels. */
function markerBoxes(map: MaplibreMap): Box[] {
  const container = map.getContainer();
  const origin = container.getBoundingClientRect();
  return [...container.querySelectorAll('.map-marker')].map((marker) => {
    const rect = marker.getBoundingClientRect();
    return { left: rect.left - origin.left, top: rect.top - origin.top, right: rect.right - origin.left, bottom: rect.bottom - origin.top };
  });
}

/** Where a label may sit, as the offset of its top centre from its point: below it first, then beside
 * or above it, so a district under a pin is still named next to that pin. */
const LABEL_OFFSETS: readonly [number, number][] = [
  [0, LABEL_OFFSET_Y],
  [LABEL_BOX.width / 2 + 36, -LABEL_BOX.height / 2],
  [-(LABEL_BOX.width / 2 + 36), -LABEL_BOX.height / 2],
  [0, -LABEL_BOX.height - 72],
];

const labelBox = (x: number, y: number, [dx, dy]: [number, number], width = LABEL_BOX.width): Box => ({
  left: x + dx - width / 2,
  right: x + dx + width / 2,
  top: y + dy,
  bottom: y + dy + LABEL_BOX.height,
});

const LABEL_FONT = '12px system-ui, sans-serif';
let measuring: CanvasRenderingContext2D | null | undefined;

/** The label's width on screen (a long name is wider than the default box), with room for its halo. */
function textWidth(text: string): number {
  measuring ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!measuring) return LABEL_BOX.width;
  measuring.font = LABEL_FONT;
  return Math.max(LABEL_BOX.width, measuring.measureText(text).width + 8);
}

const isPin = (node: Node): boolean => node instanceof Element && node.classList.contains('map-marker');

const intersects = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Keeps the biggest places whose labels, at the first free spot of LABEL_OFFSETS, overlap neither each
 * other nor a pin on screen; answers each kept place with its offset. */
export function placeWithoutOverlap<T>(
  candidates: readonly T[],
  project: (candidate: T) => { x: number; y: number },
  taken: readonly Box[],
  widthOf: (candidate: T) => number = () => LABEL_BOX.width,
): { candidate: T; offset: [number, number] }[] {
  const placed: Box[] = [...taken];
  const kept: { candidate: T; offset: [number, number] }[] = [];
  for (const candidate of candidates) {
    if (kept.length === MAX_LABELS) break;
    const { x, y } = project(candidate);
    const width = widthOf(candidate);
    const offset = LABEL_OFFSETS.find((at) => !placed.some((other) => intersects(labelBox(x, y, at, width), other)));
    if (!offset) continue;
    placed.push(labelBox(x, y, offset, width));
    kept.push({ candidate, offset });
  }
  return kept;
}

/** Starts drawing place labels; returns the function that stops and clears them. */
export function attachPlaceLabels(map: MaplibreMap, Marker: MarkerConstructor, { rtl, language }: PlaceLabelOptions): () => void {
  const shown = new Map<string, MaplibreMarker>();
  // Whether the names are placed for the camera and pins on screen ('placed') or wait for the map's next
  // 'idle' ('stale'): a move or a new pin can put a name under a pin until then. Read by the e2e tests.
  const container = map.getContainer();
  const markStale = (): void => {
    container.dataset.placeLabels = 'stale';
  };
  markStale();

  const refresh = (): void => {
    const wanted = placeWithoutOverlap(
      visibleCandidates(map, language),
      (candidate) => map.project(candidate.lngLat),
      markerBoxes(map),
      (candidate) => textWidth(candidate.name),
    );
    // A label that moves to another spot is drawn anew.
    const keyOf = ({ candidate, offset }: (typeof wanted)[number]) => `${candidate.key}@${offset.join(',')}`;
    const wantedKeys = new Set(wanted.map(keyOf));
    for (const [key, marker] of shown) {
      if (!wantedKeys.has(key)) {
        marker.remove();
        shown.delete(key);
      }
    }
    for (const label of wanted) {
      const key = keyOf(label);
      if (shown.has(key)) continue;
      const marker = new Marker({ element: labelElement(label.candidate.name, rtl), anchor: 'top', offset: label.offset })
        .setLngLat(label.candidate.lngLat)
        .addTo(map);
      shown.set(key, marker);
    }
    container.dataset.placeLabels = 'placed';
  };

  // 'idle' fires once the data is in and after every move has settled: the first labels need no user move.
  map.on('idle', refresh);
  map.on('movestart', markStale);
  // A pin added or removed after the map settled (the drop-off chosen, a rider shown) asks for one more
  // frame, whose 'idle' places the names around it again; labels themselves are not pins.
  const pins = new MutationObserver((records) => {
    if (!records.some((record) => [...record.addedNodes, ...record.removedNodes].some(isPin))) return;
    markStale();
    map.triggerRepaint();
  });
  pins.observe(map.getCanvasContainer(), { childList: true });
  return () => {
    pins.disconnect();
    map.off('idle', refresh);
    map.off('movestart', markStale);
    delete container.dataset.placeLabels;
    for (const marker of shown.values()) marker.remove();
    shown.clear();
  };
}
