import { MARKER_SIZE_PX, WORLD_WIDTH_AT_ZOOM_0_PX } from '../../../adapters/map/mapDefaults';
import type { LngLat } from '../../../adapters/map/mapPort';

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const latitudeOf = (y: number) => ((2 * Math.atan(Math.exp(y)) - Math.PI / 2) * 180) / Math.PI;

/** Room kept free around the pins, and at the bottom for the map's attribution line, in CSS px. */
const EDGE_PX = 12;
const ATTRIBUTION_PX = 28;

/**
 * The centre and zoom that show every point's whole pin in a map of the given size (web-mercator
 * arithmetic; MapView takes a centre and a zoom rather than bounds). A pin stands on its point and
 * rises MARKER_SIZE_PX above it, so the points are framed in the band below the top pin's height
 * and above the attribution, and the centre is moved north to put that band in the middle.
 */
export function fitView(points: readonly LngLat[], size: { width: number; height: number }, maxZoom = 15): { center: LngLat; zoom: number } {
  const first = points[0];
  if (!first) return { center: { lng: 0, lat: 0 }, zoom: 2 };
  const lngs = points.map((point) => point.lng);
  const lats = points.map((point) => point.lat);
  const west = Math.min(...lngs);
  const east = Math.max(...lngs);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const boxY = (mercatorY(north) + mercatorY(south)) / 2;
  const band = { width: size.width - MARKER_SIZE_PX - 2 * EDGE_PX, height: size.height - MARKER_SIZE_PX - EDGE_PX - ATTRIBUTION_PX };
  const spread = points.length > 1 && (east - west >= 1e-6 || north - south >= 1e-6);
  const zoomForLng = spread && east > west ? Math.log2((band.width * 360) / ((east - west) * WORLD_WIDTH_AT_ZOOM_0_PX)) : maxZoom;
  const zoomForLat = spread && north > south ? Math.log2((band.height * 2 * Math.PI) / ((mercatorY(north) - mercatorY(south)) * WORLD_WIDTH_AT_ZOOM_0_PX)) : maxZoom;
  const zoom = Math.max(2, Math.min(maxZoom, Math.floor(Math.min(zoomForLng, zoomForLat) * 2) / 2));
  // The band's middle lies this many px below the map's middle; the centre goes as far north.
  const shiftPx = (MARKER_SIZE_PX + EDGE_PX - ATTRIBUTION_PX) / 2;
  const radiansPerPx = (2 * Math.PI) / (WORLD_WIDTH_AT_ZOOM_0_PX * 2 ** zoom);
  return { center: { lng: (west + east) / 2, lat: latitudeOf(boxY + shiftPx * radiansPerPx) }, zoom };
}
