// Webhooks with two server processes on one PostgreSQL database (issue 25: "each delivery sent once;
// exactly-once per attempt, ordered per order"): process A is the real server/main.ts in a child
// process, process B the harness's in-process server. Orders are placed and moved through both at
// once; each process records its changes in the order outbox, one relay (whichever holds the lease)
// turns them into deliveries, and the senders of both processes share the endpoints. Every endpoint
// must hear every event exactly once, each order's in the order it happened, with one attempt each.
// On PostgreSQL only (`npm run test:pg`); skipped on the SQLite run.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerProcess } from './cluster-process';
import type { TestServer } from './harness';
import { moveOrder, placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';
import { testDatabaseUrl, type ScratchDatabase } from './pg-database';
import { startTwoProcesses } from './two-processes';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';

const adminUrl = testDatabaseUrl();
if (!adminUrl) console.warn('cluster-webhooks.test.ts skipped: set TEST_DATABASE_URL (bash scripts/pg/ensure-postgres.sh prints one) to run it on PostgreSQL.');

const ORDERS = 12;
const MOVES = ['RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY'];
/** Per order: its creation, each move, and the rider assigned with ASSIGNED_TO_TRANSPORT. */
const EVENTS_PER_ORDER = 1 + MOVES.length + 1;
const EVENTS = ['order.created', 'order.status_changed', 'order.rider_assigned'];

/** Both processes share this operations token (the harness's own is replaced by the environment's). */
const OPS_TOKEN = randomUUID();

/** B's calls sent to A instead: the same paths, the same credentials, the other process. */
function throughProcess(b: TestServer, a: ServerProcess): TestServer {
  const on = (path: string) => (path.startsWith('http') ? path : path.startsWith('/ops/') ? `${a.baseUrl}${path}` : `${a.api}${path}`);
  return { ...b, opsToken: OPS_TOKEN, call: (method, path, options) => b.call(method, on(path), options) };
}

describe.skipIf(!adminUrl)('webhooks with two server processes on one PostgreSQL database', () => {
  let database: ScratchDatabase;
  let a: ServerProcess;
  let b: TestServer;
  let auth: string;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    ({ database, a, b, auth } = await startTwoProcesses(adminUrl ?? '', {
      OPS_TOKEN,
      // Orders move only when the test moves them.
      COURIER_SIM_SPEED: '0',
      WEBHOOKS_ALLOW_LOOPBACK: '1',
    }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await a?.kill();
    await b?.stop();
    await database?.drop();
  });

  it('sends every order event once to each endpoint, in each order\'s order, while orders are written through both processes', async () => {
    const viaA = throughProcess(b, a);
    const viaB: TestServer = { ...b, opsToken: OPS_TOKEN };
    // One endpoint registered through each process.
    for (const server of [viaA, viaB]) {
      const receiver = await startWebhookReceiver();
      receivers.push(receiver);
      const registered = await server.call('POST', '/webhooks', { auth, body: { vendor_id: SA_OLAYA, url: receiver.url, events: EVENTS } });
      expect(registered.status, registered.text).toBe(200);
    }

    // Half the orders placed through A, half through B, all at once; each one's moves alternate
    // between the processes, so consecutive changes of one order are committed by different processes.
    const orderIds = await Promise.all(Array.from({ length: ORDERS }, async (_, index) => {
      const processes = index % 2 === 0 ? [viaA, viaB] : [viaB, viaA];
      const orderId = await placeOrder(processes[0] as TestServer, auth, SA_OLAYA);
      for (const [step, status] of MOVES.entries()) await moveOrder(processes[(step + 1) % 2] as TestServer, orderId, status);
      return orderId;
    }));

    for (const receiver of receivers) {
      await vi.waitFor(() => expect(receiver.received).toHaveLength(ORDERS * EVENTS_PER_ORDER), { timeout: 30_000, interval: 100 });
    }
    // Nothing more arrives once the outbox is relayed and every delivery has its answer.
    const db = b.app.db;
    await vi.waitFor(async () => {
      expect(await db.selectFrom('order_outbox').select('order_id').execute()).toEqual([]);
      expect(await db.selectFrom('webhook_deliveries').select('delivery_id').where('state', '!=', 'succeeded').execute()).toEqual([]);
    }, { timeout: 15_000, interval: 100 });

    for (const receiver of receivers) {
      const events = receiver.accepted();
      expect(events).toHaveLength(ORDERS * EVENTS_PER_ORDER);
      // Once each: no event id twice, and no change told twice under two ids.
      expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
      for (const orderId of orderIds) {
        const ofOrder = events.filter((event) => event.order?.order_id === orderId);
        expect(ofOrder.map((event) => event.type).sort()).toEqual(['order.created', ...MOVES.map(() => 'order.status_changed'), 'order.rider_assigned'].sort());
        // In the order they happened (a rider assigned may come either side of its status change).
        expect(ofOrder.filter((event) => event.type !== 'order.rider_assigned').map((event) => event.order?.status)).toEqual(['NEW', ...MOVES]);
      }
    }

    // One delivery per event and endpoint, each sent in exactly one attempt (never by both processes).
    const deliveries = await db.selectFrom('webhook_deliveries').select(['delivery_id', 'attempts']).execute();
    expect(deliveries).toHaveLength(receivers.length * ORDERS * EVENTS_PER_ORDER);
    expect(deliveries.filter((delivery) => Number(delivery.attempts) !== 1)).toEqual([]);
    const attempts = await db.selectFrom('webhook_attempts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(attempts.n)).toBe(deliveries.length);

    // And the orders are as both processes left them: every move once, in order.
    for (const orderId of orderIds) {
      const order = resultOf<{ status_history: { status: string }[] }>((await b.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body);
      expect(order.status_history.map((entry) => entry.status)).toEqual(['NEW', ...MOVES]);
    }
  }, 120_000);
});
