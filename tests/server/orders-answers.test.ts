// The order answers carry every field the store holds and the app reads: GET /order, PUT /order/cancel
// and PUT /order/{orderId} serialise through the Order schema (which drops what it does not declare),
// while the list sends the stored documents as they are. So the same order read both ways must agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderPage } from '../../domain/api';
import { startServer, type TestServer } from './harness';
import { moveOrder, placeOrder, resultOf, SA_OLAYA, SA_PARENT } from './orders-fixtures';

let server: TestServer;
let auth: string;

beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
  auth = await server.login('vendor@example.com');
});
afterAll(async () => { await server?.stop(); });

const withoutRider = ({ rider: _rider, ...order }: Order) => order;

/** Every property path of `value` ("customer.location.notes", "status_history[]" ...). */
function paths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [`${prefix}[]`, ...value.flatMap((item) => paths(item, `${prefix}[]`))];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [`${prefix}${prefix ? '.' : ''}${key}`, ...paths(inner, `${prefix}${prefix ? '.' : ''}${key}`)]);
}

describe('order answers', () => {
  it('GET /order answers what the list holds, field for field, for new, delivered, cancelled and seeded orders', async () => {
    const delivered = await placeOrder(server, auth);
    for (const status of ['PICKED_UP', 'DELIVERED']) await moveOrder(server, delivered, status);
    const cancelled = await placeOrder(server, auth);
    await moveOrder(server, cancelled, 'RECEIVED');
    const cancel = await server.call('PUT', '/order/cancel', { auth, body: { vendor_id: SA_OLAYA, order_id: cancelled, reason: 'Wrong address' } });
    expect(cancel.status).toBe(200);
    await placeOrder(server, auth);

    const list = await server.call('GET', `/vendor/${SA_PARENT}/orders?count=200&include_outlets=true`, { auth });
    expect(list.status).toBe(200);
    const listed = resultOf<OrderPage>(list.body).data;
    expect(listed.map((order) => order.order_id)).toEqual(expect.arrayContaining([delivered, cancelled]));

    const listedPaths = new Set<string>();
    const answeredPaths = new Set<string>();
    for (const order of listed) {
      const read = await server.call('GET', `/order?vendorId=${order.vendor_id}&orderId=${order.order_id}`, { auth });
      expect(read.status).toBe(200);
      // The detail also carries the recipient's message log, which the list leaves out.
      const { recipient_messages: messages, ...detail } = resultOf<Order & { recipient_messages: unknown[] }>(read.body);
      expect(messages).toEqual(expect.any(Array));
      expect(withoutRider(detail), order.order_id).toEqual(withoutRider(order));
      paths(order).forEach((path) => listedPaths.add(path));
      paths(detail).forEach((path) => answeredPaths.add(path));
    }
    // The walk saw the fields the order screens read.
    expect([...listedPaths]).toEqual(expect.arrayContaining([
      'proofs.delivery', 'proofs.pickup', 'cancel_reason', 'pickup.address', 'tracking_token', 'customer.location.notes', 'estimated_delivery_min', 'outlet_name',
    ]));
    expect([...listedPaths].filter((path) => !answeredPaths.has(path))).toEqual([]);
    expect(resultOf<Order>(cancel.body)).toMatchObject({ status: 'CANCELLED', cancel_reason: 'Wrong address', tracking_token: expect.any(String), customer: expect.any(Object) });
  });
});
