// The adapters against the REAL server of API.md (tests/server/harness.ts starts it on loopback with
// the demo seed): sign-in, tenancy, a priced order created through an idempotent retry, and the
// live socket receiving that order's update.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createFixedClock } from '../../adapters/clock';
import { ApiError } from '../../adapters/http/apiError';
import { createHttpApiClient } from '../../adapters/http/apiClient';
import type { ApiClient, LiveServerMessage } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { writeSignedIn } from '../../adapters/storage/sessionStorage';
import { createApiLiveSocket } from '../../adapters/websocket/liveSocket';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_VENDORS } from '../../server/db/seed';
import { startServer, type TestServer } from '../server/harness';

const NodeWebSocket = WebSocket as unknown as new (url: string) => globalThis.WebSocket;

let server: TestServer;
const storage = createMemoryStorage();
let client: ApiClient;

beforeAll(async () => {
  server = await startServer();
  client = createHttpApiClient({ origin: server.baseUrl, storage, clock: createFixedClock(Math.floor(Date.now() / 1000)), sleep: async () => undefined });
});
afterAll(() => server?.stop());

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 300 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
};

describe('adapters against the real server', () => {
  it('reports a wrong password as NotAuthorizedException', async () => {
    const error = await client.login(DEMO_ACCOUNTS.vendor.email, 'wrong-Password1!').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, key: 'NotAuthorizedException' });
  });

  it('signs in, then reaches its own vendors only', async () => {
    const { user, ...meta } = await client.login(DEMO_ACCOUNTS.vendor.email, DEMO_PASSWORD);
    writeSignedIn(storage, user, meta);
    const vendors = await client.getVendors();
    expect(vendors[0]?.vendor_id).toBe(DEMO_VENDORS.saParent);
    expect(vendors.map((vendor) => vendor.vendor_id)).not.toContain(DEMO_VENDORS.singapore);
    await expect(client.getVendor(DEMO_VENDORS.singapore)).rejects.toMatchObject({ status: 403 });
  });

  it('prices and creates an order, and the live socket hears about it', async () => {
    const vendor = await client.getVendor(DEMO_VENDORS.saOlaya);
    const { latitude, longitude } = vendor.vendor_information.location;
    if (latitude === null || longitude === null) throw new Error('seed vendor without coordinates');
    const destination = { latitude: latitude + 0.01, longitude: longitude + 0.01 };

    const messages: LiveServerMessage[] = [];
    const connection = createApiLiveSocket(server.baseUrl, storage, NodeWebSocket).open({ onMessage: (message) => messages.push(message) });
    connection.send({ action: 'subscribeToVendor', vendor_id: vendor.vendor_id });
    await until(() => messages.some((message) => message.type === 'subscribe_ok'));

    const fee = await client.computeFee({ source: { latitude, longitude }, destination, vendor_id: vendor.vendor_id, delivery_type: 'food' });
    expect(fee.signature).not.toBe('');

    const created = await client.createOrder({
      vendor_id: vendor.vendor_id,
      customer: { location: { ...destination, address: 'Tahlia St, Riyadh', notes: '' }, phone_number: '+966501234567', name: 'Sara Ahmed' },
      order: { payment_method: 'CASH_ON_DELIVERY', amount: 50, description: 'Documents', cold_bag_needed: false },
      delivery_fee: fee.fee,
      signature: fee.signature,
    });
    expect(created.order_id.startsWith(vendor.vendor_id)).toBe(true);
    const order = await client.getOrder(vendor.vendor_id, created.order_id);
    expect(order.customer.name).toBe('Sara Ahmed');

    const moved = await server.call('POST', `/ops/orders/${created.order_id}/status`, {
      auth: `Ops ${server.opsToken}`,
      body: { status: 'WAITING_FOR_TRANSPORT' },
    });
    expect(moved.status).toBe(200);
    await until(() => messages.some((message) => message.type === 'order_update' && message.order.order_id === created.order_id));
    connection.close();
  });

  it('creates one order when the first answer is lost and the retry replays the Idempotency-Key', async () => {
    const vendor = await client.getVendor(DEMO_VENDORS.saOlaya);
    const { latitude, longitude } = vendor.vendor_information.location;
    if (latitude === null || longitude === null) throw new Error('seed vendor without coordinates');
    const destination = { latitude: latitude + 0.012, longitude: longitude + 0.008 };
    const fee = await client.computeFee({ source: { latitude, longitude }, destination, vendor_id: vendor.vendor_id, delivery_type: 'food' });

    // The first POST /order reaches the server, but its answer is "lost" on the way back.
    let lost = 0;
    const lossyClient = createHttpApiClient({
      origin: server.baseUrl,
      storage,
      clock: createFixedClock(0),
      sleep: async () => undefined,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (init?.method === 'POST' && String(input).endsWith('/order') && lost++ === 0) throw new TypeError('connection reset');
        return response;
      },
    });
    const description = `Lost answer ${Date.now()}`;
    const created = await lossyClient.createOrder({
      vendor_id: vendor.vendor_id,
      customer: { location: { ...destination, address: 'Olaya St, Riyadh', notes: '' }, phone_number: '+966501234567', name: 'Omar' },
      order: { payment_method: 'CASH_ON_DELIVERY', amount: 20, description, cold_bag_needed: false },
      delivery_fee: fee.fee,
      signature: fee.signature,
    });
    expect(lost).toBe(2);

    const now = Math.floor(Date.now() / 1000);
    const page = await client.listOrders(vendor.vendor_id, { from: now - 3600, to: now + 60, count: 200 });
    const matching = page.data.filter((order) => order.order.description === description);
    expect(matching.map((order) => order.order_id)).toEqual([created.order_id]);
  });

  it('sets up, edits, pauses, resumes and deletes a recurring order of a saved template', async () => {
    const template = await client.createOrderTemplate(DEMO_VENDORS.saOlaya, {
      name: 'Adapter bread', customer_name: 'Sara', phone_number: '+966501234567', latitude: 24.6636, longitude: 46.7369,
      address: '4, Villa 12, Al Yasmin, Riyadh', notes: '', amount: 10, description: 'Bread', payment_method: 'CASH_ON_DELIVERY',
    });
    const rule = { repeat: { kind: 'weekly' as const, weekdays: [1, 2, 3, 4, 5] }, time: '09:30', time_zone: 'Asia/Riyadh', starts_on: '2026-01-01', until: null };
    const created = await client.createRecurringOrder(DEMO_VENDORS.saOlaya, { template_id: template.id, ...rule, language: 'en' });
    expect(created).toMatchObject({ template_name: 'Adapter bread', status: 'active', last_runs: [] });
    expect(created.next_run_at).toBeGreaterThan(Math.floor(Date.now() / 1000));
    expect((await client.updateRecurringOrder(DEMO_VENDORS.saOlaya, created.schedule_id, { ...rule, time: '10:15' })).time).toBe('10:15');
    expect(await client.setRecurringOrderPaused(DEMO_VENDORS.saOlaya, created.schedule_id, true)).toMatchObject({ status: 'paused', next_run_at: null });
    expect((await client.setRecurringOrderPaused(DEMO_VENDORS.saOlaya, created.schedule_id, false)).status).toBe('active');
    expect((await client.listRecurringOrders(DEMO_VENDORS.saOlaya)).map((view) => view.schedule_id)).toContain(created.schedule_id);
    await client.deleteRecurringOrder(DEMO_VENDORS.saOlaya, created.schedule_id);
    expect((await client.listRecurringOrders(DEMO_VENDORS.saOlaya)).map((view) => view.schedule_id)).not.toContain(created.schedule_id);
  });

  it('answers the flag service with a flag map', async () => {
    const flags = await client.getFlags({ country: 'SA', brand: 'HUNGER_STATION', vendorId: DEMO_VENDORS.saParent });
    expect(typeof flags).toBe('object');
  });
});
