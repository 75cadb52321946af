// The DOM of a marker: a 65 x 65 pin (SPEC §9) drawn as inline SVG so it needs no image request.
import { MARKER_SIZE_PX } from './mapDefaults';
import type { MarkerKind } from './mapPort';

const SVG_NS = 'http://www.w3.org/2000/svg';

const KIND_COLOURS: Record<MarkerKind, { fill: string; inner: string }> = {
  pickup: { fill: '#1d4ed8', inner: '#ffffff' },
  dropoff: { fill: '#dc2626', inner: '#ffffff' },
  rider: { fill: '#059669', inner: '#ffffff' },
};

/** Pin outline in a 24 x 24 box, its tip at the bottom centre (the marker's anchor). */
const PIN_PATH = 'M12 1.5a7.5 7.5 0 0 0-7.5 7.5c0 5.4 7.5 13.5 7.5 13.5S19.5 14.4 19.5 9A7.5 7.5 0 0 0 12 1.5z';

function svgElement(name: string, attributes: Record<string, string>): SVGElement {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

/** The kind's inner symbol: a square parcel for pickup, a dot for drop-off, a ring for the rider. */
function innerSymbol(kind: MarkerKind, colour: string): SVGElement {
  if (kind === 'pickup') return svgElement('rect', { x: '9', y: '6', width: '6', height: '6', rx: '1', fill: colour });
  if (kind === 'dropoff') return svgElement('circle', { cx: '12', cy: '9', r: '3', fill: colour });
  return svgElement('circle', { cx: '12', cy: '9', r: '3', fill: 'none', stroke: colour, 'stroke-width': '2' });
}

export function createMarkerElement(kind: MarkerKind, label: string): HTMLElement {
  const element = document.createElement('div');
  element.className = `map-marker map-marker--${kind}`;
  element.dataset.markerKind = kind;
  element.setAttribute('role', 'img');
  element.style.width = `${MARKER_SIZE_PX}px`;
  element.style.height = `${MARKER_SIZE_PX}px`;
  const colours = KIND_COLOURS[kind];
  const svg = svgElement('svg', {
    viewBox: '0 0 24 24',
    width: String(MARKER_SIZE_PX),
    height: String(MARKER_SIZE_PX),
    'aria-hidden': 'true',
  });
  svg.append(
    svgElement('path', { d: PIN_PATH, fill: colours.fill, stroke: '#ffffff', 'stroke-width': '1' }),
    innerSymbol(kind, colours.inner),
  );
  element.append(svg);
  updateMarkerElement(element, label, false);
  return element;
}

export function updateMarkerElement(element: HTMLElement, label: string, draggable: boolean): void {
  element.setAttribute('aria-label', label);
  element.title = label;
  element.style.cursor = draggable ? 'grab' : 'default';
}
