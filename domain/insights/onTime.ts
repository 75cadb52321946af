// The on-time rule of the Insights page: "delivered by the promised time: ETA at dispatch
// for ASAP orders, the slot for scheduled ones".
import type { Order, UnixSeconds } from '../types';

/** SPEC §2: ASAP means drop-off within 60 minutes; the promise of an ASAP order without an ETA. */
export const ASAP_PROMISE_S = 60 * 60;

/**
 * When the order was promised to arrive: for a scheduled order its slot (preordered_for, the delivery
 * time the sender chose); for an ASAP order the delivery ETA given when it was placed (dispatched at
 * once), counted from its creation, or SPEC's 60 minutes when it has none.
 */
export function promisedDeliveryAt(order: Pick<Order, 'created_at' | 'preordered_for' | 'estimated_delivery_min'>): UnixSeconds {
  if (order.preordered_for !== null) return order.preordered_for;
  const etaMin = order.estimated_delivery_min;
  return order.created_at + (typeof etaMin === 'number' && etaMin > 0 ? Math.round(etaMin * 60) : ASAP_PROMISE_S);
}

/** Delivered at or before the promised time (a delivery in the promised second still counts). */
export function isDeliveredOnTime(deliveredAt: UnixSeconds, promisedAt: UnixSeconds): boolean {
  return deliveredAt <= promisedAt;
}
