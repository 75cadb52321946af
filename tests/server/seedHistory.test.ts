// The demo's three months of past orders (issue 26: "the seed gives the demo vendors three months of
// past orders so Insights has something to show"), deterministic and relative to the server clock.
import { describe, expect, it } from 'vitest';
import { orderFactsOf } from '../../domain';
import { historyOrders } from '../../server/db/seedHistory';

const NOW = Date.UTC(2026, 10, 26, 9, 30) / 1000;
const DAY = 86_400;

describe('seeded order history', () => {
  const orders = historyOrders(NOW);
  const facts = orders.map(orderFactsOf);

  it('covers the two months before the seed\'s last month: days 31 to 92 back, every day', () => {
    const oldest = Math.min(...orders.map((o) => o.created_at));
    const newest = Math.max(...orders.map((o) => o.created_at));
    expect(NOW - oldest).toBeLessThanOrEqual(93 * DAY);
    expect(NOW - oldest).toBeGreaterThan(91 * DAY);
    expect(NOW - newest).toBeGreaterThan(30 * DAY);
    const days = new Set(orders.map((o) => Math.floor((o.created_at + 4 * 3600) / DAY)));
    expect(days.size).toBe(62);
  });

  it('is the same for the same clock (ids aside), and moves with the clock', () => {
    const again = historyOrders(NOW).map(({ order_id: _id, ...rest }) => rest);
    expect(again).toEqual(orders.map(({ order_id: _id, ...rest }) => rest));
    expect(historyOrders(NOW + DAY)[0]?.created_at).toBe((orders[0]?.created_at ?? 0) + DAY);
  });

  it('has every outcome, cancellations with a reason and who cancelled, scheduled orders, late and on-time deliveries', () => {
    const count = (test: (f: (typeof facts)[number]) => boolean) => facts.filter(test).length;
    expect(count((f) => f.outcome === 'delivered')).toBeGreaterThan(500);
    expect(count((f) => f.outcome === 'returned')).toBeGreaterThan(10);
    expect(count((f) => f.outcome === 'cancelled' && f.cancelled_by === 'vendor' && f.cancel_reason !== null)).toBeGreaterThan(10);
    expect(count((f) => f.cancelled_by === 'courier')).toBeGreaterThan(3);
    expect(count((f) => f.on_time === 0)).toBeGreaterThan(10);
    expect(count((f) => f.on_time === 1)).toBeGreaterThan(count((f) => f.on_time === 0));
    expect(orders.filter((o) => o.preordered_for !== null).length).toBeGreaterThan(50);
    expect(count((f) => f.discount > 0)).toBeGreaterThan(20);
    expect(count((f) => f.cash_collected > 0)).toBeGreaterThan(200);
  });

  it('drops off around Riyadh, with status times in order', () => {
    for (const order of orders) {
      expect(Math.abs(order.customer.location.latitude - 24.75)).toBeLessThan(0.2);
      expect(Math.abs(order.customer.location.longitude - 46.68)).toBeLessThan(0.2);
      const times = order.status_history.map((entry) => entry.created_at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });
});

describe('SEED_HISTORY on a server', () => {
  it('gives the demo parent three months of figures on the Insights route, once', async () => {
    const { startServer } = await import('./harness');
    const server = await startServer({ SEED_HISTORY: '1', COURIER_SIM_SPEED: '0' }, {}, { listen: false });
    try {
      const auth = await server.login('vendor@example.com');
      const now = server.app.clock.nowS();
      const query = new URLSearchParams({ from: String(now - 91 * DAY), to: String(now), include_outlets: 'true' });
      const response = await server.call('GET', `/vendor/sa-1000/insights?${query.toString()}`, { auth });
      expect(response.status, response.text).toBe(200);
      const { result } = response.body as { result: { totals: { orders: number; returned: number; cancelled: number }; on_time: { rate: number }; heat_map: unknown[]; drop_offs: { clusters: unknown[] } } };
      const expected = historyOrders(now).length;
      // The history plus the seed's last month (1 to 3 orders a day).
      expect(result.totals.orders).toBeGreaterThanOrEqual(expected + 30);
      expect(result.totals.returned).toBeGreaterThan(0);
      expect(result.totals.cancelled).toBeGreaterThan(0);
      expect(result.on_time.rate).toBeGreaterThan(0.5);
      expect(result.heat_map.length).toBeGreaterThan(50);
      expect(result.drop_offs.clusters.length).toBeGreaterThan(10);
      // A restart on the same database adds nothing.
      const { seedHistory } = await import('../../server/db/seedHistory');
      const before = await server.app.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      await seedHistory(server.app.db, { nowS: now });
      const after = await server.app.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    } finally {
      await server.stop();
    }
  });
});
