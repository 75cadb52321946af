// LiveSocket on the browser WebSocket (API.md "Live updates"): `/ws?Authorization=...`, JSON
// messages. Reconnecting is the liveOrders machine's job (its 1 s check), so this adapter reports a
// drop through onClose and does nothing else.
import type { KeyValueStorage, LiveConnection, LiveServerMessage, LiveSocket, LiveSocketHandlers } from '../ports';
import { liveSocketUrl } from '../http/apiConfig';
import { authorizationHeader } from '../http/authorization';

type WebSocketConstructor = new (url: string) => WebSocket;

export interface LiveSocketOptions {
  /** Built at every open, so a refreshed token is the one sent: the given authorization, else the stored one. */
  url: (authorization?: string | null) => string;
  WebSocketImpl?: WebSocketConstructor;
}

/** The socket of API.md on the API origin, authenticated like the HTTP calls. */
export function createApiLiveSocket(origin: string, storage: KeyValueStorage, WebSocketImpl?: WebSocketConstructor): LiveSocket {
  return createLiveSocket({
    url: (authorization) => liveSocketUrl(origin, authorization === undefined ? authorizationHeader(storage) : authorization),
    WebSocketImpl,
  });
}

export function createLiveSocket(options: LiveSocketOptions): LiveSocket {
  return {
    open(handlers: LiveSocketHandlers, authorization?: string | null): LiveConnection {
      const Socket = options.WebSocketImpl ?? globalThis.WebSocket;
      const socket = new Socket(options.url(authorization));
      // Messages sent before the handshake completes go out on open, in order.
      const pending: string[] = [];
      let closedByUs = false;
      let closeReported = false;

      socket.addEventListener('open', () => {
        for (const message of pending.splice(0)) socket.send(message);
        if (!closedByUs) handlers.onOpen?.();
      });
      socket.addEventListener('message', (event: MessageEvent) => {
        if (closedByUs) return;
        const message = parseServerMessage(event.data);
        if (message !== null) handlers.onMessage(message);
      });
      socket.addEventListener('close', (event: CloseEvent) => {
        if (closedByUs || closeReported) return;
        closeReported = true;
        handlers.onClose?.({ code: event.code, reason: event.reason, wasClean: event.wasClean });
      });
      // An 'error' is always followed by 'close' (WHATWG WebSockets), which reports it.

      return {
        send(message) {
          const text = JSON.stringify(message);
          if (socket.readyState === socket.OPEN) socket.send(text);
          else if (socket.readyState === socket.CONNECTING) pending.push(text);
        },
        close() {
          closedByUs = true;
          if (socket.readyState === socket.CONNECTING || socket.readyState === socket.OPEN) socket.close(1000, 'client closed');
        },
      };
    },
  };
}

/** Only the shapes of API.md pass; anything else is ignored rather than trusted. */
export function parseServerMessage(data: unknown): LiveServerMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'subscribe_ok':
      return typeof message.vendor_id === 'string' ? { type: 'subscribe_ok', vendor_id: message.vendor_id } : null;
    case 'order_update':
      return isOrderLike(message.order) ? { type: 'order_update', order: message.order } : null;
    case 'webhook_health':
      return typeof message.vendor_id === 'string' && typeof message.endpoint_id === 'string' && typeof message.failing === 'boolean'
        ? { type: 'webhook_health', vendor_id: message.vendor_id, endpoint_id: message.endpoint_id, failing: message.failing } : null;
    case 'error':
      return { type: 'error', message: typeof message.message === 'string' ? message.message : '' };
    default:
      return null;
  }
}

function isOrderLike(value: unknown): value is Extract<LiveServerMessage, { type: 'order_update' }>['order'] {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Record<string, unknown>;
  return typeof order.order_id === 'string' && typeof order.vendor_id === 'string' && typeof order.status === 'string';
}
