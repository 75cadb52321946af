// What every cross-process pub/sub (Redis, PostgreSQL LISTEN/NOTIFY) must do, checked on two hubs with
// their own connections, as two server processes have: the publisher's own subscribers get the
// updates at once and only once (no echo), the other hub's subscribers of that vendor get them in
// order, and subscribers of another vendor get nothing.
import { expect, vi } from 'vitest';
import type { Order } from '../../domain/types';
import type { SharedPubSub } from '../../server/live/pubsub';

export const anOrder = (id: string, description = '') => ({ order_id: id, order: { description } }) as unknown as Order;

export async function expectCrossProcessFanOut(one: SharedPubSub, two: SharedPubSub, orderIds: readonly string[]): Promise<void> {
  expect(one.isConnected() && two.isConnected()).toBe(true);
  const local: string[] = [];
  const remote: string[] = [];
  const otherVendor: string[] = [];
  one.subscribe('v-1', (order) => local.push(order.order_id));
  two.subscribe('v-1', (order) => remote.push(order.order_id));
  two.subscribe('v-2', (order) => otherVendor.push(order.order_id));
  for (const id of orderIds) one.publish('v-1', anOrder(id));
  expect(local).toEqual(orderIds);
  await vi.waitFor(() => expect(remote).toEqual(orderIds));
  // A marker from the other hub: the broker hands it to this hub after any echo of this hub's own
  // updates (one broker, one order per connection), so once it is here an echo would be too.
  two.publish('v-1', anOrder('marker'));
  await vi.waitFor(() => expect(local).toContain('marker'));
  expect(local).toEqual([...orderIds, 'marker']);
  expect(otherVendor).toEqual([]);
}
