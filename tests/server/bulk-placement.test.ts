// POST /bulk-job/place-orders over real HTTP: every valid row becomes an order exactly once, even
// when placement is asked for twice at once, repeated, or interrupted by a server restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BulkJob, BulkJobRow, Order } from '../../domain/types';
import { PLACEMENT_BATCH_ROWS } from '../../server/bulk/placeBatch';
import { createDb } from '../../server/db/connect';
import { SA_OLAYA, SA_PARENT, upload, validRow, xlsx } from '../fixtures/bulk/workbooks';
import { startServer, type TestServer } from './harness';

interface Created { body: { bulk_job: BulkJob; orders: BulkJobRow[] } }

async function createJob(server: TestServer, auth: string, rows: Parameters<typeof xlsx>[0]): Promise<BulkJob> {
  const response = await upload(server, auth, await xlsx(rows));
  if (response.status !== 200) throw new Error(`create: ${response.status} ${response.text}`);
  return (response.body as Created).body.bulk_job;
}

async function place(server: TestServer, auth: string, jobId: string, headers: Record<string, string> = {}): Promise<BulkJob> {
  const response = await server.call('POST', `/bulk-job/place-orders/${jobId}`, { auth, body: {}, headers });
  if (response.status !== 200) throw new Error(`place: ${response.status} ${response.text}`);
  return (response.body as { body: BulkJob }).body;
}

/** How many orders exist with each of these ids. */
async function orderCounts(server: TestServer, ids: string[]): Promise<number[]> {
  const rows = await server.app.db.selectFrom('orders').select('order_id').where('order_id', 'in', ids).execute();
  return ids.map((id) => rows.filter((row) => row.order_id === id).length);
}

describe('placing a bulk job', () => {
  let server: TestServer;
  let auth: string;

  beforeAll(async () => {
    server = await startServer({ COURIER_SIM_SPEED: '0' });
    auth = await server.login('vendor@example.com');
  });
  afterAll(async () => { await server?.stop(); });

  it('places every valid row once, as orders like POST /order makes, and leaves failed rows alone', async () => {
    const job = await createJob(server, auth, [validRow(), validRow({ customerName: '' }), validRow({ customerName: 'محمد العتيبي', paymentMethod: 'PAID' })]);
    const placed = await place(server, auth, job.bulk_job_id);
    expect(placed.status).toBe('ORDER_PLACEMENT_SUCCESS');
    expect(placed.totals).toEqual({ rows: 3, orders_to_be_placed: 2, orders_placed: 2, errors: 1 });
    const rows = placed.rows ?? [];
    expect(rows.map((r) => r.status)).toEqual(['ORDER_PLACED', 'PREPROCESS_FAIL', 'ORDER_PLACED']);
    expect(rows[1]?.order_id).toBeNull();

    const orderId = rows[2]?.order_id ?? '';
    expect(orderId).toMatch(new RegExp(`^${SA_OLAYA}-[0-9a-f]{20}$`));
    const read = await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth });
    expect(read.status).toBe(200);
    const order = (read.body as { result: Order }).result;
    expect(order).toMatchObject({ status: 'NEW', vendor_id: SA_OLAYA, delivery_fee: rows[2]?.delivery_fee, order: { amount: 45.5, payment_method: 'PAID', description: 'Two cakes' } });
    expect(order.customer).toMatchObject({ name: 'محمد العتيبي', phone_number: '+966501234567', location: { address: '12, Tower A, Al Malaz, Riyadh', notes: 'Ring twice' } });

    const again = await place(server, auth, job.bulk_job_id);
    expect(again.rows?.map((r) => r.order_id)).toEqual(rows.map((r) => r.order_id));
    expect(await orderCounts(server, rows.flatMap((r) => (r.order_id ? [r.order_id] : [])))).toEqual([1, 1]);
  });

  it('creates each order once when placement is asked for twice at the same time', async () => {
    // Several placement batches' worth, so the batches themselves are exercised, not just one.
    const rowCount = PLACEMENT_BATCH_ROWS * 2 + 20;
    const job = await createJob(server, auth, Array.from({ length: rowCount }, () => validRow()));
    const [a, b] = await Promise.all([place(server, auth, job.bulk_job_id), place(server, auth, job.bulk_job_id)]);
    const ids = (a.rows ?? []).map((r) => r.order_id ?? '');
    expect(new Set(ids).size).toBe(rowCount);
    expect((b.rows ?? []).map((r) => r.order_id)).toEqual(ids);
    expect(await orderCounts(server, ids)).toEqual(ids.map(() => 1));
  });

  it('answers a repeated Idempotency-Key with the first response and another body with 409', async () => {
    const job = await createJob(server, auth, [validRow()]);
    const first = await server.call('POST', `/bulk-job/place-orders/${job.bulk_job_id}`, { auth, body: {}, headers: { 'idempotency-key': 'bulk-key-1' } });
    const second = await server.call('POST', `/bulk-job/place-orders/${job.bulk_job_id}`, { auth, body: {}, headers: { 'idempotency-key': 'bulk-key-1' } });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const other = await server.call('POST', `/bulk-job/place-orders/${job.bulk_job_id}`, { auth, body: { again: true }, headers: { 'idempotency-key': 'bulk-key-1' } });
    expect(other.status).toBe(409);
  });

  it('marks a row whose rule no longer holds at placement time as failed, and the job as ORDER_PLACEMENT_SUCCESS_WITH_ERROR', async () => {
    const job = await createJob(server, auth, [validRow(), validRow()]);
    // The outlet stops accepting cash on delivery between upload and placement.
    await server.app.db.updateTable('vendors').set({ payment_methods: 'PAID' }).where('vendor_id', '=', SA_OLAYA).execute();
    try {
      await server.app.db.updateTable('bulk_job_rows').set({ document: (await server.app.db.selectFrom('bulk_job_rows').select('document')
        .where('bulk_job_id', '=', job.bulk_job_id).where('row_number', '=', 3).executeTakeFirstOrThrow()).document.replace('CASH_ON_DELIVERY', 'PAID') })
        .where('bulk_job_id', '=', job.bulk_job_id).where('row_number', '=', 3).execute();
      const placed = await place(server, auth, job.bulk_job_id);
      expect(placed.status).toBe('ORDER_PLACEMENT_SUCCESS_WITH_ERROR');
      expect(placed.rows?.map((r) => [r.status, r.error])).toEqual([['ORDER_FAILED', 'validation.fill-payment-method'], ['ORDER_PLACED', null]]);
    } finally {
      await server.app.db.updateTable('vendors').set({ payment_methods: 'CASH_ON_DELIVERY|ONLINE_PAYMENT|PAID' }).where('vendor_id', '=', SA_OLAYA).execute();
    }
  });
});

describe('a server stopped in the middle of a placement', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bulk-restart-'));
  afterAll(() => { rmSync(dataDir, { recursive: true, force: true }); });

  it('finishes the job after a restart without creating any order twice', async () => {
    // Enough batches that a stop after the first few still leaves rows pending.
    const rowCount = PLACEMENT_BATCH_ROWS * 6;
    const first = await startServer({ DATA_DIR: dataDir, COURIER_SIM_SPEED: '0' });
    const auth = await first.login('vendor@example.com');
    const job = await createJob(first, auth, Array.from({ length: rowCount }, () => validRow()));
    const ordersBefore = Number((await first.app.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    // Ask for placement and stop the server once some rows are placed.
    const asked = first.call('POST', `/bulk-job/place-orders/${job.bulk_job_id}`, { auth, body: {} }).catch(() => null);
    const placedSoFar = async () => Number((await first.app.db.selectFrom('bulk_job_rows').select((eb) => eb.fn.countAll().as('n'))
      .where('bulk_job_id', '=', job.bulk_job_id).where('status', '=', 'ORDER_PLACED').executeTakeFirstOrThrow()).n);
    while ((await placedSoFar()) < 10) await delay(2);
    await first.stop();
    await asked;

    // Make the interruption as bad as it gets: one order exists but its row was never marked.
    const db = createDb({ dataDir, databaseUrl: first.config.databaseUrl });
    const placedRow = await db.selectFrom('bulk_job_rows').select(['row_number', 'order_id']).where('bulk_job_id', '=', job.bulk_job_id)
      .where('status', '=', 'ORDER_PLACED').orderBy('row_number', 'desc').executeTakeFirstOrThrow();
    await db.updateTable('bulk_job_rows').set({ status: 'PREPROCESS_SUCCESS' }).where('bulk_job_id', '=', job.bulk_job_id).where('row_number', '=', placedRow.row_number).execute();
    const pending = Number((await db.selectFrom('bulk_job_rows').select((eb) => eb.fn.countAll().as('n')).where('bulk_job_id', '=', job.bulk_job_id)
      .where('status', '=', 'PREPROCESS_SUCCESS').executeTakeFirstOrThrow()).n);
    await db.destroy();
    expect(pending).toBeGreaterThan(1);
    expect(pending).toBeLessThan(rowCount);

    const second = await startServer({ DATA_DIR: dataDir, COURIER_SIM_SPEED: '0' });
    try {
      const auth2 = await second.login('vendor@example.com');
      // A generous wait: on a loaded machine (a shared worker in the server project) 300 rows place slowly.
      const detail = await vi.waitFor(async () => {
        const response = await second.call('GET', `/bulk-job/detail/${SA_PARENT}/${job.bulk_job_id}`, { auth: auth2 });
        const body = (response.body as { body: BulkJob }).body;
        expect(body.status).toBe('ORDER_PLACEMENT_SUCCESS');
        return body;
      }, { timeout: 60_000, interval: 20 });
      expect(detail.totals.orders_placed).toBe(rowCount);
      const ids = (detail.rows ?? []).map((r) => r.order_id ?? '');
      expect(ids).toContain(placedRow.order_id);
      expect(new Set(ids).size).toBe(rowCount);
      expect(await orderCounts(second, ids)).toEqual(ids.map(() => 1));
      const ordersAfter = Number((await second.app.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(ordersAfter - ordersBefore).toBe(rowCount);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
