// What the tracking page holds, where a live order update applies, and the fetch windows of the
// tracking page (SPEC.md §4, §9), all on the calendar day of the vendor's country zone.
import { LIMITS } from './limits';
import type { Order, UnixSeconds } from './types';
import { startOfToday } from './zonedTime';

/**
 * The tracking page holds today's orders (created today in the zone) and every pre-order due today
 * or later, whatever day it was placed: a pre-order placed yesterday for this afternoon is today's work.
 */
export function isOnTrackingPage(order: Pick<Order, 'created_at' | 'preordered_for'>, nowUnix: UnixSeconds, timeZone: string): boolean {
  const today = startOfToday(nowUnix, timeZone);
  return order.created_at >= today || (order.preordered_for !== null && order.preordered_for >= today);
}

/** Orders the tracking page holds update it; older ones update the history page. */
export function liveUpdateTarget(order: Pick<Order, 'created_at' | 'preordered_for'>, nowUnix: UnixSeconds, timeZone: string): 'tracking' | 'history' {
  return isOnTrackingPage(order, nowUnix, timeZone) ? 'tracking' : 'history';
}

/** Active orders are fetched from the start of today to now. */
export function activeOrdersWindow(nowUnix: UnixSeconds, timeZone: string): { from: UnixSeconds; to: UnixSeconds } {
  return { from: startOfToday(nowUnix, timeZone), to: nowUnix };
}

/**
 * When the pre-orders still due today or later were created: a pre-order is placed at most
 * LIMITS.preorderMaxAheadS before its time, so none due from the start of today was created earlier.
 */
export function scheduledOrdersWindow(nowUnix: UnixSeconds, timeZone: string): { from: UnixSeconds; to: UnixSeconds } {
  return { from: startOfToday(nowUnix, timeZone) - LIMITS.preorderMaxAheadS, to: nowUnix };
}
