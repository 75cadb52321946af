// Which order list an order appears in (SPEC.md §4 "List grouping rules"), and list order.
import type { Order, OrderStatus, UnixSeconds } from './types';
import { STATUS_GROUPS, compareStatusProgress, isInStatusGroup, type StatusFilter } from './statuses';

export const LIST_GROUPS = ['new', 'preorder', 'collected', 'delivered', 'cancelled'] as const;
export type ListGroup = (typeof LIST_GROUPS)[number];

/**
 * The statuses of which any one in a DELAYED order's history makes it collected (SPEC.md §4, read as
 * "new while its history has none of them": a delay reported after pickup is a collected order).
 */
export const DELAYED_COLLECTED_EVIDENCE: readonly OrderStatus[] = [
  ...new Set<OrderStatus>([...STATUS_GROUPS.collected, ...STATUS_GROUPS.cancelled, ...STATUS_GROUPS.deliveredOrReturned]),
];

function historyHoldsAny(order: Order, statuses: readonly OrderStatus[]): boolean {
  return order.status_history.some((entry) => statuses.includes(entry.status));
}

export function isFuturePreorder(order: Order, nowUnix: UnixSeconds): boolean {
  return order.preordered_for !== null && order.preordered_for > nowUnix;
}

/**
 * The one list an order belongs to. Terminal groups (cancelled, delivered or returned) are decided
 * first, then the DELAYED rule, then the pre-order carve-out of 'new', then collected; everything
 * else (the new set, and INITIATED / PAYMENT_INITIATED that no group names) is 'new'.
 */
export function listGroupOf(order: Order, nowUnix: UnixSeconds): ListGroup {
  const { status } = order;
  if (isInStatusGroup(status, 'cancelled')) return 'cancelled';
  if (isInStatusGroup(status, 'deliveredOrReturned')) return 'delivered';
  if (status === 'DELAYED') return historyHoldsAny(order, DELAYED_COLLECTED_EVIDENCE) ? 'collected' : 'new';
  if (isFuturePreorder(order, nowUnix) && compareStatusProgress(status, 'WAITING_FOR_TRANSPORT') <= 0) return 'preorder';
  if (isInStatusGroup(status, 'collected')) return 'collected';
  return 'new';
}

/** Whether an order passes a status filter of the lists; NEW also shows pre-orders. */
export function matchesStatusFilter(order: Order, filter: StatusFilter, nowUnix: UnixSeconds): boolean {
  const group = listGroupOf(order, nowUnix);
  switch (filter) {
    case 'ANY':
      return true;
    case 'NEW':
      return group === 'new' || group === 'preorder';
    case 'COLLECTED':
      return group === 'collected';
    case 'DELIVERED':
      return group === 'delivered';
    case 'CANCELLED':
      return group === 'cancelled';
  }
}

/** A new array, newest created_at first; equal times keep their order. */
export function sortNewestFirst<T extends Pick<Order, 'created_at'>>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => b.created_at - a.created_at);
}
