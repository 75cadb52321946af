// A guest session's live channel (API.md "Live updates", subscribeToGuest): every guest order is
// published under the shared placeholder vendor 'vendorID', so each guest socket passes on only the
// orders its own session created.
import type { Order } from '../../domain/types';

/** The guest session that created an order, or null (a vendor's order, or none). */
export type GuestOwnerLookup = (orderId: string) => Promise<string | null>;

/**
 * Wraps a listener so it hears only `guestId`'s orders. Ownership never changes, so each order id
 * is looked up once per socket; a queue keeps one order's updates in the order they were published.
 */
export function onlyGuestOrders(guestId: string, ownerOf: GuestOwnerLookup, listener: (order: Order) => void, onError: (error: unknown) => void): (order: Order) => void {
  const owned = new Map<string, boolean>();
  let queue: Promise<void> = Promise.resolve();
  return (order) => {
    queue = queue.then(async () => {
      let mine = owned.get(order.order_id);
      if (mine === undefined) {
        mine = (await ownerOf(order.order_id)) === guestId;
        owned.set(order.order_id, mine);
      }
      if (mine) listener(order);
    }).catch(onError);
  };
}
