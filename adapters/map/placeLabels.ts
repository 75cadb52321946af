// Place names of the offline basemap as HTML elements over the map. The browser shapes the text, so
// Arabic and every other script render right without glyph PBFs, an RTL plugin or a network request.
import type { Map as MaplibreMap, Marker as MaplibreMarker } from 'maplibre-gl';
import { PLACE_LAYER_IDS } from './offlineStyle';

/** Enough names to orient a user without covering the map. */
const MAX_LABELS = 24;
/** Labels closer than this box (CSS px) to a bigger place's label are skipped. */
const LABEL_BOX = { width: 110, height: 22 };

interface LabelCandidate {
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
    font: '12px/1.2 system-ui, sans-serif',
    color: '#2f3744',
    whiteSpace: 'nowrap',
    textShadow: '0 0 2px #fff, 0 0 2px #fff, 0 0 3px #fff',
  });
  return element;
}

function visibleCandidates(map: MaplibreMap): LabelCandidate[] {
  const layers = PLACE_LAYER_IDS.filter((id) => map.getLayer(id));
  const byKey = new Map<string, LabelCandidate>();
  for (const feature of map.queryRenderedFeatures({ layers })) {
    const { name, population } = feature.properties as { name?: unknown; population?: unknown };
    if (typeof name !== 'string' || feature.geometry.type !== 'Point') continue;
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const key = `${name}@${lng},${lat}`;
    byKey.set(key, { key, name, population: typeof population === 'number' ? population : 0, lngLat: [lng, lat] });
  }
  return [...byKey.values()].sort((a, b) => b.population - a.population);
}

/** Keeps the biggest places whose labels do not overlap on screen. */
function placeWithoutOverlap(map: MaplibreMap, candidates: LabelCandidate[]): LabelCandidate[] {
  const placed: { x: number; y: number }[] = [];
  const kept: LabelCandidate[] = [];
  for (const candidate of candidates) {
    if (kept.length === MAX_LABELS) break;
    const { x, y } = map.project(candidate.lngLat);
    const overlaps = placed.some((p) => Math.abs(p.x - x) < LABEL_BOX.width && Math.abs(p.y - y) < LABEL_BOX.height);
    if (overlaps) continue;
    placed.push({ x, y });
    kept.push(candidate);
  }
  return kept;
}

/** Starts drawing place labels; returns the function that stops and clears them. */
export function attachPlaceLabels(map: MaplibreMap, Marker: MarkerConstructor, rtl: boolean): () => void {
  const shown = new Map<string, MaplibreMarker>();

  const refresh = (): void => {
    const wanted = placeWithoutOverlap(map, visibleCandidates(map));
    const wantedKeys = new Set(wanted.map((c) => c.key));
    for (const [key, marker] of shown) {
      if (!wantedKeys.has(key)) {
        marker.remove();
        shown.delete(key);
      }
    }
    for (const candidate of wanted) {
      if (shown.has(candidate.key)) continue;
      const marker = new Marker({ element: labelElement(candidate.name, rtl), anchor: 'top', offset: [0, 4] })
        .setLngLat(candidate.lngLat)
        .addTo(map);
      shown.set(candidate.key, marker);
    }
  };

  // 'idle' fires once the data is in and after every move has settled: the first labels need no user move.
  map.on('idle', refresh);
  return () => {
    map.off('idle', refresh);
    for (const marker of shown.values()) marker.remove();
    shown.clear();
  };
}
