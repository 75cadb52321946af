// The demo's three months of past orders (issue 26: "the seed gives the demo vendors three months of
// past orders so Insights has something to show"), deterministic and relative to the server clock.
import { describe, expect, it } from 'vitest';
import { orderFactsOf } from '../../domain';
import { HISTORY_VENDORS, RIYADH_BAKERY } from '../../server/db/historyVendors';
import { historyOrders } from '../../server/db/seedHistory';

const NOW = Date.UTC(2026, 10, 26, 9, 30) / 1000;
const DAY = 86_400;

describe('seeded order history', () => {
  const orders = historyOrders(NOW);

  it('is the same for the same clock (ids aside), and moves with the clock', () => {
    const again = historyOrders(NOW).map(({ order_id: _id, ...rest }) => rest);
    expect(again).toEqual(orders.map(({ order_id: _id, ...rest }) => rest));
    expect(historyOrders(NOW + DAY)[0]?.created_at).toBe((orders[0]?.created_at ?? 0) + DAY);
  });

  describe.each(HISTORY_VENDORS.map((vendor) => [vendor.city, vendor] as const))('for the %s demo vendor', (_city, vendor) => {
    const outletIds = new Set(vendor.outlets.map((outlet) => outlet.vendorId));
    const own = orders.filter((order) => outletIds.has(order.vendor_id));
    const facts = own.map(orderFactsOf);
    const count = (test: (f: (typeof facts)[number]) => boolean) => facts.filter(test).length;

    it('covers each of the last three months, every local day, in the vendor\'s currency', () => {
      const days = new Set(own.map((o) => Math.floor((o.created_at + vendor.zoneOffsetS) / DAY)));
      expect(days.size).toBe(92);
      for (const month of [0, 1, 2]) {
        const inMonth = own.filter((o) => o.created_at <= NOW - month * 30 * DAY && o.created_at > NOW - (month + 1) * 30 * DAY);
        // A business's volume: several hundred orders a month (tens a day for the bakery chain).
        expect(inMonth.length).toBeGreaterThan(300);
      }
      expect(new Set(own.map((o) => o.currency))).toEqual(new Set([vendor.currency]));
      expect(Math.min(...own.map((o) => o.created_at))).toBeGreaterThan(NOW - 93 * DAY);
      expect(Math.max(...own.map((o) => o.created_at))).toBeLessThan(NOW);
    });

    it('has several outcomes, cancellations with a reason and who cancelled, scheduled orders, late and on-time deliveries, fees, discounts and cash', () => {
      expect(count((f) => f.outcome === 'delivered')).toBeGreaterThan(own.length * 0.7);
      expect(count((f) => f.outcome === 'returned')).toBeGreaterThan(20);
      expect(count((f) => f.outcome === 'cancelled' && f.cancelled_by === 'vendor' && f.cancel_reason !== null)).toBeGreaterThan(20);
      expect(count((f) => f.cancelled_by === 'courier')).toBeGreaterThan(5);
      expect(count((f) => f.on_time === 0)).toBeGreaterThan(10);
      expect(count((f) => f.on_time === 1)).toBeGreaterThan(count((f) => f.on_time === 0));
      expect(own.filter((o) => o.preordered_for !== null).length).toBeGreaterThan(50);
      expect(count((f) => f.discount > 0)).toBeGreaterThan(20);
      expect(count((f) => f.cash_collected > 0)).toBeGreaterThan(100);
      expect(count((f) => f.outcome === 'delivered' && f.fee > 0)).toBe(count((f) => f.outcome === 'delivered'));
    });

    it('drops off inside the city, spread over its districts, with status times in order', () => {
      const [south, west, north, east] = vendor.bounds;
      for (const order of own) {
        const { latitude, longitude } = order.customer.location;
        expect(latitude).toBeGreaterThan(south);
        expect(latitude).toBeLessThan(north);
        expect(longitude).toBeGreaterThan(west);
        expect(longitude).toBeLessThan(east);
        const times = order.status_history.map((entry) => entry.created_at);
        expect(times).toEqual([...times].sort((a, b) => a - b));
      }
      const districts = new Set(own.map((o) => o.customer.location.address.split(', ')[1]));
      expect(districts.size).toBe(vendor.districts.length);
    });

    it('is busiest at the vendor\'s own peak hours, in its own zone', () => {
      const perHour = new Array<number>(24).fill(0);
      for (const order of own) perHour[new Date((order.created_at + vendor.zoneOffsetS) * 1000).getUTCHours()] += 1;
      const busiest = perHour.indexOf(Math.max(...perHour));
      expect(vendor.hourly[busiest]).toBe(Math.max(...vendor.hourly));
      vendor.hourly.forEach((weight, hour) => { if (weight === 0) expect(perHour[hour]).toBe(0); });
    });
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
      const bakery = new Set(RIYADH_BAKERY.outlets.map((outlet) => outlet.vendorId));
      const expected = historyOrders(now).filter((order) => order.created_at >= now - 91 * DAY && bakery.has(order.vendor_id)).length;
      // The history plus the seed's last month (1 to 3 orders a day).
      expect(result.totals.orders).toBeGreaterThanOrEqual(expected + 30);
      expect(result.totals.returned).toBeGreaterThan(0);
      expect(result.totals.cancelled).toBeGreaterThan(0);
      expect(result.on_time.rate).toBeGreaterThan(0.5);
      expect(result.heat_map.length).toBeGreaterThan(50);
      expect(result.drop_offs.clusters.length).toBeGreaterThan(10);
      // Each of other@example.com's vendors has its own figures, in its own currency.
      const other = await server.login('other@example.com');
      for (const vendor of HISTORY_VENDORS.filter((v) => v !== RIYADH_BAKERY)) {
        const id = vendor.outlets[0]?.vendorId ?? '';
        const own = await server.call('GET', `/vendor/${id}/insights?${query.toString()}`, { auth: other });
        expect(own.status, own.text).toBe(200);
        const figures = (own.body as { result: { totals: { orders: number; cancelled: number }; drop_offs: { clusters: unknown[] } } }).result;
        expect(figures.totals.orders).toBe(historyOrders(now).filter((order) => order.created_at >= now - 91 * DAY && order.vendor_id === id).length);
        expect(figures.totals.cancelled).toBeGreaterThan(0);
        expect(figures.drop_offs.clusters.length).toBeGreaterThan(5);
      }
      // A restart on the same database adds nothing.
      const { seedHistory } = await import('../../server/db/seedHistory');
      const before = await server.app.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      await seedHistory(server.app.db, { nowS: now });
      const after = await server.app.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    } finally {
      await server.stop();
    }
  }, 90_000); // seeds about 9 000 orders: 24 s was not enough on a loaded two-core machine
});
