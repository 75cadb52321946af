// GET /ws (API.md "Live updates"): authenticated by ?Authorization= (resolved by the platform's
// principal hook), Origin-checked, subscribeToVendor -> subscribe_ok | error, order_update fan-out
// from the PubSub port, ping every 30 s, close 1012 (service restart) on shutdown, close 4401
// `session.ended` when the session that opened the socket ends (sessionWatch.ts).
// subscribeToWebhookHealth: `webhook_health` notices from the webhook sender's own PubSub, for the
// vendors where the member's role may see webhooks, checked again against its session at each notice.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { WebhookHealthNotice } from '../../domain/api';
import { roleCan } from '../../domain/teams';
import type { Order } from '../../domain/types';
import { authorizationOf } from '../auth/principal';
import { GUEST_VENDOR_ID } from '../../domain/types';
import { canReachVendor, requireAuth, type AuthenticatedPrincipal } from '../auth/tenancy';
import { forbidden } from '../http/errors';
import { onlyGuestOrders, type GuestOwnerLookup } from './guestOrders';
import type { PubSub } from './pubsub';
import { parseClientMessage, type ServerMessage, type SubscribeMessage } from './protocol';
import { CLOSE_SESSION_ENDED, SESSION_ENDED_REASON, createSessionWatch, type WatchedSocket } from './sessionWatch';

export const PING_INTERVAL_MS = 30_000;
/** RFC 6455 1012 "Service Restart": the client should reconnect shortly. */
export const CLOSE_SERVICE_RESTART = 1012;
/** RFC 6455 1011 "Internal Error". */
const CLOSE_INTERNAL_ERROR = 1011;

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
function channelOf(principal: AuthenticatedPrincipal, message: Exclude<SubscribeMessage, { action: 'subscribeToWebhookHealth' }>): { vendorId: string; guestId?: string } | null {
  const guestChannel = message.action === 'subscribeToGuest' || message.vendor_id === GUEST_VENDOR_ID;
  if (principal.kind === 'guest') return guestChannel ? { vendorId: GUEST_VENDOR_ID, guestId: principal.guestId } : null;
  if (message.action === 'subscribeToGuest') return null;
  return canReachVendor(principal, message.vendor_id) ? { vendorId: message.vendor_id } : null;
}

/** The vendors whose webhook endpoints the caller may see: a member's, where its role allows webhooks (as GET /webhooks). */
export function webhookVendorsOf(principal: AuthenticatedPrincipal | null): string[] {
  if (principal?.kind !== 'user') return [];
  return principal.vendorIds.filter((vendorId) => roleCan(principal.roles[vendorId], 'webhooks'));
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

export interface LiveRouteOptions {
  pubsub: PubSub;
  /** The webhook sender's notices (server/webhooks/plugin.ts); without it subscribeToWebhookHealth is refused. */
  webhookHealth?: PubSub<WebhookHealthNotice>;
  pingIntervalMs?: number;
  sessionCheckIntervalMs?: number;
  guestOwnerOf?: GuestOwnerLookup;
}

export async function liveRoutes(app: FastifyInstance, opts: LiveRouteOptions): Promise<void> {
  const sockets = new Set<WebSocket>();
  const alive = new WeakMap<WebSocket, boolean>();
  const sessions = createSessionWatch({
    resolve: (authorization) => app.principalOf(authorization),
    ...(opts.sessionCheckIntervalMs !== undefined ? { intervalMs: opts.sessionCheckIntervalMs } : {}),
    onError: (error) => app.log.error({ err: error }, 'live session check failed'),
  });
  const stopListening = app.sessionEnds.listen(() => { void sessions.checkNow(); });

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

  app.addHook('preClose', async () => {
    clearInterval(pinger);
    sessions.stop();
    stopListening();
  });

  app.get('/ws', {
    websocket: true,
    // Before the upgrade, so a refused caller gets a plain 401/403 in API.md's error shape.
    preValidation: async (request: FastifyRequest) => {
      requireAuth(request);
      if (!isAllowedOrigin(request.headers.origin, request.headers.host, app.config.appOrigins)) throw forbidden('error.origin-not-allowed');
    },
  }, (socket: WebSocket, request: FastifyRequest) => {
    const authorization = authorizationOf(request) ?? '';
    let principal = requireAuth(request);
    const subscriptions = new Map<string, () => void>();
    const healthSubscriptions = new Map<string, () => void>();
    const unsubscribeAll = () => {
      for (const unsubscribe of [...subscriptions.values(), ...healthSubscriptions.values()]) unsubscribe();
      subscriptions.clear();
      healthSubscriptions.clear();
    };
    const watched: WatchedSocket = { authorization, end: () => endSession() };
    let ended = false;
    function endSession(): void {
      if (ended) return;
      ended = true;
      // No update of an ended session may go out while the close handshake runs.
      unsubscribeAll();
      socket.close(CLOSE_SESSION_ENDED, SESSION_ENDED_REASON);
    }
    sockets.add(socket);
    sessions.add(watched);
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));

    async function handle(data: string): Promise<void> {
      // Every message re-checks the session (and its vendors) first: an ended session gets the close.
      const current = await app.principalOf(authorization);
      if (ended) return;
      if (current === null) {
        endSession();
        return;
      }
      principal = current;
      const message = parseClientMessage(data);
      if (!message) {
        send(socket, { type: 'error', message: 'error.invalid-message' });
        return;
      }
      if (message.action === 'subscribeToWebhookHealth') {
        subscribeToWebhookHealth();
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
    }

    /** Every vendor where the member may see webhooks now; a role that may see none is refused. */
    function subscribeToWebhookHealth(): void {
      const health = opts.webhookHealth;
      const vendorIds = webhookVendorsOf(principal);
      if (!health || vendorIds.length === 0) {
        send(socket, { type: 'error', message: 'error.forbidden' });
        return;
      }
      for (const vendorId of vendorIds) {
        if (healthSubscriptions.has(vendorId)) continue;
        healthSubscriptions.set(vendorId, health.subscribe(vendorId, (notice) => { void forwardHealth(notice); }));
        send(socket, { type: 'subscribe_ok', vendor_id: vendorId });
      }
    }

    /** A notice goes out only while the session lasts and its role still may see that vendor's webhooks. */
    async function forwardHealth(notice: WebhookHealthNotice): Promise<void> {
      try {
        const current = await app.principalOf(authorization);
        if (ended || !webhookVendorsOf(current).includes(notice.vendor_id)) return;
        send(socket, { type: 'webhook_health', vendor_id: notice.vendor_id, endpoint_id: notice.endpoint_id, failing: notice.failing });
      } catch (error) {
        request.log.error({ err: error }, 'webhook health notice failed');
      }
    }

    // Messages are answered in the order they came, although each waits for a session check.
    let queue = Promise.resolve();
    socket.on('message', (data) => {
      const text = data.toString();
      queue = queue.then(() => handle(text)).catch((error: unknown) => {
        // The session could not be checked (database down): 1011, and the client reconnects.
        request.log.error({ err: error }, 'live message failed');
        socket.close(CLOSE_INTERNAL_ERROR, 'internal error');
      });
    });

    socket.on('close', () => {
      ended = true;
      sockets.delete(socket);
      sessions.remove(watched);
      unsubscribeAll();
    });
  });
}
