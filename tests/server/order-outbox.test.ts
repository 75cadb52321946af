// The order-change outbox (server/orders/changeOutbox.ts): an order change, its webhook events and its
// recipient messages commit or roll back together. A failure after the order write inside the
// transaction leaves neither the change nor anything queued for it; a change committed by a process
// that died before announcing it is still delivered by the next process to start. On SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDb } from '../../server/db/connect';
import { recordOrderChange } from '../../server/orders/changeOutbox';
import { findOrder, saveOrder } from '../../server/orders/repository';
import { withStatus } from '../../server/orders/transition';
import { startServer, type TestServer } from './harness';
import { moveOrder, placeOrder, resultOf, SA_OLAYA } from './orders-fixtures';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';

const SOON = { timeout: 15_000, interval: 50 };
const EVENTS = ['order.created', 'order.status_changed', 'order.cancelled'];
const RECIPIENT = { location: { latitude: 24.6636, longitude: 46.7369, address: '12, Tower A, Al Malaz Street, Riyadh' }, phone_number: '050 123 4567', name: 'Sara Al-Harbi', email_address: 'sara@example.com' };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => { for (const cleanup of cleanups.reverse()) await cleanup(); });

async function receiver(): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver();
  cleanups.push(() => started.close());
  return started;
}

/** An endpoint for the order events and e-mail to the recipient on placing and cancelling. */
async function subscribe(server: TestServer, auth: string, url: string): Promise<void> {
  const registered = await server.call('POST', '/webhooks', { auth, body: { vendor_id: SA_OLAYA, url, events: EVENTS } });
  expect(registered.status, registered.text).toBe(200);
  const settings = await server.call('PUT', `/vendor/${SA_OLAYA}/notification-settings`, { auth, body: { email: ['placed', 'cancelled'], sms: [] } });
  expect(settings.status, settings.text).toBe(200);
}

const eventsOf = (hook: WebhookReceiver, orderId: string) => hook.accepted().filter((event) => event.order?.order_id === orderId).map((event) => event.type);
const messagesOf = async (server: TestServer, orderId: string) =>
  (await server.app.db.selectFrom('notification_messages').select(['event', 'outcome']).where('order_id', '=', orderId).execute()).map((m) => m.event);

describe('the order-change outbox', () => {
  it('rolls the change and everything it would queue back together when the transaction fails after the order write', async () => {
    const server = await startServer({ COURIER_SIM_SPEED: '0' });
    cleanups.push(() => server.stop());
    const auth = await server.login('vendor@example.com');
    const hook = await receiver();
    await subscribe(server, auth, hook.url);
    const orderId = await placeOrder(server, auth, SA_OLAYA, { customer: RECIPIENT });
    await vi.waitFor(async () => {
      expect(eventsOf(hook, orderId)).toEqual(['order.created']);
      expect(await messagesOf(server, orderId)).toEqual(['placed']);
    }, SOON);

    const stored = (await findOrder(server.app.db, orderId))?.order;
    if (!stored) throw new Error('order not stored');
    const cancelled = withStatus(stored, 'CANCELLED', server.app.clock.nowS());
    const crash = new Error('injected: the process fails after the order write');
    await expect(saveOrder(server.app.db, cancelled, stored.status, async (trx, order) => {
      await server.app.orders.recordChange(trx, order);
      throw crash;
    })).rejects.toBe(crash);
    expect((await findOrder(server.app.db, orderId))?.order.status).toBe('NEW');
    expect(await server.app.db.selectFrom('order_outbox').select('seq').where('order_id', '=', orderId).execute()).toEqual([]);

    // The next real change goes out alone: nothing of the rolled-back cancellation was queued.
    await moveOrder(server, orderId, 'RECEIVED');
    await vi.waitFor(() => expect(eventsOf(hook, orderId)).toEqual(['order.created', 'order.status_changed']), SOON);
    expect(hook.accepted().filter((event) => event.order?.order_id === orderId).map((event) => event.order?.status)).toEqual(['NEW', 'RECEIVED']);
    expect(await messagesOf(server, orderId)).toEqual(['placed']);
    expect(await server.app.db.selectFrom('webhook_deliveries').select('event_type').where('order_id', '=', orderId).where('event_type', '=', 'order.cancelled').execute()).toEqual([]);
  });

  it('delivers a change committed by a process that died before announcing it, once the next process starts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-restart-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startServer({ COURIER_SIM_SPEED: '0', DATA_DIR: dataDir });
    const auth = await first.login('vendor@example.com');
    const hook = await receiver();
    await subscribe(first, auth, hook.url);
    const orderId = await placeOrder(first, auth, SA_OLAYA, { customer: RECIPIENT });
    await vi.waitFor(async () => {
      expect(eventsOf(hook, orderId)).toEqual(['order.created']);
      expect(await messagesOf(first, orderId)).toEqual(['placed']);
    }, SOON);
    const config = first.config;
    await first.stop();

    // As the dying process did: the cancellation and its outbox row committed, and nothing more.
    const db = createDb(config);
    const stored = (await findOrder(db, orderId))?.order;
    if (!stored) throw new Error('order not stored');
    expect(await saveOrder(db, withStatus(stored, 'CANCELLED', Math.floor(Date.now() / 1000)), stored.status, recordOrderChange(Date.now))).toBe(true);
    await db.destroy();

    const second = await startServer({ COURIER_SIM_SPEED: '0', DATA_DIR: dataDir });
    cleanups.push(() => second.stop());
    await vi.waitFor(async () => {
      expect(eventsOf(hook, orderId).sort()).toEqual(['order.cancelled', 'order.created', 'order.status_changed']);
      expect((await messagesOf(second, orderId)).sort()).toEqual(['cancelled', 'placed']);
    }, SOON);
    expect(await second.app.db.selectFrom('order_outbox').select('seq').where('order_id', '=', orderId).execute()).toEqual([]);
    const detail = await second.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth: await second.login('vendor@example.com') });
    expect(resultOf<{ status: string }>(detail.body).status).toBe('CANCELLED');
  });
});
