// Where a live order update applies, and the active-orders fetch window (SPEC.md §4, §9).
import type { Order, UnixSeconds } from './types';
import { startOfToday } from './zonedTime';

/** Orders created today (in the zone) update the tracking page; older ones the history page. */
export function liveUpdateTarget(order: Pick<Order, 'created_at'>, nowUnix: UnixSeconds, timeZone: string): 'tracking' | 'history' {
  return order.created_at >= startOfToday(nowUnix, timeZone) ? 'tracking' : 'history';
}

/** Active orders are fetched from the start of today to now. */
export function activeOrdersWindow(nowUnix: UnixSeconds, timeZone: string): { from: UnixSeconds; to: UnixSeconds } {
  return { from: startOfToday(nowUnix, timeZone), to: nowUnix };
}
