// Pre-order (Later) delivery times (SPEC.md §2, §9): in the future, at most 2 days ahead.
import { LIMITS } from './limits';
import { compareStatusProgress, isInStatusGroup } from './statuses';
import type { Order, UnixSeconds } from './types';

export function isPreorderTimeAllowed(preorderedFor: UnixSeconds, nowUnix: UnixSeconds): boolean {
  return preorderedFor > nowUnix && preorderedFor - nowUnix <= LIMITS.preorderMaxAheadS;
}

/**
 * A pre-order the courier platform holds until its dispatch (it has not yet looked for a rider): its
 * slot is what the vendor needs to see, not delivery estimates counted from now.
 */
export function isAwaitingDispatch(order: Pick<Order, 'preordered_for' | 'status'>): boolean {
  return order.preordered_for !== null && !isInStatusGroup(order.status, 'cancelled') && compareStatusProgress(order.status, 'WAITING_FOR_TRANSPORT') < 0;
}
