// Pre-orders on the simulated courier platform: received at once (RECEIVED, so SPEC.md §4 lets the
// vendor cancel them), held until their dispatch time, then dispatched. Time moves with the server clock.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Order } from '../../domain/types';
import { PREORDER_DISPATCH_LEAD_S } from '../../server/courier/simulator';
import { advanceClock } from './clock';
import { startServer, type TestServer } from './harness';
import { placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';

const HOUR_S = 3600;

async function orderOf(server: TestServer, auth: string, orderId: string): Promise<Order> {
  return resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body);
}

describe('a pre-order on a paused fleet (speed 0)', () => {
  let server: TestServer;
  let auth: string;
  beforeAll(async () => {
    server = await startServer({ COURIER_SIM_SPEED: '0' });
    auth = await server.login('vendor@example.com');
  });
  afterAll(async () => { await server?.stop(); });

  it('is RECEIVED at once and the vendor can cancel it', async () => {
    const orderId = await placeOrder(server, auth, SA_OLAYA, { preordered_for: server.app.clock.nowS() + 20 * HOUR_S });
    const placed = await orderOf(server, auth, orderId);
    expect(placed.status_history.map((entry) => entry.status)).toEqual(['NEW', 'RECEIVED']);
    const cancel = await server.call('PUT', '/order/cancel', { auth, body: { vendor_id: SA_OLAYA, order_id: orderId, reason: 'cancel.reason.customer-cancelled' } });
    expect(cancel.status).toBe(200);
    expect(resultOf<Order>(cancel.body).status).toBe('CANCELLED');
  });

  it('reaches live subscribers as RECEIVED last: the courier\'s answer is published after the new order', async () => {
    const socket = new WebSocket(`${server.wsUrl}?Authorization=${encodeURIComponent(auth)}`);
    const updates: Order[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; order?: Order };
      if (message.type === 'order_update' && message.order) updates.push(message.order);
    });
    const subscribed = new Promise<void>((resolve) => socket.on('message', (data) => {
      if ((JSON.parse(data.toString()) as { type: string }).type === 'subscribe_ok') resolve();
    }));
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: SA_OLAYA }));
    await subscribed;
    try {
      const orderId = await placeOrder(server, auth, SA_OLAYA, { preordered_for: server.app.clock.nowS() + 20 * HOUR_S });
      const statuses = () => updates.filter((order) => order.order_id === orderId).map((order) => order.status);
      await vi.waitFor(() => expect(statuses()).toContain('RECEIVED'));
      expect(statuses()).toEqual(['NEW', 'RECEIVED']);
    } finally {
      socket.close();
    }
  });

  it('an order for now stays NEW (not cancellable) on a paused fleet', async () => {
    const orderId = await placeOrder(server, auth);
    expect((await orderOf(server, auth, orderId)).status).toBe('NEW');
  });
});

describe('a pre-order on a moving fleet', () => {
  let server: TestServer;
  let auth: string;
  beforeAll(async () => {
    // Fast enough that every ordinary step is due within a second of real time.
    server = await startServer({ COURIER_SIM_SPEED: '600' });
    auth = await server.login('vendor@example.com');
  });
  afterAll(async () => { await server?.stop(); });

  it('is held in RECEIVED until its dispatch time, and dispatched once the clock reaches it', async () => {
    const slot = server.app.clock.nowS() + 20 * HOUR_S;
    const orderId = await placeOrder(server, auth, SA_OLAYA, { preordered_for: slot });
    expect((await orderOf(server, auth, orderId)).status).toBe('RECEIVED');
    // The job that dispatches it is stored for its dispatch time, not for the fleet's next tick.
    const job = await server.app.db.selectFrom('scheduled_jobs').select('due_at').where('job_key', '=', `courier:${orderId}`).executeTakeFirstOrThrow();
    expect(Number(job.due_at)).toBe((slot - PREORDER_DISPATCH_LEAD_S) * 1000);

    // The next morning, a minute after dispatch time: the fleet starts looking for a rider.
    advanceClock(server, slot - PREORDER_DISPATCH_LEAD_S + 60 - server.app.clock.nowS());
    const nextMorning = await server.login('vendor@example.com');
    await vi.waitFor(async () => expect((await orderOf(server, nextMorning, orderId)).status_history.map((entry) => entry.status)).toContain('WAITING_FOR_TRANSPORT'), { timeout: 5000, interval: 100 });
  });
});
