// GET /vendor/{id}/insights (issue 26): every figure against a hand-computed answer over the set in
// insightsOrders.ts, and the order list's tenancy (parents see their outlets, nobody another vendor's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insights } from '../../domain/api';
import { insertOrder } from '../../server/orders/repository';
import { memoryInsights } from '../../stories/support/memoryInsights';
import { signedInPair, type TestServer } from './harness';
import { insightsOrders, PERIOD } from './insightsOrders';
import { resultOf, SA_OLAYA, SA_PARENT, SG_VENDOR } from './orders-fixtures';

let server: TestServer;
let auth: string;
let otherAuth: string;

async function insights(vendorId: string, query: Record<string, string | number | boolean> = PERIOD, as = auth) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return server.call('GET', `/vendor/${vendorId}/insights?${search.toString()}`, { auth: as });
}

async function figures(vendorId: string, query: Record<string, string | number | boolean> = PERIOD, as = auth): Promise<Insights> {
  const response = await insights(vendorId, query, as);
  expect(response.status, response.text).toBe(200);
  return resultOf<Insights>(response.body);
}

beforeAll(async () => {
  ({ server, vendor: auth, other: otherAuth } = await signedInPair({ COURIER_SIM_SPEED: '0' }, {}, { listen: false }));
  for (const order of insightsOrders()) await insertOrder(server.app.db, order);
});
afterAll(async () => { await server?.stop(); });

describe('GET /vendor/{id}/insights: one outlet', () => {
  let result: Insights;
  beforeAll(async () => { result = await figures(SA_OLAYA); });

  it('counts orders per Dubai day by outcome (H, at midnight after the period, left out)', () => {
    expect(result.time_zone).toBe('Asia/Dubai');
    expect(result.currency).toBe('SAR');
    expect(result.totals).toEqual({ orders: 7, delivered: 3, returned: 1, cancelled: 2, in_progress: 1 });
    expect(result.days).toEqual([
      { date: '2026-03-09', orders: 3, delivered: 2, returned: 0, cancelled: 0, in_progress: 1 },
      { date: '2026-03-10', orders: 4, delivered: 1, returned: 1, cancelled: 2, in_progress: 0 },
    ]);
  });

  it('on time: A (ETA 40 min, 35 min) and C (by its 15:00 slot) of the three delivered; B late', () => {
    expect(result.on_time).toEqual({ delivered: 3, on_time: 2, rate: 2 / 3 });
  });

  it('request to pick-up over A, B, C, F, I and pick-up to delivery over A, B, C: average and nearest-rank p90', () => {
    // 900, 1200, 4800, 600, 1000: sum 8500; ceil(0.9 x 5) = 5th smallest.
    expect(result.request_to_pickup).toEqual({ count: 5, average_s: 1700, p90_s: 4800 });
    // 1200, 1800, 1500: ceil(0.9 x 3) = 3rd smallest.
    expect(result.pickup_to_delivery).toEqual({ count: 3, average_s: 1500, p90_s: 1800 });
  });

  it('cancellations by reason and by who cancelled', () => {
    expect(result.cancellations).toEqual({
      by_reason: [{ reason: 'cancel.reason.duplicate-order', orders: 1 }, { reason: 'cancel.reason.rider-too-late', orders: 1 }],
      by_who: [{ cancelled_by: 'courier', orders: 1 }, { cancelled_by: 'vendor', orders: 1 }],
    });
  });

  it('spend of the outlet: fees of the orders not cancelled (in progress too), discounts, cash the riders collected', () => {
    expect(result.outlets).toEqual([{
      vendor_id: SA_OLAYA, name: 'Riyadh Fresh Bakery - Olaya', orders: 7, delivered: 3, returned: 1, cancelled: 2, in_progress: 1,
      fees: 20 + 15 + 20 + 18 + 20, discounts: 5, cash_collected: 120 + 68, // A, B, I (in progress), C, F
    }]);
  });

  it('weekday (Monday 0) x Dubai hour', () => {
    expect(result.heat_map).toEqual([
      { weekday: 0, hour: 8, orders: 2 }, { weekday: 0, hour: 12, orders: 1 },
      { weekday: 1, hour: 13, orders: 2 }, { weekday: 1, hour: 20, orders: 1 }, { weekday: 1, hour: 21, orders: 1 },
    ]);
  });

  it('equals the in-memory model of the same figures (Storybook\'s, stories/support/memoryInsights.ts)', () => {
    const inMemory = memoryInsights(insightsOrders(), { vendorId: SA_OLAYA, name: 'Riyadh Fresh Bakery - Olaya', currency: 'SAR', timeZone: 'Asia/Dubai' }, PERIOD);
    expect(inMemory).toEqual(result);
  });

  it('drop-offs on a 1/100 degree grid: A and B share the cell centred on 24.82, 46.64', () => {
    expect(result.drop_offs.capped).toBe(false);
    expect(result.drop_offs.clusters).toHaveLength(6);
    expect(result.drop_offs.clusters[0]).toEqual({ latitude: 24.82, longitude: 46.64, orders: 2 });
    expect(result.drop_offs.clusters.reduce((sum, cluster) => sum + cluster.orders, 0)).toBe(7);
  });
});

describe('GET /vendor/{id}/insights: tenancy', () => {
  it('a parent sees its outlets side by side only with include_outlets; G (Diriyah) joins the 9th', async () => {
    const own = await figures(SA_PARENT);
    expect(own.totals.orders).toBe(0);
    expect(own.outlets.map((outlet) => outlet.vendor_id)).toEqual([SA_PARENT]);
    const all = await figures(SA_PARENT, { ...PERIOD, include_outlets: true });
    expect(all.totals).toEqual({ orders: 8, delivered: 4, returned: 1, cancelled: 2, in_progress: 1 });
    expect(all.days[0]).toEqual({ date: '2026-03-09', orders: 4, delivered: 3, returned: 0, cancelled: 0, in_progress: 1 });
    expect(all.on_time).toEqual({ delivered: 4, on_time: 3, rate: 3 / 4 });
    expect(all.outlets.find((outlet) => outlet.vendor_id === 'sa-1004')).toMatchObject({ orders: 1, fees: 10, discounts: 2, cash_collected: 8 });
    expect(all.outlets.map((outlet) => outlet.vendor_id)).not.toContain(SG_VENDOR);
    expect(all.heat_map).toContainEqual({ weekday: 0, hour: 23, orders: 1 });
  });

  it('another account\'s vendor answers 403 in the error shape, whatever the query', async () => {
    for (const query of [PERIOD, { ...PERIOD, include_outlets: true }, {}]) {
      const response = await insights(SA_OLAYA, query, otherAuth);
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ status: 403, message: 'error.forbidden' });
    }
  });

  it('the other account sees its own order J and nothing of the Saudi vendor', async () => {
    const theirs = await figures(SG_VENDOR, PERIOD, otherAuth);
    expect(theirs.totals.orders).toBe(1);
    expect(theirs.outlets.map((outlet) => outlet.vendor_id)).toEqual([SG_VENDOR]);
  });

  it('a guest and a caller without a token get no insights', async () => {
    const session = await server.call('POST', '/guest/session', { body: { name: 'Guest', email: 'g@example.com', phone_number: '+966501112233', country_code: 'SA' } });
    const token = resultOf<{ token: string }>(session.body).token;
    expect((await insights('vendorID', PERIOD, `Bearer ${token}`)).status).toBe(403);
    expect((await server.call('GET', `/vendor/${SA_OLAYA}/insights`)).status).toBe(401);
  });
});

describe('GET /vendor/{id}/insights: bad input', () => {
  it('answers 400 in the error shape for half a period, a reversed one, one too long, a bad number', async () => {
    const queries: Record<string, string | number>[] = [
      { from: PERIOD.from }, { from: PERIOD.to, to: PERIOD.from }, { from: PERIOD.from, to: PERIOD.from + 200 * 86_400 }, { from: 'x', to: 1 }, { unknown: 1 },
    ];
    for (const query of queries) {
      const response = await insights(SA_OLAYA, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body).toMatchObject({ status: 400 });
    }
  });

  it('without a period: the past 30 days, empty figures for this set', async () => {
    const result = await figures(SA_OLAYA, {});
    expect(result.days).toHaveLength(30);
    expect(result.on_time.rate === null || typeof result.on_time.rate === 'number').toBe(true);
  });

  it('the facts follow the order: a cancellation through the API counts as the vendor\'s', async () => {
    const { moveOrder, placeOrder } = await import('./orders-fixtures');
    const orderId = await placeOrder(server, auth, SA_OLAYA);
    await moveOrder(server, orderId, 'RECEIVED');
    const cancel = await server.call('PUT', '/order/cancel', { auth, body: { vendor_id: SA_OLAYA, order_id: orderId, reason: 'cancel.reason.order-not-ready' } });
    expect(cancel.status, cancel.text).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    const today = await figures(SA_OLAYA, { from: now - 3600, to: now + 3600 });
    expect(today.cancellations).toEqual({ by_reason: [{ reason: 'cancel.reason.order-not-ready', orders: 1 }], by_who: [{ cancelled_by: 'vendor', orders: 1 }] });
  });
});
