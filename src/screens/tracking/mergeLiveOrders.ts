import type { Order } from '../../../domain/types';

/**
 * The fetched list with the live updates laid over it: an update replaces the fetched order when it
 * is at least as recent (updated_at), and an order the list has not fetched yet is added.
 */
export function mergeLiveOrders(fetched: readonly Order[], live: ReadonlyMap<string, Order>): Order[] {
  if (live.size === 0) return [...fetched];
  const seen = new Set<string>();
  const merged = fetched.map((order) => {
    seen.add(order.order_id);
    const update = live.get(order.order_id);
    return update && update.updated_at >= order.updated_at ? update : order;
  });
  for (const [orderId, update] of live) if (!seen.has(orderId)) merged.push(update);
  return merged;
}

/** The live updates as a new map with one more order (the newest version of it wins). */
export function withLiveUpdate(live: ReadonlyMap<string, Order>, order: Order): Map<string, Order> {
  const next = new Map(live);
  const known = next.get(order.order_id);
  if (!known || order.updated_at >= known.updated_at) next.set(order.order_id, order);
  return next;
}
