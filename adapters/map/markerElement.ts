// The DOM of a marker: a 65 x 65 pin (SPEC §9) drawn as inline SVG so it needs no image request.
import { MARKER_SIZE_PX } from './mapDefaults';
import type { MarkerKind } from './mapPort';
import { pinDrawing } from './pinDrawing';

const SVG_NS = 'http://www.w3.org/2000/svg';

function svgElement(name: string, attributes: Record<string, string>): SVGElement {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

export function createMarkerElement(kind: MarkerKind, label: string): HTMLElement {
  const element = document.createElement('div');
  element.className = `map-marker map-marker--${kind}`;
  element.dataset.markerKind = kind;
  element.setAttribute('role', 'img');
  element.style.width = `${MARKER_SIZE_PX}px`;
  element.style.height = `${MARKER_SIZE_PX}px`;
  const svg = svgElement('svg', {
    viewBox: '0 0 24 24',
    width: String(MARKER_SIZE_PX),
    height: String(MARKER_SIZE_PX),
    'aria-hidden': 'true',
  });
  svg.append(...pinDrawing(kind).map((shape) => svgElement(shape.name, shape.attributes)));
  element.append(svg);
  updateMarkerElement(element, label, false);
  return element;
}

export function updateMarkerElement(element: HTMLElement, label: string, draggable: boolean): void {
  element.setAttribute('aria-label', label);
  element.title = label;
  element.style.cursor = draggable ? 'grab' : 'default';
}
