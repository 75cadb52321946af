// GET /vendor/{id}/orders?status= (server/README.md, an extension of API.md): the history filter of
// POST /orders/export, applied on the server with exact keyset paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesStatusFilter, STATUS_FILTERS } from '../../domain';
import type { ApiErrorBody, Order } from '../../domain/types';
import { startServer, type TestServer } from './harness';
import { moveOrder, placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';

let server: TestServer;
let auth: string;

interface Page { data: Order[]; pagination_key: string | null }

/** Every order of the list, page after page of `count`. */
async function allPages(count: number, status?: string): Promise<Order[]> {
  const orders: Order[] = [];
  let key: string | null = null;
  do {
    const query = new URLSearchParams({ count: String(count), ...(status ? { status } : {}), ...(key ? { pagination_key: key } : {}) });
    const response = await server.call('GET', `/vendor/${SA_OLAYA}/orders?${query.toString()}`, { auth });
    expect(response.status, response.text).toBe(200);
    const page = resultOf<Page>(response.body);
    expect(page.data.length).toBeLessThanOrEqual(count);
    orders.push(...page.data);
    key = page.pagination_key;
  } while (key !== null);
  return orders;
}

beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
  auth = await server.login('vendor@example.com');
  // Orders in every list: new, collected, delayed before pick-up, delivered, cancelled.
  const moves: string[][] = [[], [], ['PICKED_UP'], ['PICKED_UP'], ['DELAYED'], ['PICKED_UP', 'DELIVERED'], ['PICKED_UP', 'DELIVERED'], ['CANCELLED'], ['CANCELLED']];
  for (const statuses of moves) {
    const orderId = await placeOrder(server, auth);
    for (const status of statuses) await moveOrder(server, orderId, status);
  }
});
afterAll(async () => { await server?.stop(); });

describe('GET /vendor/{id}/orders?status=', () => {
  it('pages each filtered list exactly: the orders the domain rule keeps, newest first, none twice', async () => {
    const everything = await allPages(200);
    const now = Math.floor(Date.now() / 1000);
    for (const filter of STATUS_FILTERS) {
      const expected = everything.filter((order) => matchesStatusFilter(order, filter, now)).map((order) => order.order_id);
      const paged = (await allPages(2, filter)).map((order) => order.order_id);
      expect(paged, filter).toEqual(expected);
    }
    // The fixture put orders in every non-ANY list, so no list above was trivially empty.
    expect(everything.some((order) => matchesStatusFilter(order, 'CANCELLED', now))).toBe(true);
    expect(everything.some((order) => matchesStatusFilter(order, 'COLLECTED', now))).toBe(true);
  });

  it('answers each listed order with its tracking token, as without the filter', async () => {
    const [order] = await allPages(200, 'DELIVERED');
    expect(order?.tracking_token).toEqual(expect.any(String));
    expect(order?.status).toBe('DELIVERED');
  });

  it('refuses an unknown status with 422 in the API error shape', async () => {
    for (const status of ['ALL', 'new', "DELIVERED' OR 1=1"]) {
      const response = await server.call('GET', `/vendor/${SA_OLAYA}/orders?status=${encodeURIComponent(status)}`, { auth });
      expect(response.status).toBe(422);
      const body = response.body as ApiErrorBody;
      expect(body).toMatchObject({ status: 422, message: 'error.invalid-request', errors: [{ field: 'status', meta: { translation_key: 'error.invalid-request' } }] });
    }
  });
});
