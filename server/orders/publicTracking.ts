import { c2cStage, publicTrackingKind, recipientStage } from '../../domain';
import type { Order, PublicTrackingView, Rider } from '../../domain/types';
import type { FlagVariation } from '../flags/flag-defaults';

/** First name only: the public pages never show a full name, an address, nor (unless a flag says so) a phone number. */
export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

export type { PublicTrackingView } from '../../domain/types';

/**
 * Whether the TrackingPageSettings variation shows the rider's phone: only an explicit `true` does,
 * so a missing, partial or mistyped variation keeps the phone private.
 */
export function showsRiderPhone(settings: FlagVariation | undefined): boolean {
  return typeof settings === 'object' && settings !== null && !Array.isArray(settings) && settings.showRiderPhone === true;
}

export interface PublicTrackingOptions {
  /** The rider's phone is added (for a "Call the rider" link) only when this is true. */
  showRiderPhone: boolean;
}

/** The recipient's view of an order (API.md GET /tracking/{orderId}): stage, rider position, ETA. */
export function publicTrackingView(order: Order, rider: Rider | null, options: PublicTrackingOptions = { showRiderPhone: false }): PublicTrackingView {
  const kind = publicTrackingKind(order);
  const isC2c = kind === 'c2c';
  return {
    order_id: order.order_id,
    status: order.status,
    kind,
    stage: isC2c ? c2cStage(order) : recipientStage(order),
    created_at: order.created_at,
    updated_at: order.updated_at,
    preordered_for: order.preordered_for,
    vendor_name: isC2c ? '' : order.outlet_name ?? '',
    sender_first_name: isC2c ? firstName(order.sender_name) : null,
    customer_first_name: firstName(order.customer.name),
    destination: { latitude: order.customer.location.latitude, longitude: order.customer.location.longitude },
    pickup: order.pickup ? { latitude: order.pickup.latitude, longitude: order.pickup.longitude } : null,
    rider: rider
      ? {
        first_name: firstName(rider.name),
        ...(options.showRiderPhone && rider.phone ? { phone: rider.phone } : {}),
        latitude: rider.latitude,
        longitude: rider.longitude,
        updated_at: rider.updated_at,
      }
      : null,
    eta_to_vendor_min: rider?.eta_to_vendor_min ?? null,
    eta_to_customer_min: rider?.eta_to_customer_min ?? null,
    status_history: order.status_history,
  };
}
