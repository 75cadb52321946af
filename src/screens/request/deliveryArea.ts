import type { Polygon } from 'geojson';
import type { MapViewPolygon } from '../../components/map/MapView';

const EARTH_RADIUS_KM = 6371;
const VERTICES = 64;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** The DrawDeliveryAreas flag's shape: every point `radiusKm` from the collection point (the country's
 * distance limit), as a closed GeoJSON ring of destination points along great circles. */
export function deliveryAreaPolygon(centre: { latitude: number; longitude: number }, radiusKm: number): MapViewPolygon {
  const lat = toRadians(centre.latitude);
  const lng = toRadians(centre.longitude);
  const angular = radiusKm / EARTH_RADIUS_KM;
  const ring: [number, number][] = [];
  for (let vertex = 0; vertex < VERTICES; vertex++) {
    const bearing = (2 * Math.PI * vertex) / VERTICES;
    const pointLat = Math.asin(Math.sin(lat) * Math.cos(angular) + Math.cos(lat) * Math.sin(angular) * Math.cos(bearing));
    const pointLng = lng + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat), Math.cos(angular) - Math.sin(lat) * Math.sin(pointLat));
    ring.push([toDegrees(pointLng), toDegrees(pointLat)]);
  }
  ring.push(ring[0]);
  const geometry: Polygon = { type: 'Polygon', coordinates: [ring] };
  return { id: 'delivery-area', geometry };
}
