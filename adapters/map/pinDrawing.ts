// What a pin of each kind looks like, as data: the map's marker elements (markerElement.ts) and the
// legend under an order map (src/components/map/MapLegend.tsx) draw the same picture from it.
import type { MarkerKind } from './mapPort';

export interface SvgShape {
  name: 'path' | 'rect' | 'circle';
  attributes: Readonly<Record<string, string>>;
}

const KIND_COLOURS: Record<MarkerKind, { fill: string; inner: string }> = {
  pickup: { fill: '#1d4ed8', inner: '#ffffff' },
  dropoff: { fill: '#dc2626', inner: '#ffffff' },
  rider: { fill: '#059669', inner: '#ffffff' },
};

/** Pin outline in a 24 x 24 box, its tip at the bottom centre (the marker's anchor). */
const PIN_PATH = 'M12 1.5a7.5 7.5 0 0 0-7.5 7.5c0 5.4 7.5 13.5 7.5 13.5S19.5 14.4 19.5 9A7.5 7.5 0 0 0 12 1.5z';

/** The kind's inner symbol: a square parcel for pickup, a dot for drop-off, a ring for the rider. */
function innerSymbol(kind: MarkerKind, colour: string): SvgShape {
  if (kind === 'pickup') return { name: 'rect', attributes: { x: '9', y: '6', width: '6', height: '6', rx: '1', fill: colour } };
  if (kind === 'dropoff') return { name: 'circle', attributes: { cx: '12', cy: '9', r: '3', fill: colour } };
  return { name: 'circle', attributes: { cx: '12', cy: '9', r: '3', fill: 'none', stroke: colour, 'stroke-width': '2' } };
}

/** The shapes of a pin in a `0 0 24 24` view box, back to front. */
export function pinDrawing(kind: MarkerKind): readonly SvgShape[] {
  const colours = KIND_COLOURS[kind];
  return [
    { name: 'path', attributes: { d: PIN_PATH, fill: colours.fill, stroke: '#ffffff', 'stroke-width': '1' } },
    innerSymbol(kind, colours.inner),
  ];
}
