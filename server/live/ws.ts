// GET /ws (API.md "Live updates"): authenticated by ?Authorization= (resolved by the platform's
// principal hook), Origin-checked, subscribeToVendor -> subscribe_ok | error, order_update fan-out
// from the PubSub port, ping every 30 s, close 1012 (service restart) on shutdown.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Order } from '../../domain/types';
import { GUEST_VENDOR_ID } from '../../domain/types';
import { canReachVendor, requireAuth, type AuthenticatedPrincipal } from '../auth/tenancy';
import { forbidden } from '../http/errors';
import { onlyGuestOrders, type GuestOwnerLookup } from './guestOrders';
import type { PubSub } from './pubsub';
import { parseClientMessage, type ServerMessage, type SubscribeMessage } from './protocol';

export const PING_INTERVAL_MS = 30_000;
/** RFC 6455 1012 "Service Restart": the client should reconnect shortly. */
export const CLOSE_SERVICE_RESTART = 1012;

/**
 * Browsers always send Origin; it must be one of APP_ORIGINS or the server's own origin. Clients
 * that are not browsers send none and are let through: they still need a valid token.
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, appOrigins: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (appOrigins.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

function send(socket: WebSocket, message: ServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/**
 * The order_update message of an order, serialised and UTF-8 encoded once however many sockets get
 * it: a publish hands the same Order object to every listener in one synchronous loop, so 2 000
 * subscribers cost one JSON.stringify and one encoding, not 2 000 of each (ws encodes a string on
 * every send; a Buffer it frames as is). Forgotten right after that loop, so an object changed and
 * published again later is serialised afresh.
 */
const updateFrames = new WeakMap<Order, Buffer>();
function orderUpdateFrame(order: Order): Buffer {
  let frame = updateFrames.get(order);
  if (frame === undefined) {
    frame = Buffer.from(JSON.stringify({ type: 'order_update', order } satisfies ServerMessage));
    updateFrames.set(order, frame);
    queueMicrotask(() => updateFrames.delete(order));
  }
  return frame;
}

/**
 * The channel a subscribe request names: a guest's own orders (subscribeToGuest, or the placeholder
 * 'vendorID' that every guest shares, filtered to the session's orders), a reachable vendor, or null.
 */
function channelOf(principal: AuthenticatedPrincipal, message: SubscribeMessage): { vendorId: string; guestId?: string } | null {
  const guestChannel = message.action === 'subscribeToGuest' || message.vendor_id === GUEST_VENDOR_ID;
  if (principal.kind === 'guest') return guestChannel ? { vendorId: GUEST_VENDOR_ID, guestId: principal.guestId } : null;
  if (message.action === 'subscribeToGuest') return null;
  return canReachVendor(principal, message.vendor_id) ? { vendorId: message.vendor_id } : null;
}

/**
 * @fastify/websocket's `preClose` option: on shutdown every client gets close code 1012 (service
 * restart), the hint to reconnect shortly (the plugin's default closes without a code, 1005).
 */
export function closeSocketsForRestart(this: FastifyInstance, done: () => void): void {
  for (const client of this.websocketServer.clients) client.close(CLOSE_SERVICE_RESTART, 'service restart');
  this.websocketServer.close();
  done();
}

export async function liveRoutes(app: FastifyInstance, opts: { pubsub: PubSub; pingIntervalMs?: number; guestOwnerOf?: GuestOwnerLookup }): Promise<void> {
  const sockets = new Set<WebSocket>();
  const alive = new WeakMap<WebSocket, boolean>();

  app.metrics.gauge('portal_ws_connections', 'Open WebSocket connections', () => sockets.size);
  app.metrics.gauge('portal_ws_subscribers', 'Live order subscriptions', () => opts.pubsub.subscriberCount());

  const pinger = setInterval(() => {
    for (const socket of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, opts.pingIntervalMs ?? PING_INTERVAL_MS);
  pinger.unref();

  app.addHook('preClose', async () => { clearInterval(pinger); });

  app.get('/ws', {
    websocket: true,
    // Before the upgrade, so a refused caller gets a plain 401/403 in API.md's error shape.
    preValidation: async (request: FastifyRequest) => {
      requireAuth(request);
      if (!isAllowedOrigin(request.headers.origin, request.headers.host, app.config.appOrigins)) throw forbidden('error.origin-not-allowed');
    },
  }, (socket: WebSocket, request: FastifyRequest) => {
    const principal = requireAuth(request);
    const subscriptions = new Map<string, () => void>();
    sockets.add(socket);
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));

    socket.on('message', (data) => {
      const message = parseClientMessage(data.toString());
      if (!message) {
        send(socket, { type: 'error', message: 'error.invalid-message' });
        return;
      }
      const channel = channelOf(principal, message);
      if (channel === null || (channel.guestId !== undefined && !opts.guestOwnerOf)) {
        send(socket, { type: 'error', message: 'error.forbidden' });
        return;
      }
      if (!subscriptions.has(channel.vendorId)) {
        const forward = (order: Order) => {
          // binary: false keeps it a text frame, as every other message (API.md).
          if (socket.readyState === socket.OPEN) socket.send(orderUpdateFrame(order), { binary: false });
        };
        const listener = channel.guestId === undefined || !opts.guestOwnerOf ? forward
          : onlyGuestOrders(channel.guestId, opts.guestOwnerOf, forward, (error) => app.log.error({ err: error }, 'guest live update failed'));
        subscriptions.set(channel.vendorId, opts.pubsub.subscribe(channel.vendorId, listener));
      }
      send(socket, { type: 'subscribe_ok', vendor_id: channel.vendorId });
    });

    socket.on('close', () => {
      sockets.delete(socket);
      for (const unsubscribe of subscriptions.values()) unsubscribe();
      subscriptions.clear();
    });
  });
}
