// Which orders a vendor may cancel (SPEC.md §4 "Cancellation, rider and tracking") or edit.
import { LIMITS } from './limits';
import { compareStatusProgress, isInStatusGroup } from './statuses';
import type { Order, OrderStatus, UnixSeconds } from './types';

export const ALWAYS_CANCELLABLE: readonly OrderStatus[] = ['RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT', 'MODIFIED'];

export interface CancellationContext {
  nowUnix: UnixSeconds;
  /** The DelayedCancellation feature flag. */
  delayedCancellation: boolean;
}

/** When the order last entered a status; falls back to created_at when the history does not say. */
export function statusEnteredAt(order: Order, status: OrderStatus): UnixSeconds {
  const entries = order.status_history.filter((entry) => entry.status === status);
  if (entries.length === 0) return order.created_at;
  return Math.max(...entries.map((entry) => entry.created_at));
}

export function isCancellable(order: Order, { nowUnix, delayedCancellation }: CancellationContext): boolean {
  if (ALWAYS_CANCELLABLE.includes(order.status)) return true;
  if (order.status === 'DELAYED') return delayedCancellation;
  if (order.status === 'PAYMENT_COMMITTED') {
    // Strictly more than 10 minutes: at exactly 600 s the payment may still be settling.
    return nowUnix - statusEnteredAt(order, 'PAYMENT_COMMITTED') > LIMITS.paymentCommittedCancelAfterS;
  }
  return false;
}

/** SPEC.md: an order can be edited only before pick-up (and never once cancelled or failed). */
export function isEditable(order: Order): boolean {
  return compareStatusProgress(order.status, 'PICKED_UP') < 0 && !isInStatusGroup(order.status, 'cancelled');
}

/** Reasons offered when cancelling (translation keys); the first is the default choice. */
export const CANCEL_REASONS = [
  'cancel.reason.customer-cancelled',
  'cancel.reason.wrong-order-details',
  'cancel.reason.order-not-ready',
  'cancel.reason.rider-too-late',
  'cancel.reason.duplicate-order',
  'cancel.reason.other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Alias kept for callers that read the brief's name. */
export const cancelReasons: readonly CancelReason[] = CANCEL_REASONS;

export function isCancelReason(value: string): value is CancelReason {
  return (CANCEL_REASONS as readonly string[]).includes(value);
}
