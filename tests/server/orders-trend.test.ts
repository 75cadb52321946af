// GET /vendor/{id}/orders/trend (server/README.md, an addition to API.md): orders per local day for
// the History chart, with the list route's tenancy and include_outlets rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../domain';
import type { ApiErrorBody } from '../../domain/types';
import { signedInPair, type TestServer } from './harness';
import { moveOrder, orderPayload, placeOrder, quoteFee, resultOf, SA_OLAYA, SA_PARENT } from './orders-fixtures';

interface TrendDayBody { date: string; delivered: number; cancelled: number; in_progress: number; total: number }
interface TrendBody { time_zone: string; days: TrendDayBody[] }

const SA_DIRIYAH = 'sa-1004';
/** Near the Diriyah outlet: central Riyadh is beyond its delivery area. */
const DIRIYAH_DROP_OFF = { latitude: 24.74, longitude: 46.59 };
const utc = (y: number, m: number, d: number, hh = 0, mm = 0, ss = 0) => Date.UTC(y, m - 1, d, hh, mm, ss) / 1000;
// Three days in Dubai (UTC+4), 2026-03-08..10: long before the demo seed's past month.
const FROM = utc(2026, 3, 7, 20);
const TO = utc(2026, 3, 10, 20) - 1;

let server: TestServer;
let auth: string;
let otherAuth: string;

async function trend(vendorId: string, query: Record<string, string | number | boolean>, as = auth) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return server.call('GET', `/vendor/${vendorId}/orders/trend?${search.toString()}`, { auth: as });
}

/** Places an order through the API, moves it with /ops, then dates it (the server has no clock to set). */
async function orderAt(vendorId: string, createdAt: number, moves: string[], destination?: { latitude: number; longitude: number }): Promise<void> {
  const orderId = destination ? await placeOrderTo(vendorId, destination) : await placeOrder(server, auth, vendorId);
  for (const status of moves) await moveOrder(server, orderId, status);
  await server.app.db.updateTable('orders').set({ created_at: createdAt }).where('order_id', '=', orderId).execute();
}

/** An order to a drop-off within the outlet's delivery area (the default one is in central Riyadh). */
async function placeOrderTo(vendorId: string, destination: { latitude: number; longitude: number }): Promise<string> {
  const quote = await quoteFee(server, auth, vendorId, destination);
  const base = orderPayload(vendorId, quote);
  const response = await server.call('POST', '/order', { auth, body: { ...base, customer: { ...base.customer, location: { ...base.customer.location, ...destination } } } });
  if (response.status !== 200) throw new Error(`POST /order: ${response.status} ${response.text}`);
  return resultOf<{ order_id: string }>(response.body).order_id;
}

beforeAll(async () => {
  ({ server, vendor: auth, other: otherAuth } = await signedInPair({ COURIER_SIM_SPEED: '0' }, {}, { listen: false }));
  await orderAt(SA_OLAYA, utc(2026, 3, 8, 19, 59, 59), ['CANCELLED']); // 23:59:59 on the 8th in Dubai
  await orderAt(SA_OLAYA, utc(2026, 3, 8, 20), ['PICKED_UP', 'DELIVERED']); // 00:00 on the 9th
  await orderAt(SA_OLAYA, utc(2026, 3, 9, 8), ['PICKED_UP']);
  await orderAt(SA_OLAYA, utc(2026, 3, 9, 9), []);
  await orderAt(SA_DIRIYAH, utc(2026, 3, 9, 10), ['PICKED_UP', 'DELIVERED'], DIRIYAH_DROP_OFF); // another outlet of the parent
  // The demo seed has no UAE vendor: the parent and its Olaya outlet become one for this server.
  await server.app.db.updateTable('vendors').set({ country_code: 'AE' }).where('vendor_id', 'in', [SA_PARENT, SA_OLAYA]).execute();
});
afterAll(async () => { await server?.stop(); });

describe('GET /vendor/{id}/orders/trend', () => {
  it('counts the orders per local day in Asia/Dubai, zero days included', async () => {
    const response = await trend(SA_OLAYA, { from: FROM, to: TO });
    expect(response.status, response.text).toBe(200);
    expect(resultOf<TrendBody>(response.body)).toEqual({
      time_zone: 'Asia/Dubai',
      days: [
        { date: '2026-03-08', delivered: 0, cancelled: 1, in_progress: 0, total: 1 },
        { date: '2026-03-09', delivered: 1, cancelled: 0, in_progress: 2, total: 3 },
        { date: '2026-03-10', delivered: 0, cancelled: 0, in_progress: 0, total: 0 },
      ],
    });
  });

  it('adds the outlets\' orders for a parent only with include_outlets', async () => {
    const own = resultOf<TrendBody>((await trend(SA_PARENT, { from: FROM, to: TO })).body);
    expect(own.days.map((day) => day.total)).toEqual([0, 0, 0]);
    const withOutlets = resultOf<TrendBody>((await trend(SA_PARENT, { from: FROM, to: TO, include_outlets: true })).body);
    expect(withOutlets.days.map((day) => [day.delivered, day.cancelled, day.in_progress])).toEqual([[0, 1, 0], [2, 0, 2], [0, 0, 0]]);
  });

  it('answers 403 for another account\'s vendor, whatever the query', async () => {
    const response = await trend(SA_OLAYA, { from: FROM, to: TO, include_outlets: true }, otherAuth);
    expect(response.status).toBe(403);
    expect((response.body as ApiErrorBody).errors[0]?.code).toBe('forbidden');
  });

  it('answers 400 in the API\'s error shape for a period longer than the history limit', async () => {
    const tooLong = { from: FROM, to: FROM + LIMITS.customDateRangeMaxDays * 86_400 };
    const response = await trend(SA_OLAYA, tooLong);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, message: 'date-range.too-long', errors: [{ code: 'bad_request', field: 'to' }] });
    // The longest allowed period, one day shorter, is answered.
    const longest = await trend(SA_OLAYA, { ...tooLong, to: tooLong.to - 86_400 });
    expect(resultOf<TrendBody>(longest.body).days).toHaveLength(LIMITS.customDateRangeMaxDays);
  });

  it.each([
    ['an end before the start', { from: TO, to: FROM }],
    ['only one end', { from: FROM }],
    ['text for a time', { from: 'yesterday', to: TO }],
    ['an instant past year 9999', { from: FROM, to: 1e15 }],
    ['a negative time', { from: -1, to: TO }],
  ])('answers 400, never 5xx, for %s', async (_name, query) => {
    const response = await trend(SA_OLAYA, query);
    expect(response.status, response.text).toBe(400);
    expect((response.body as ApiErrorBody).errors).toHaveLength(1);
  });

  it('without a period answers the History\'s default one, yesterday', async () => {
    const response = await trend(SA_OLAYA, {});
    expect(response.status).toBe(200);
    expect(resultOf<TrendBody>(response.body).days).toHaveLength(1);
  });
});
