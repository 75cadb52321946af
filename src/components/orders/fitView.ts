import type { LngLat } from '../../../adapters/map/mapPort';

const TILE = 256;
const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/**
 * The centre and zoom that show every point in a map of the given size, with room around them
 * (web-mercator arithmetic; MapView takes a centre and a zoom rather than bounds).
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
  const center = { lng: (west + east) / 2, lat: (south + north) / 2 };
  if (points.length === 1 || (east - west < 1e-6 && north - south < 1e-6)) return { center, zoom: maxZoom };
  const padding = 1.6;
  const zoomForLng = Math.log2((size.width * 360) / ((east - west) * padding * TILE));
  const zoomForLat = Math.log2((size.height * 2 * Math.PI) / ((mercatorY(north) - mercatorY(south)) * padding * TILE));
  return { center, zoom: Math.max(2, Math.min(maxZoom, Math.floor(Math.min(zoomForLng, zoomForLat) * 2) / 2)) };
}
