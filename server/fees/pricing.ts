import { countryConfig, deliveryFee, greatCircleKm } from '../../domain';
import type { GeoPoint, PaymentMethod } from '../../domain/types';

/** What the embedded courier platform charges for a route (domain price scheme over the great-circle distance). */
export function priceRoute(countryCode: string, source: GeoPoint, destination: GeoPoint, paymentMethod?: PaymentMethod): { distanceKm: number; fee: number } {
  const distanceKm = greatCircleKm(source, destination);
  // Quotes are made before the payment step: the country's default method prices them (it only
  // matters in Taiwan, where cash on delivery adds a surcharge).
  const method = paymentMethod ?? countryConfig(countryCode).defaultPaymentMethod;
  return { distanceKm, fee: deliveryFee(countryCode, distanceKm, method) };
}

/** DELIVERABLE within the country's distance limit from the collection point. */
export function isDeliverable(countryCode: string, source: GeoPoint, destination: GeoPoint): boolean {
  return greatCircleKm(source, destination) <= countryConfig(countryCode).distanceLimitKm;
}

/** Average urban courier speed for drop-off estimates. */
const RIDER_SPEED_KMH = 20;
/** Handing over at the door. */
const HANDOVER_MIN = 3;

/**
 * Minutes until pickup (the vendor's preparation estimate, never under the country's minimum ETA)
 * and until drop-off (pickup plus the ride at RIDER_SPEED_KMH plus the handover).
 */
export function estimateMinutes(countryCode: string, vendorPickupMin: number, distanceKm: number): { pickup_min: number; dropoff_min: number } {
  const pickup = Math.max(countryConfig(countryCode).minimumEta, Math.round(vendorPickupMin));
  return { pickup_min: pickup, dropoff_min: pickup + Math.ceil((distanceKm / RIDER_SPEED_KMH) * 60) + HANDOVER_MIN };
}
