// Rider, ETA, map and tracking-page stages (SPEC.md §4 "Cancellation, rider and tracking").
import { LIMITS } from './limits';
import { compareStatusProgress, isInStatusGroup } from './statuses';
import type { C2cStage, RecipientStage } from './trackingStages';
import type { Order, OrderStatus } from './types';

export { C2C_STAGES, RECIPIENT_STAGES, type C2cStage, type RecipientStage } from './trackingStages';

function latestEntryAt(order: Order, status: OrderStatus): number | null {
  const times = order.status_history.filter((entry) => entry.status === status).map((entry) => entry.created_at);
  return times.length === 0 ? null : Math.max(...times);
}

/** A rider is assigned when the latest COURIER_ACCEPTED_DELIVERY comes after the latest WAITING_FOR_TRANSPORT. */
export function isRiderAssigned(order: Order): boolean {
  const accepted = latestEntryAt(order, 'COURIER_ACCEPTED_DELIVERY');
  if (accepted === null) return false;
  const waiting = latestEntryAt(order, 'WAITING_FOR_TRANSPORT');
  return waiting === null || accepted > waiting;
}

const ETA_TO_VENDOR: readonly OrderStatus[] = [
  'ASSIGNED_TO_TRANSPORT',
  'COURIER_ACCEPTED_DELIVERY',
  'RECEIVED_BY_VENDOR',
  'ACCEPTED_BY_VENDOR',
  'NEAR_VENDOR',
];
const ETA_TO_CUSTOMER: readonly OrderStatus[] = ['PICKED_UP', 'NEAR_CUSTOMER'];

export type EtaKind = 'to-vendor' | 'to-customer';

export function etaKind(status: OrderStatus): EtaKind | null {
  if (ETA_TO_VENDOR.includes(status)) return 'to-vendor';
  if (ETA_TO_CUSTOMER.includes(status)) return 'to-customer';
  return null;
}

const MAP_HIDDEN: readonly OrderStatus[] = ['NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT'];

export function showsFullMap(status: OrderStatus): boolean {
  return !MAP_HIDDEN.includes(status);
}

/** 'Near' ETA: under 5 minutes. */
export function isNearEta(minutes: number): boolean {
  return minutes < LIMITS.nearEtaMinutes;
}

/** Rider data is polled for DELAYED, or from RECEIVED_BY_VENDOR up to (not including) DELIVERED. */
export function shouldPollRider(status: OrderStatus): boolean {
  if (status === 'DELAYED') return true;
  return compareStatusProgress(status, 'RECEIVED_BY_VENDOR') >= 0 && compareStatusProgress(status, 'DELIVERED') < 0;
}

/**
 * DELAYED and MODIFIED say nothing about where the parcel is, so the stages read the latest
 * other status in the history (or the order's own status when there is none).
 */
function locatingStatus(order: Order): OrderStatus {
  if (order.status !== 'DELAYED' && order.status !== 'MODIFIED') return order.status;
  const located = [...order.status_history]
    .sort((a, b) => a.created_at - b.created_at)
    .filter((entry) => entry.status !== 'DELAYED' && entry.status !== 'MODIFIED');
  return located.at(-1)?.status ?? order.status;
}

/** The recipient tracking page's stage; null for a cancelled order (the page says it was cancelled). */
export function recipientStage(order: Order): RecipientStage | null {
  const status = locatingStatus(order);
  if (isInStatusGroup(status, 'cancelled')) return null;
  switch (status) {
    case 'DELIVERED':
      return 'delivered';
    case 'RETURNED_TO_VENDOR':
      return 'returned';
    case 'RETURN_INITIATED':
      return 'return-initiated';
    case 'NEAR_CUSTOMER':
      return 'near-customer';
    case 'PICKED_UP':
    case 'COURIER_LEFT_VENDOR':
      return 'collected';
    case 'NEAR_VENDOR':
      return 'near-vendor';
    default:
      return etaKind(status) === 'to-vendor' ? 'courier-accepted' : 'preparing';
  }
}

/**
 * The consumer-to-consumer page's stage. It has no return stages: a return in progress reads as
 * 'to-delivery' (the parcel is travelling back) and a completed return as 'delivered'.
 */
export function c2cStage(order: Order): C2cStage {
  const status = locatingStatus(order);
  if (isInStatusGroup(status, 'cancelled')) return 'cancelled';
  switch (status) {
    case 'DELIVERED':
    case 'RETURNED_TO_VENDOR':
      return 'delivered';
    case 'NEAR_CUSTOMER':
      return 'near-delivery';
    case 'PICKED_UP':
    case 'COURIER_LEFT_VENDOR':
    case 'RETURN_INITIATED':
      return 'to-delivery';
    case 'NEAR_VENDOR':
      return 'near-collection';
    default:
      return etaKind(status) === 'to-vendor' ? 'to-collection' : 'placed';
  }
}

/** Which public page follows an order: a guest sender's parcel (it carries the sender's name) is
 * consumer-to-consumer, every vendor order is the recipient's. */
export type PublicTrackingKind = 'recipient' | 'c2c';

export function publicTrackingKind(order: Pick<Order, 'sender_name'>): PublicTrackingKind {
  return order.sender_name ? 'c2c' : 'recipient';
}

/** The path of an order's public tracking page (SPEC.md §2 routes), without its `?t=` token. */
export function publicTrackingPath(kind: PublicTrackingKind, orderId: string): string {
  return `${kind === 'c2c' ? '/tracking-c2c/' : '/tracking/'}${encodeURIComponent(orderId)}`;
}
