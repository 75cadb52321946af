// A guest's orders belong to the placeholder vendor (SPEC.md §3: id 'vendorID', name 'guest'). Those
// placeholders are internal: on screen a guest's order shows its sender and an id without the prefix.
import { GUEST_VENDOR_ID, type Order } from './types';

const GUEST_ID_PREFIX = `${GUEST_VENDOR_ID}-`;

export function isGuestOrder(order: Pick<Order, 'vendor_id'>): boolean {
  return order.vendor_id === GUEST_VENDOR_ID;
}

/** The order id as people read it: a guest order's id without the placeholder vendor prefix. */
export function shownOrderId(orderId: string): string {
  return orderId.startsWith(GUEST_ID_PREFIX) ? orderId.slice(GUEST_ID_PREFIX.length) : orderId;
}

/** The stored id of an order id a guest typed as shown (API.md: order ids start with the vendor id). */
export function guestOrderIdOf(typed: string): string {
  const id = typed.trim();
  return id.startsWith(GUEST_ID_PREFIX) ? id : `${GUEST_ID_PREFIX}${id}`;
}

/** Who the rider collects from: the outlet, or for a guest order its sender (never the placeholder 'guest'). */
export function shownCollectionPoint(order: Pick<Order, 'vendor_id' | 'outlet_name' | 'sender_name'>): string | null {
  if (isGuestOrder(order)) return order.sender_name?.trim() || null;
  return order.outlet_name ?? null;
}

/** A typed guest order id as shown (API.md: at least 64 random bits, written in hex after the prefix). */
export function isShownGuestOrderId(typed: string): boolean {
  return /^[0-9a-f]{16,}$/i.test(typed.trim());
}
