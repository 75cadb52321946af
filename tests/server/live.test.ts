import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Order } from '../../domain/types';
import { createInProcessPubSub } from '../../server/live/pubsub';
import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import type { Principal } from '../../server/auth/principal';
import { createSessionEnds } from '../../server/auth/sessionEnds';
import { MetricsRegistry } from '../../server/http/metrics';
import { isAllowedOrigin, liveRoutes } from '../../server/live/ws';
import { signedInPair, startServer, type TestServer } from './harness';
import { moveOrder, orderPayload, placeOrder, placeSingaporeOrder, quoteFee, resultOf, SA_OLAYA, SG_VENDOR } from './orders-fixtures';

const anOrder = (id: string) => ({ order_id: id }) as Order;

describe('in-process pub/sub (unit)', () => {
  it('delivers to the vendor\'s subscribers only, and stops after unsubscribe', () => {
    const hub = createInProcessPubSub();
    const a = vi.fn();
    const b = vi.fn();
    const unsubscribeA = hub.subscribe('v-a', a);
    hub.subscribe('v-b', b);
    expect(hub.subscriberCount()).toBe(2);
    hub.publish('v-a', anOrder('1'));
    expect(a).toHaveBeenCalledWith(anOrder('1'));
    expect(b).not.toHaveBeenCalled();
    unsubscribeA();
    unsubscribeA();
    expect(hub.subscriberCount()).toBe(1);
    hub.publish('v-a', anOrder('2'));
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering when one listener throws', () => {
    const errors: unknown[] = [];
    const hub = createInProcessPubSub((e) => errors.push(e));
    const good = vi.fn();
    hub.subscribe('v', () => { throw new Error('boom'); });
    hub.subscribe('v', good);
    hub.publish('v', anOrder('1'));
    expect(good).toHaveBeenCalled();
    expect(errors).toHaveLength(1);
  });

  it('checks the Origin against the app origins or the server\'s own', () => {
    expect(isAllowedOrigin(undefined, 'x:1', [])).toBe(true);
    expect(isAllowedOrigin('http://x:1', 'x:1', [])).toBe(true);
    expect(isAllowedOrigin('https://app.example', 'x:1', ['https://app.example'])).toBe(true);
    expect(isAllowedOrigin('https://evil.example', 'x:1', ['https://app.example'])).toBe(false);
    expect(isAllowedOrigin('null', 'x:1', [])).toBe(false);
  });
});

type Message = { type: string; vendor_id?: string; order?: Order; message?: string };

/** A connected client that records every message. */
async function connect(server: TestServer, auth: string, headers: Record<string, string> = {}): Promise<{ socket: WebSocket; messages: Message[] }> {
  const socket = new WebSocket(`${server.wsUrl}?Authorization=${encodeURIComponent(auth)}`, { headers });
  const messages: Message[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Message));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  return { socket, messages };
}

describe('GET /ws', () => {
  let server: TestServer;
  let vendorAuth: string;
  let otherAuth: string;
  beforeAll(async () => {
    ({ server, vendor: vendorAuth, other: otherAuth } = await signedInPair({ COURIER_SIM_SPEED: '0' }));
  });
  afterAll(async () => { await server?.stop(); });

  it('refuses a missing token (401) and a foreign Origin (403) before upgrading', async () => {
    await expect(connect(server, 'Bearer nonsense')).rejects.toThrow('HTTP 401');
    await expect(connect(server, vendorAuth, { origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
  });

  it('sends each subscriber the updates of its own vendors only', async () => {
    const vendor = await connect(server, vendorAuth);
    const other = await connect(server, otherAuth);
    vendor.socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: SA_OLAYA }));
    other.socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: SG_VENDOR }));
    // Someone else's vendor: an error and nothing else.
    other.socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: SA_OLAYA }));
    other.socket.send('not json');
    await vi.waitFor(() => {
      expect(vendor.messages).toContainEqual({ type: 'subscribe_ok', vendor_id: SA_OLAYA });
      expect(other.messages).toEqual([
        { type: 'subscribe_ok', vendor_id: SG_VENDOR },
        { type: 'error', message: 'error.forbidden' },
        { type: 'error', message: 'error.invalid-message' },
      ]);
    });

    const metrics = await server.call('GET', '/metrics', { auth: `Ops ${server.opsToken}` });
    expect(metrics.text).toMatch(/portal_ws_subscribers [1-9]/);

    const orderId = await placeOrder(server, vendorAuth);
    await vi.waitFor(() => expect(vendor.messages.some((m) => m.type === 'order_update' && m.order?.order_id === orderId)).toBe(true));
    // The control: an update of the other's own vendor, published after the Riyadh one, must arrive;
    // by then the Riyadh update would have reached the other's socket too, had it been sent there.
    const controlId = await placeSingaporeOrder(server, otherAuth);
    await vi.waitFor(() => expect(other.messages.some((m) => m.type === 'order_update' && m.order?.order_id === controlId)).toBe(true));
    expect(other.messages.filter((m) => m.type === 'order_update').map((m) => m.order?.order_id)).toEqual([controlId]);
    vendor.socket.close();
    other.socket.close();
  });
});

describe('GET /ws for guests', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ COURIER_SIM_SPEED: '0' }); });
  afterAll(async () => { await server?.stop(); });

  async function guestSession(phone: string): Promise<string> {
    const response = await server.call('POST', '/guest/session', { body: { name: 'Nora Guest', email: 'nora@example.com', phone_number: phone, country_code: 'SA' } });
    return `Bearer ${resultOf<{ token: string }>(response.body).token}`;
  }

  async function placeGuestOrder(auth: string): Promise<string> {
    const sender = { location: { latitude: 24.7136, longitude: 46.6753, address: 'Olaya, Riyadh', notes: '' }, name: 'Nora Guest', email: 'nora@example.com', phone_number: '+966501112233' };
    const quote = await quoteFee(server, auth, 'vendorID', undefined, { latitude: sender.location.latitude, longitude: sender.location.longitude });
    const created = await server.call('POST', '/order', { auth, body: orderPayload('vendorID', quote, { sender }) });
    return resultOf<{ order_id: string }>(created.body).order_id;
  }

  it('sends a guest the updates of its own orders only, by subscribeToGuest or the placeholder vendor id', async () => {
    const nora = await guestSession('+966501112233');
    const other = await guestSession('+966501112244');
    const byGuest = await connect(server, nora);
    const byPlaceholder = await connect(server, nora);
    const stranger = await connect(server, other);
    byGuest.socket.send(JSON.stringify({ action: 'subscribeToGuest' }));
    byPlaceholder.socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: 'vendorID' }));
    stranger.socket.send(JSON.stringify({ action: 'subscribeToGuest' }));
    // A guest reaches no real vendor.
    stranger.socket.send(JSON.stringify({ action: 'subscribeToVendor', vendor_id: SA_OLAYA }));
    await vi.waitFor(() => {
      expect(byGuest.messages).toEqual([{ type: 'subscribe_ok', vendor_id: 'vendorID' }]);
      expect(byPlaceholder.messages).toEqual([{ type: 'subscribe_ok', vendor_id: 'vendorID' }]);
      expect(stranger.messages).toEqual([{ type: 'subscribe_ok', vendor_id: 'vendorID' }, { type: 'error', message: 'error.forbidden' }]);
    });

    const orderId = await placeGuestOrder(nora);
    await moveOrder(server, orderId, 'COURIER_ACCEPTED_DELIVERY');
    const statuses = (messages: Message[]) => messages.filter((m) => m.type === 'order_update' && m.order?.order_id === orderId).map((m) => m.order?.status);
    await vi.waitFor(() => {
      expect(statuses(byGuest.messages).at(-1)).toBe('COURIER_ACCEPTED_DELIVERY');
      expect(statuses(byPlaceholder.messages).at(-1)).toBe('COURIER_ACCEPTED_DELIVERY');
    });
    // A courier move carries the tracking-page token like every other answer: the drawer keeps its link.
    expect(byGuest.messages.filter((m) => m.order?.order_id === orderId).every((m) => typeof m.order?.tracking_token === 'string')).toBe(true);
    // The other guest's socket saw the same publishes go by and passed none on.
    const strangerCheck = await placeGuestOrder(other);
    await vi.waitFor(() => expect(stranger.messages.some((m) => m.order?.order_id === strangerCheck)).toBe(true));
    expect(stranger.messages.some((m) => m.order?.order_id === orderId)).toBe(false);
    expect(byGuest.messages.some((m) => m.order?.order_id === strangerCheck)).toBe(false);
    for (const client of [byGuest, byPlaceholder, stranger]) client.socket.close();
  });

  it('refuses subscribeToGuest to a vendor user', async () => {
    const vendor = await connect(server, await server.login('vendor@example.com'));
    vendor.socket.send(JSON.stringify({ action: 'subscribeToGuest' }));
    await vi.waitFor(() => expect(vendor.messages).toEqual([{ type: 'error', message: 'error.forbidden' }]));
    vendor.socket.close();
  });
});

describe('shutdown', () => {
  it('closes open sockets with 1012 (service restart) as the reconnect hint', async () => {
    const server = await startServer({ COURIER_SIM_SPEED: '0' });
    const auth = await server.login('vendor@example.com');
    const { socket } = await connect(server, auth);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await server.stop();
    expect(await closed).toBe(1012);
  });
});

describe('keep-alive', () => {
  it('pings every interval and drops a peer that stops answering', async () => {
    const app = Fastify();
    app.decorate('metrics', new MetricsRegistry());
    app.decorate('config', { appOrigins: [] } as never);
    app.decorate('sessionEnds', createSessionEnds());
    app.decorate('principalOf', async () => ({ kind: 'godroid', vendorId: 'v-1' }) satisfies Principal);
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request) => { request.principal = { kind: 'godroid', vendorId: 'v-1' } satisfies Principal; });
    await app.register(fastifyWebsocket);
    await app.register(liveRoutes, { pubsub: createInProcessPubSub(), pingIntervalMs: 50 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address() as { port: number };
      const url = `ws://127.0.0.1:${address.port}/ws`;
      const healthy = new WebSocket(url);
      const dead = new WebSocket(url, { autoPong: false });
      let pings = 0;
      healthy.on('ping', () => { pings += 1; });
      const deadClosed = new Promise<number>((resolve) => dead.once('close', (code) => resolve(code)));
      expect(await deadClosed).toBe(1006);
      expect(pings).toBeGreaterThan(0);
      expect(healthy.readyState).toBe(WebSocket.OPEN);
      healthy.close();
    } finally {
      await app.close();
    }
  });
});
