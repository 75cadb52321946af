// The tab's LiveChannel as the app builds it (src/app/liveChannel.ts: adapters/websocket/
// sharedLiveChannel.ts driving machines/liveChannel.ts) over a fake LiveSocket that counts the sockets
// it opens: one socket carries live orders and the failing-webhooks banner, opened for the first
// subscription and closed after the last, each subscription hears only its own messages, and a
// reconnect asks for both again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveClientMessage, LiveServerMessage } from '../../domain/api';
import type { LiveSocket, LiveSocketHandlers, LiveSubscriptionHandlers } from '../../adapters/ports';
import { LIMITS } from '../../domain';
import { createTabLiveChannel } from '../../src/app/liveChannel';
import { anOrder } from '../machines/builders';

interface FakeSocket {
  handlers: LiveSocketHandlers;
  authorization: string | null | undefined;
  sent: LiveClientMessage[];
  closed: boolean;
}

/** A LiveSocket whose sockets the test opens, feeds and drops. */
function fakeLiveSocket() {
  const sockets: FakeSocket[] = [];
  const live: LiveSocket = {
    open(handlers, authorization) {
      const socket: FakeSocket = { handlers, authorization, sent: [], closed: false };
      sockets.push(socket);
      return { send: (message) => socket.sent.push(message), close: () => void (socket.closed = true) };
    },
  };
  const openSockets = () => sockets.filter((socket) => !socket.closed);
  const current = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  return { live, sockets, openSockets, current };
}

/** A subscription's handlers recording what it hears. */
function listener() {
  const heard: (LiveServerMessage | 'connected' | { disconnected: number })[] = [];
  const handlers: LiveSubscriptionHandlers = {
    onConnected: () => heard.push('connected'),
    onMessage: (message) => heard.push(message),
    onDisconnected: ({ code }) => heard.push({ disconnected: code }),
  };
  return { heard, handlers };
}

const ORDERS: LiveClientMessage = { action: 'subscribeToVendor', vendor_id: 'v-1' };
const HEALTH: LiveClientMessage = { action: 'subscribeToWebhookHealth' };
const update: LiveServerMessage = { type: 'order_update', order: anOrder('PICKED_UP', { vendor_id: 'v-1' }) };
const notice: LiveServerMessage = { type: 'webhook_health', vendor_id: 'v-1', endpoint_id: 'we-1', failing: true };
const microtask = () => Promise.resolve();

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the tab\'s shared live channel', () => {
  it('carries live orders and the banner on one socket, each hearing only its own messages', () => {
    const fake = fakeLiveSocket();
    const channel = createTabLiveChannel(fake.live);
    const banner = listener();
    const orders = listener();
    channel.subscribe(HEALTH, banner.handlers);
    channel.subscribe(ORDERS, orders.handlers);
    expect(fake.sockets).toHaveLength(1);

    fake.current().handlers.onOpen?.();
    // The orders request first: the server answers in order, and the banner's subscribe_ok may name the same vendor.
    expect(fake.current().sent).toEqual([ORDERS, HEALTH]);
    for (const message of [{ type: 'subscribe_ok', vendor_id: 'v-1' }, update, notice] as LiveServerMessage[]) fake.current().handlers.onMessage(message);

    expect(fake.sockets).toHaveLength(1);
    expect(orders.heard).toEqual(['connected', { type: 'subscribe_ok', vendor_id: 'v-1' }, update]);
    expect(banner.heard).toEqual(['connected', notice]);
  });

  it('opens for the first subscription, sends a later one at once, and closes after the last leaves', async () => {
    const fake = fakeLiveSocket();
    const channel = createTabLiveChannel(fake.live);
    expect(fake.sockets).toHaveLength(0);
    const orders = listener();
    const ordersSubscription = channel.subscribe(ORDERS, orders.handlers);
    fake.current().handlers.onOpen?.();
    const banner = listener();
    const bannerSubscription = channel.subscribe(HEALTH, banner.handlers);
    expect(fake.current().sent).toEqual([ORDERS, HEALTH]);
    expect(banner.heard).toEqual(['connected']);

    // Another vendor is asked for on the same socket.
    ordersSubscription.change({ action: 'subscribeToVendor', vendor_id: 'v-2' });
    expect(fake.current().sent).toEqual([ORDERS, HEALTH, { action: 'subscribeToVendor', vendor_id: 'v-2' }]);

    ordersSubscription.close();
    await microtask();
    expect(fake.openSockets()).toHaveLength(1);
    bannerSubscription.close();
    await microtask();
    expect(fake.openSockets()).toHaveLength(0);
    expect(fake.sockets).toHaveLength(1);

    channel.subscribe(HEALTH, listener().handlers);
    expect(fake.sockets).toHaveLength(2);
  });

  it('keeps the socket when a screen replaces its subscription in one go', async () => {
    const fake = fakeLiveSocket();
    const channel = createTabLiveChannel(fake.live);
    channel.subscribe(ORDERS, listener().handlers).close();
    channel.subscribe({ action: 'subscribeToVendor', vendor_id: 'v-2' }, listener().handlers);
    await microtask();
    expect(fake.sockets).toHaveLength(1);
    expect(fake.openSockets()).toHaveLength(1);
  });

  it('reconnects after a drop and asks for both subscriptions again', () => {
    const fake = fakeLiveSocket();
    const channel = createTabLiveChannel(fake.live);
    const orders = listener();
    const banner = listener();
    channel.subscribe(ORDERS, orders.handlers);
    channel.subscribe(HEALTH, banner.handlers);
    fake.current().handlers.onOpen?.();
    fake.current().handlers.onClose?.({ code: 1006, reason: '', wasClean: false });
    expect(banner.heard).toEqual(['connected', { disconnected: 1006 }]);

    vi.advanceTimersByTime(LIMITS.websocketReconnectCheckMs);
    expect(fake.sockets).toHaveLength(2);
    fake.current().handlers.onOpen?.();
    expect(fake.current().sent).toEqual([ORDERS, HEALTH]);
    expect(orders.heard).toEqual(['connected', { disconnected: 1006 }, 'connected']);
    expect(banner.heard).toEqual(['connected', { disconnected: 1006 }, 'connected']);
    expect(fake.openSockets()).toHaveLength(1);
  });

  it('opens the socket again with refreshed tokens, and not after the server ended the session', () => {
    const fake = fakeLiveSocket();
    const channel = createTabLiveChannel(fake.live);
    // The session names its tokens once at start: those the socket opens with (the stored ones).
    channel.renew('Bearer a1|i1');
    const banner = listener();
    channel.subscribe(HEALTH, banner.handlers);
    fake.current().handlers.onOpen?.();
    channel.renew('Bearer a1|i1');
    expect(fake.sockets).toHaveLength(1);

    channel.renew('Bearer a2|i2');
    expect(fake.sockets.map((socket) => [socket.authorization, socket.closed])).toEqual([['Bearer a1|i1', true], ['Bearer a2|i2', false]]);
    fake.current().handlers.onOpen?.();
    expect(fake.current().sent).toEqual([HEALTH]);

    fake.current().handlers.onClose?.({ code: 4401, reason: 'session.ended', wasClean: true });
    vi.advanceTimersByTime(60_000);
    expect(fake.sockets).toHaveLength(2);
    expect(banner.heard).toEqual(['connected', { disconnected: 1000 }, 'connected', { disconnected: 4401 }]);
  });

  it('opens nothing for new tokens once every subscription has left (signed out, the screens gone)', async () => {
    const fake = fakeLiveSocket();
    const channel = createTabLiveChannel(fake.live);
    channel.renew('Bearer a1|i1');
    const subscription = channel.subscribe(ORDERS, listener().handlers);
    fake.current().handlers.onClose?.({ code: 4401, reason: 'session.ended', wasClean: true });
    subscription.close();
    channel.renew(null);
    await microtask();
    expect(fake.sockets).toHaveLength(1);
    // The next session's first subscription opens with its tokens.
    channel.renew('Bearer b1|j1');
    channel.subscribe(ORDERS, listener().handlers);
    expect(fake.sockets.map((socket) => socket.authorization)).toEqual(['Bearer a1|i1', 'Bearer b1|j1']);
  });
});
