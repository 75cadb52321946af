// The demo's past orders carry their collection point as POST /order stores it, so a past order's
// map shows pickup and drop-off, not the drop-off alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../domain/types';
import { startServer, type TestServer } from './harness';
import { resultOf, SA_PARENT } from './orders-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
});
afterAll(async () => {
  await server?.stop();
});

describe('seeded past orders', () => {
  it('name where they were collected, with coordinates', async () => {
    const auth = await server.login('vendor@example.com');
    const now = Math.floor(Date.now() / 1000);
    const response = await server.call('GET', `/vendor/${SA_PARENT}/orders?from=${now - 31 * 86400}&to=${now}&count=200&include_outlets=true`, { auth });
    const orders = resultOf<{ data: Order[] }>(response.body).data;
    expect(orders.length).toBeGreaterThan(10);
    for (const order of orders) {
      expect({ order: order.order_id, pickup: order.pickup }).toMatchObject({ pickup: { latitude: expect.any(Number), longitude: expect.any(Number) } });
    }
  });
});
