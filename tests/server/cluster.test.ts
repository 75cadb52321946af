// Two server processes on one PostgreSQL database (issue 11): process A is the real server/main.ts
// in a child process, process B the harness's in-process server. Live updates, idempotency keys,
// sessions, rate limits and courier moves must behave as one service across them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { BulkJob, Order } from '../../domain/types';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { planFor } from '../../server/courier/timetable';
import { upload, validRow, xlsx } from '../fixtures/bulk/workbooks';
import { startServerProcess, type ServerProcess } from './cluster-process';
import type { TestServer } from './harness';
import { orderPayload, placeOrder, quoteFee, resultOf, SA_OLAYA, SA_PARENT } from './orders-fixtures';
import { testDatabaseUrl, type ScratchDatabase } from './pg-database';
import { startTwoProcesses } from './two-processes';

const adminUrl = testDatabaseUrl();
if (!adminUrl) console.warn('cluster.test.ts skipped: set TEST_DATABASE_URL (bash scripts/pg/ensure-postgres.sh prints one) to run the two-process tests on PostgreSQL.');

type Message = { type: string; vendor_id?: string; order?: Order };

async function subscribe(wsUrl: string, auth: string, vendorId: string): Promise<{ socket: WebSocket; messages: Message[] }> {
  const socket = new WebSocket(`${wsUrl}?Authorization=${encodeURIComponent(auth)}`);
  const messages: Message[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Message));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: vendorId }));
  await vi.waitFor(() => expect(messages).toContainEqual({ type: 'subscribe_ok', vendor_id: vendorId }));
  return { socket, messages };
}

const updatesOf = (messages: Message[], orderId: string) =>
  messages.filter((m) => m.type === 'order_update' && m.order?.order_id === orderId).map((m) => m.order?.status);

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL database', () => {
  let database: ScratchDatabase;
  let a: ServerProcess;
  let b: TestServer;
  let auth: string;
  let shared: Record<string, string>;
  const opsToken = randomUUID();

  beforeAll(async () => {
    ({ database, shared, a, b, auth } = await startTwoProcesses(adminUrl ?? '', {
      OPS_TOKEN: opsToken,
      // Fast enough to watch a whole journey, slow enough to kill a process in the middle of it.
      COURIER_SIM_SPEED: '120',
      JOB_LEASE_MS: '3000',
    }));
  }, 120_000);

  afterAll(async () => {
    await a?.kill();
    await b?.stop();
    await database?.drop();
  });

  it('delivers an update made through one process to a subscriber of the other', async () => {
    const onA = await subscribe(a.wsUrl, auth, SA_OLAYA);
    const onB = await subscribe(b.wsUrl, auth, SA_OLAYA);
    const orderId = await placeOrder(b, auth);
    await vi.waitFor(() => expect(updatesOf(onA.messages, orderId)).toContain('NEW'), { timeout: 5_000 });

    // The other way round: an /ops move through A reaches B's subscriber.
    const moved = await fetch(`${a.baseUrl}/ops/orders/${encodeURIComponent(orderId)}/status`, {
      method: 'POST', headers: { authorization: `Ops ${opsToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'CANCELLED' }),
    });
    expect(moved.status).toBe(200);
    await vi.waitFor(() => expect(updatesOf(onB.messages, orderId)).toContain('CANCELLED'), { timeout: 5_000 });
    // Each subscriber hears every update once, never an echo of its own process's publish.
    await vi.waitFor(() => expect(updatesOf(onA.messages, orderId).filter((s) => s === 'CANCELLED')).toHaveLength(1));
    expect(updatesOf(onB.messages, orderId).filter((s) => s === 'NEW')).toHaveLength(1);
    onA.socket.close();
    onB.socket.close();
  });

  it('creates one order for an Idempotency-Key replayed against both processes at once', async () => {
    const quote = await quoteFee(b, auth, SA_OLAYA);
    const body = JSON.stringify(orderPayload(SA_OLAYA, quote, { customer: { location: { latitude: 24.6636, longitude: 46.7369, address: 'Idempotent street', notes: '' }, phone_number: '+966501234567', name: 'Once Only' } }));
    const key = randomUUID();
    const countOrders = async () => Number((await b.app.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await countOrders();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      fetch(`${i % 2 === 0 ? a.api : b.api}/order`, {
        method: 'POST', headers: { authorization: auth, 'content-type': 'application/json', 'idempotency-key': key }, body,
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const ids = new Set(answers.map((answer) => resultOf<{ order_id: string }>(answer.body).order_id));
    expect(ids.size).toBe(1);
    expect(await countOrders()).toBe(before + 1);
  });

  it('shares sessions and login rate limits between the processes', async () => {
    // A session made on B works on A.
    const vendors = await fetch(`${a.api}/vendors`, { headers: { authorization: auth } });
    expect(vendors.status).toBe(200);
    // Five failures split over both processes spend one budget: the sixth try is refused on either.
    const login = (api: string, password: string) => fetch(`${api}/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_address: 'other@example.com', password }),
    });
    for (let i = 0; i < 5; i += 1) expect((await login(i % 2 === 0 ? a.api : b.api, 'wrong-password')).status).toBe(401);
    expect((await login(a.api, DEMO_PASSWORD)).status).toBe(429);
    expect((await login(b.api, DEMO_PASSWORD)).status).toBe(429);
  });

  it('finishes a bulk placement without duplicates when the process placing it is killed (SIGKILL)', async () => {
    const rowCount = 200;
    const description = `Takeover ${randomUUID()}`;
    const created = await upload(b, auth, await xlsx(Array.from({ length: rowCount }, () => validRow({ description }))));
    expect(created.status).toBe(200);
    const createdJob = (created.body as { body: { bulk_job: BulkJob } }).body.bulk_job;
    expect(createdJob.totals.orders_to_be_placed).toBe(rowCount);
    const jobId = createdJob.bulk_job_id;
    const db = b.app.db;
    const placedSoFar = async () => Number((await db.selectFrom('bulk_job_rows').select((eb) => eb.fn.countAll().as('n'))
      .where('bulk_job_id', '=', jobId).where('status', '=', 'ORDER_PLACED').executeTakeFirstOrThrow()).n);

    // Asked through A, which claims the job at once (B would only see it at its next poll).
    const asked = fetch(`${a.api}/bulk-job/place-orders/${jobId}`, {
      method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: '{}',
    }).catch(() => null);
    await vi.waitFor(async () => expect(await placedSoFar()).toBeGreaterThanOrEqual(10), { timeout: 20_000, interval: 5 });
    const claim = await db.selectFrom('scheduled_jobs').select('lease_owner').where('job_key', '=', `bulk:${jobId}`).executeTakeFirst();
    expect(claim?.lease_owner?.startsWith(`${a.child.pid}:`)).toBe(true);
    await a.kill('SIGKILL');
    await asked;
    expect(await placedSoFar()).toBeLessThan(rowCount);

    // B takes the job over once A's lease runs out and places the rest.
    let detail: BulkJob | null = null;
    await vi.waitFor(async () => {
      const response = await b.call('GET', `/bulk-job/detail/${SA_PARENT}/${jobId}`, { auth });
      detail = (response.body as { body: BulkJob }).body;
      expect(detail.status).toBe('ORDER_PLACEMENT_SUCCESS');
    }, { timeout: 60_000, interval: 200 });
    const ids = ((detail as BulkJob | null)?.rows ?? []).map((row) => row.order_id ?? '');
    expect(new Set(ids).size).toBe(rowCount);
    const orders = await db.selectFrom('orders').select('order_id').where('order_id', 'in', ids).execute();
    expect(orders).toHaveLength(rowCount);
    // And no order for these rows exists under any other id: none was made twice.
    const withName = await db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('document', 'like', `%${description}%`).executeTakeFirstOrThrow();
    expect(Number(withName.n)).toBe(rowCount);

    a = await startServerProcess({ ...shared, SEED_DEMO: '0' });
  }, 120_000);

  it('finishes the courier journey of an order when the process that was moving it dies', async () => {
    const orderId = await placeOrder(b, auth);
    const last = planFor(orderId).at(-1)?.status;
    const statusOf = async () => resultOf<Order>((await b.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body).status;
    await vi.waitFor(async () => expect(await statusOf()).not.toBe('NEW'), { timeout: 10_000 });
    await a.kill('SIGKILL');
    await vi.waitFor(async () => expect(await statusOf()).toBe(last), { timeout: 60_000, interval: 500 });
    const order = resultOf<Order>((await b.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body);
    // Every planned step exactly once: no move was lost or made twice by the takeover.
    expect(order.status_history.map((entry) => entry.status)).toEqual(planFor(orderId).map((step) => step.status));
  }, 90_000);
});
