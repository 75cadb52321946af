import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../domain/types';
import { requestHash } from '../../server/idempotency/requestHash';
import { startServer, type TestServer } from './harness';
import { orderPayload, quoteFee, resultOf, SA_OLAYA, SA_PARENT } from './orders-fixtures';

let server: TestServer;
let vendorAuth: string;

beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0' }, {}, { listen: false });
  vendorAuth = await server.login('vendor@example.com');
});
afterAll(async () => { await server?.stop(); });

async function countOrders(vendorId: string): Promise<number> {
  const rows = await server.app.db.selectFrom('orders').select('order_id').where('vendor_id', '=', vendorId).execute();
  return rows.length;
}

describe('request fingerprint', () => {
  it('ignores key order and sees any value change', () => {
    expect(requestHash('POST /order', { a: 1, b: { c: 2, d: [1, 2] } })).toBe(requestHash('POST /order', { b: { d: [1, 2], c: 2 }, a: 1 }));
    expect(requestHash('POST /order', { a: 1 })).not.toBe(requestHash('POST /order', { a: 2 }));
    expect(requestHash('POST /order', { a: 1 })).not.toBe(requestHash('POST /other', { a: 1 }));
  });
});

describe('Idempotency-Key on POST /order', () => {
  it('replays the first answer 10 times and creates one order', async () => {
    const body = orderPayload(SA_OLAYA, await quoteFee(server, vendorAuth, SA_OLAYA));
    const before = await countOrders(SA_OLAYA);
    const headers = { 'idempotency-key': 'replay-key-1' };
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await server.call('POST', '/order', { auth: vendorAuth, body, headers }));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(await countOrders(SA_OLAYA)).toBe(before + 1);
  });

  it('creates exactly one order for 20 parallel requests with one key, all answered alike', async () => {
    const body = orderPayload(SA_OLAYA, await quoteFee(server, vendorAuth, SA_OLAYA));
    const before = await countOrders(SA_OLAYA);
    const headers = { 'idempotency-key': 'parallel-key-1' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.call('POST', '/order', { auth: vendorAuth, body, headers })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => resultOf<{ order_id: string }>(a.body).order_id)).size).toBe(1);
    expect(await countOrders(SA_OLAYA)).toBe(before + 1);
  });

  it('answers 409 for the same key with another body', async () => {
    const quote = await quoteFee(server, vendorAuth, SA_OLAYA);
    const headers = { 'idempotency-key': 'mismatch-key-1' };
    expect((await server.call('POST', '/order', { auth: vendorAuth, body: orderPayload(SA_OLAYA, quote), headers })).status).toBe(200);
    const other = orderPayload(SA_OLAYA, quote, { order: { payment_method: 'CASH_ON_DELIVERY', amount: 999, description: 'Other', cold_bag_needed: false } });
    const conflict = await server.call('POST', '/order', { auth: vendorAuth, body: other, headers });
    expect(conflict.status).toBe(409);
    expect((conflict.body as ApiErrorBody).message).toBe('error.idempotency-key-reused');
  });

  it('scopes keys per vendor: the same key for two vendors creates two orders', async () => {
    const headers = { 'idempotency-key': 'shared-key-1' };
    const a = await server.call('POST', '/order', { auth: vendorAuth, body: orderPayload(SA_OLAYA, await quoteFee(server, vendorAuth, SA_OLAYA)), headers });
    const b = await server.call('POST', '/order', { auth: vendorAuth, body: orderPayload(SA_PARENT, await quoteFee(server, vendorAuth, SA_PARENT)), headers });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(resultOf<{ order_id: string }>(a.body).order_id).not.toBe(resultOf<{ order_id: string }>(b.body).order_id);
  });

  it('stores nothing for a failed attempt, so a corrected retry with the same key runs', async () => {
    const quote = await quoteFee(server, vendorAuth, SA_OLAYA);
    const headers = { 'idempotency-key': 'retry-after-failure' };
    const bad = orderPayload(SA_OLAYA, quote, { customer: { location: { latitude: 24.66, longitude: 46.73, address: 'x', notes: '' }, phone_number: '', name: 'A' } });
    expect((await server.call('POST', '/order', { auth: vendorAuth, body: bad, headers })).status).toBe(422);
    // Same body again: runs again (and fails again), it is not a stored replay of the 422.
    expect((await server.call('POST', '/order', { auth: vendorAuth, body: bad, headers })).status).toBe(422);
    const row = await server.app.db.selectFrom('idempotency_keys').selectAll().where('idem_key', '=', 'retry-after-failure').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('rejects an empty or oversized key', async () => {
    const body = orderPayload(SA_OLAYA, await quoteFee(server, vendorAuth, SA_OLAYA));
    expect((await server.call('POST', '/order', { auth: vendorAuth, body, headers: { 'idempotency-key': 'k'.repeat(300) } })).status).toBe(400);
  });
});
