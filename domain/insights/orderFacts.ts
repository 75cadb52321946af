// The figures of one order that the Insights page adds up, derived once when the order is
// stored so the database can aggregate narrow rows instead of parsing every order's JSON document.
import { isCancelReason } from '../cancellation';
import type { CancelledBy, Order, OrderStatus, UnixSeconds } from '../types';
import { dropOffCell } from './dropOffGrid';
import { isDeliveredOnTime, promisedDeliveryAt } from './onTime';
import { orderOutcome, type OrderOutcome } from './orderOutcome';

export interface OrderFacts {
  order_id: string;
  vendor_id: string;
  created_at: UnixSeconds;
  outcome: OrderOutcome;
  promised_at: UnixSeconds;
  picked_up_at: UnixSeconds | null;
  delivered_at: UnixSeconds | null;
  /** 1/0 for a delivered order, null otherwise (not delivered yet, or never). */
  on_time: 0 | 1 | null;
  /** Seconds from the request to the pick-up, and from the pick-up to the delivery. */
  request_to_pickup_s: number | null;
  pickup_to_delivery_s: number | null;
  /** A cancel reason key (CANCEL_REASONS); free text counts as 'cancel.reason.other'. */
  cancel_reason: string | null;
  /** 'unknown' for a cancellation recorded before who cancelled was kept. */
  cancelled_by: CancelledBy | 'unknown' | null;
  /** What the order costs the vendor: the listed fee, the discount on it, and the cash the rider collected. */
  fee: number;
  discount: number;
  cash_collected: number;
  /** The drop-off's cell on the Insights map's grid (dropOffGrid.ts); null without coordinates. */
  drop_cell_lat: number | null;
  drop_cell_lng: number | null;
}

function firstEntryAt(order: Order, status: OrderStatus): UnixSeconds | null {
  return order.status_history.find((entry) => entry.status === status)?.created_at ?? null;
}

function lastEntryAt(order: Order, status: OrderStatus): UnixSeconds | null {
  return order.status_history.findLast((entry) => entry.status === status)?.created_at ?? null;
}

const money = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Fee, discount and cash of an order. A cancelled order costs nothing (an online payment is refunded,
 * no rider collected cash). Cash on delivery: the rider collects the item and the charged fee once
 * delivered; pay at pick-up: the charged fee at collection.
 */
function spendOf(order: Order, outcome: OrderOutcome, pickedUpAt: UnixSeconds | null, deliveredAt: UnixSeconds | null) {
  if (outcome === 'cancelled') return { fee: 0, discount: 0, cash_collected: 0 };
  const fee = money(order.delivery_fee);
  const discount = money(order.discount);
  const charged = fee - discount;
  const method = order.order.payment_method;
  let cash = 0;
  if ((method === 'CASH_ON_DELIVERY' || method === 'PAYMENT_ON_DELIVERY') && deliveredAt !== null) cash = order.total_amount ?? money(order.order.amount) + charged;
  if (method === 'PAY_AT_PICKUP' && pickedUpAt !== null) cash = charged;
  return { fee, discount, cash_collected: cash };
}

const cellOf = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? dropOffCell(value) : null);

export function orderFactsOf(order: Order): OrderFacts {
  const outcome = orderOutcome(order.status);
  const pickedUpAt = firstEntryAt(order, 'PICKED_UP');
  const deliveredAt = outcome === 'delivered' ? lastEntryAt(order, 'DELIVERED') : null;
  const promisedAt = promisedDeliveryAt(order);
  const cancelled = outcome === 'cancelled';
  const reason = order.cancel_reason ?? null;
  return {
    order_id: order.order_id,
    vendor_id: order.vendor_id,
    created_at: order.created_at,
    outcome,
    promised_at: promisedAt,
    picked_up_at: pickedUpAt,
    delivered_at: deliveredAt,
    on_time: deliveredAt === null ? null : isDeliveredOnTime(deliveredAt, promisedAt) ? 1 : 0,
    request_to_pickup_s: pickedUpAt === null ? null : Math.max(0, pickedUpAt - order.created_at),
    pickup_to_delivery_s: pickedUpAt === null || deliveredAt === null ? null : Math.max(0, deliveredAt - pickedUpAt),
    cancel_reason: cancelled && reason !== null ? (isCancelReason(reason) ? reason : 'cancel.reason.other') : null,
    cancelled_by: cancelled ? order.cancelled_by ?? 'unknown' : null,
    ...spendOf(order, outcome, pickedUpAt, deliveredAt),
    drop_cell_lat: cellOf(order.customer.location.latitude),
    drop_cell_lng: cellOf(order.customer.location.longitude),
  };
}
