import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, OrderStatus } from '../../domain/types';
import { riderSnapshot } from '../../server/courier/rider';
import { createClock } from '../../server/clock/clock';
import { createSimulatedCourier } from '../../server/courier/simulator';
import { FINAL_STATUSES, nextStep, planFor, plannedSecondsUntil, scaledSeconds } from '../../server/courier/timetable';
import { createDb, type Db } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrations';
import { findOrder, insertOrder } from '../../server/orders/repository';
import { startServer, type TestServer } from './harness';
import { moveOrder, placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';

const VENDOR = { latitude: 24.69, longitude: 46.68 };

function anOrder(orderId: string, status: OrderStatus, enteredAt: number): Order {
  return {
    order_id: orderId, vendor_id: 'sa-1001', created_at: enteredAt, updated_at: enteredAt, status,
    status_history: [{ status: 'NEW', created_at: enteredAt }, ...(status === 'NEW' ? [] : [{ status, created_at: enteredAt }])],
    preordered_for: null,
    customer: { name: 'Sara', phone_number: '+966501234567', location: { address: 'Al Malaz', notes: '', latitude: 24.66, longitude: 46.73 } },
    order: { amount: 10, description: '', payment_method: 'CASH_ON_DELIVERY' },
    pickup: { ...VENDOR, address: 'Olaya', notes: '' },
  };
}

describe('timetable (unit)', () => {
  it('plans every order from NEW to DELIVERED or RETURNED_TO_VENDOR, the same way every time', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `sa-1001-${i}`);
    for (const id of ids) {
      const plan = planFor(id);
      expect(plan[0]?.status).toBe('NEW');
      expect(['DELIVERED', 'RETURNED_TO_VENDOR']).toContain(plan.at(-1)?.status);
      expect(planFor(id)).toEqual(plan);
    }
    const delayed = ids.filter((id) => planFor(id).some((s) => s.status === 'DELAYED')).length;
    const returned = ids.filter((id) => planFor(id).at(-1)?.status === 'RETURNED_TO_VENDOR').length;
    expect(delayed).toBeGreaterThan(10);
    expect(returned).toBeGreaterThan(3);
    expect(delayed + returned).toBeLessThan(120);
  });

  it('stops at final statuses and at payments still pending, resumes after off-plan ones', () => {
    const plan = planFor('x');
    for (const status of FINAL_STATUSES) expect(nextStep(plan, status)).toBeNull();
    expect(nextStep(plan, 'PAYMENT_INITIATED')).toBeNull();
    expect(nextStep(plan, 'NEW')?.status).toBe('RECEIVED');
    expect(nextStep(plan, 'MODIFIED')?.status).toBe('WAITING_FOR_TRANSPORT');
    expect(nextStep(plan, 'PAYMENT_COMMITTED')?.status).toBe('RECEIVED');
  });

  it('scales durations by speed, and speed 0 never moves', () => {
    expect(scaledSeconds(600, 60)).toBe(10);
    expect(scaledSeconds(600, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('rider (unit)', () => {
  it('has no rider before assignment, moves towards the vendor, then towards the customer with a counting-down ETA', () => {
    const t0 = 1_800_000_000;
    expect(riderSnapshot(anOrder('o-1', 'WAITING_FOR_TRANSPORT', t0), VENDOR, { nowUnix: t0, speed: 1, phonePrefix: '+966' })).toBeNull();

    const picked = anOrder('o-1', 'PICKED_UP', t0);
    const atStart = riderSnapshot(picked, VENDOR, { nowUnix: t0, speed: 1, phonePrefix: '+966' });
    const later = riderSnapshot(picked, VENDOR, { nowUnix: t0 + 300, speed: 1, phonePrefix: '+966' });
    const plan = planFor('o-1');
    const arrival = plan.some((s) => s.status === 'DELIVERED') ? 'DELIVERED' : 'RETURN_INITIATED';
    expect(atStart?.eta_to_customer_min).toBe(Math.ceil(plannedSecondsUntil(plan, 'PICKED_UP', arrival) / 60));
    expect(atStart!.eta_to_customer_min!).toBeGreaterThan(0);
    expect(later!.eta_to_customer_min!).toBeLessThan(atStart!.eta_to_customer_min!);
    expect(atStart?.latitude).toBeCloseTo(VENDOR.latitude, 5);
    // Later it is between the vendor and the customer.
    expect(later!.latitude!).toBeLessThan(VENDOR.latitude);
    expect(later!.latitude!).toBeGreaterThan(24.66);
    expect(atStart?.phone).toMatch(/^\+9665\d{8}$/);
    expect(atStart?.name).toBe(later?.name);
  });
});

describe('simulator resumes from the database', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'courier-test-'));
    db = createDb({ dataDir: dir, databaseUrl: null });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rebuilds timers from status rows on start and publishes each move', async () => {
    const now = Math.floor(Date.now() / 1000);
    // Entered RECEIVED an hour ago: overdue, so the next move happens at once after start().
    await insertOrder(db, anOrder('sa-1001-resume', 'RECEIVED', now - 3600));
    await insertOrder(db, anOrder('sa-1001-done', 'DELIVERED', now - 3600));
    const onChange = vi.fn();
    const courier = createSimulatedCourier({
      db, speed: 1, clock: createClock(),
      originOf: async () => VENDOR, phonePrefixOf: async () => '+966', onChange, onError: (e) => { throw e; },
    });
    await courier.start();
    await vi.waitFor(async () => expect((await findOrder(db, 'sa-1001-resume'))?.order.status).toBe('WAITING_FOR_TRANSPORT'), { timeout: 3000 });
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ order_id: 'sa-1001-resume', status: 'WAITING_FOR_TRANSPORT' }));
    expect((await findOrder(db, 'sa-1001-done'))?.order.status).toBe('DELIVERED');
    await courier.stop();
  });
});

describe('simulated fleet over HTTP', () => {
  let fast: TestServer;
  let auth: string;
  beforeAll(async () => {
    fast = await startServer({ COURIER_SIM_SPEED: '3000' });
    auth = await fast.login('vendor@example.com');
  });
  afterAll(async () => { await fast?.stop(); });

  it('takes a new order to the end of its plan, with proofs and a rider', async () => {
    const orderId = await placeOrder(fast, auth);
    const last = planFor(orderId).at(-1)!.status;
    let order: Order | undefined;
    await vi.waitFor(async () => {
      const response = await fast.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth });
      order = resultOf<Order>(response.body);
      expect(order.status).toBe(last);
    }, { timeout: 10_000, interval: 200 });
    expect(order!.status_history.map((e) => e.status)).toEqual(planFor(orderId).map((s) => s.status));
    expect(order!.proofs?.pickup).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(order!.rider?.name).toEqual(expect.any(String));
  });
});

describe('/ops/orders/{orderId}/status', () => {
  let server: TestServer;
  let auth: string;
  beforeAll(async () => {
    server = await startServer({ COURIER_SIM_SPEED: '0' });
    auth = await server.login('vendor@example.com');
  });
  afterAll(async () => { await server?.stop(); });

  it('moves deterministically: history, rider and ETAs follow', async () => {
    const orderId = await placeOrder(server, auth);
    await moveOrder(server, orderId, 'COURIER_ACCEPTED_DELIVERY');
    const accepted = resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body);
    expect(accepted.status_history.map((e) => e.status)).toEqual(['NEW', 'COURIER_ACCEPTED_DELIVERY']);
    expect(accepted.rider?.eta_to_vendor_min).toBeGreaterThan(0);
    await moveOrder(server, orderId, 'DELIVERED');
    const delivered = resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body);
    expect(delivered.status).toBe('DELIVERED');
    expect(delivered.proofs?.delivery).toMatch(/^data:image\/svg/);
    // The recipient signs on delivery, and the rider records the name they gave.
    expect(delivered.proofs?.signatures?.delivery).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(delivered.proofs?.received_by?.delivery).toBe(delivered.customer.name);
    expect(delivered.rider?.eta_to_customer_min).toBe(0);
    expect(delivered.rider?.latitude).toBe(delivered.customer.location.latitude);
    // Speed 0: nothing moves on its own. The control: a later move of another order, published on the
    // same vendor's channel, must arrive, and nothing of this order may come before it.
    const updates: Order[] = [];
    const unsubscribe = server.app.orders.pubsub.subscribe(SA_OLAYA, (order) => updates.push(order));
    try {
      const control = await placeOrder(server, auth);
      await moveOrder(server, control, 'COURIER_ACCEPTED_DELIVERY');
      await vi.waitFor(() => expect(updates.some((o) => o.order_id === control && o.status === 'COURIER_ACCEPTED_DELIVERY')).toBe(true));
      expect(updates.filter((o) => o.order_id === orderId)).toEqual([]);
    } finally {
      unsubscribe();
    }
    expect(resultOf<Order>((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth })).body).status).toBe('DELIVERED');
  });

  it('needs the ops token and a known status', async () => {
    const orderId = await placeOrder(server, auth);
    expect((await server.call('POST', `/ops/orders/${orderId}/status`, { body: { status: 'DELIVERED' } })).status).toBe(401);
    expect((await server.call('POST', `/ops/orders/${orderId}/status`, { auth: `Ops ${server.opsToken}`, body: { status: 'FLYING' } })).status).toBe(400);
    expect((await server.call('POST', '/ops/orders/nope/status', { auth: `Ops ${server.opsToken}`, body: { status: 'DELIVERED' } })).status).toBe(404);
  });

  it('serves the rider on GET /riders/{orderId} (hurrier), null before assignment', async () => {
    const orderId = await placeOrder(server, auth);
    const before = await server.call('GET', `${server.baseUrl}/hurrier/api/v1/riders/${orderId}`, { auth });
    expect(before.status).toBe(200);
    expect(resultOf(before.body)).toBeNull();
    await moveOrder(server, orderId, 'NEAR_VENDOR');
    const rider = resultOf<{ name: string; latitude: number; eta_to_vendor_min: number }>((await server.call('GET', `/riders/${orderId}`, { auth })).body);
    expect(rider.name).toEqual(expect.any(String));
    expect(rider.eta_to_vendor_min).toBeGreaterThan(0);
    const otherAuth = await server.login('other@example.com');
    expect((await server.call('GET', `/riders/${orderId}`, { auth: otherAuth })).status).toBe(403);
  });

  it('answers {result: null} (200, not an error) for an order that never had a rider, also once cancelled', async () => {
    // riderPolling stores null as "no rider" and keeps the last rider on an error, so an error here
    // would leave a stale rider on screen (server/README.md "GET /riders before a rider").
    const orderId = await placeOrder(server, auth);
    await moveOrder(server, orderId, 'CANCELLED');
    const answer = await server.call('GET', `/riders/${orderId}`, { auth });
    expect([answer.status, answer.body]).toEqual([200, { result: null }]);
  });
});
