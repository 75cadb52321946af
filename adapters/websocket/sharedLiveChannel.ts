// The tab's one live socket shared by every subscription (the LiveChannel port): live orders and the
// failing-webhooks banner each subscribe with their own request and listeners. The connection (the
// liveChannel machine, started by the app: src/app/liveChannel.ts) runs while at least one
// subscription needs it, so the first subscriber opens the socket and the last one to leave closes
// it; this file only counts subscriptions, tells the connection which requests they need and routes
// what the socket hears to the subscriptions it is meant for.
import type { LiveClientMessage, LiveServerMessage } from '../../domain/api';
import { GUEST_VENDOR_ID } from '../../domain/types';
import type { LiveChannel, LiveSubscription, LiveSubscriptionHandlers } from '../ports';

/** What the running connection tells the channel. */
export interface ChannelSignals {
  opened(): void;
  closed(code: number): void;
  message(message: LiveServerMessage): void;
}

/** The running connection, as the channel drives it. */
export interface ChannelConnection {
  setRequests(requests: LiveClientMessage[]): void;
  renew(authorization: string | null): void;
  stop(): void;
}

export interface ChannelStart {
  requests: LiveClientMessage[];
  /** Left out until the session has told the channel its tokens: the socket then uses the stored ones. */
  authorization?: string | null;
}

export type StartChannelConnection = (start: ChannelStart, signals: ChannelSignals) => ChannelConnection;

interface Subscriber {
  request: LiveClientMessage;
  handlers: LiveSubscriptionHandlers;
}

const keyOf = (request: LiveClientMessage) => JSON.stringify(request);
const isOrdersRequest = (request: LiveClientMessage) => request.action !== 'subscribeToWebhookHealth';

/** The vendor a `subscribe_ok` names for this request (a guest's is the guest placeholder). */
function vendorOf(request: LiveClientMessage): string | null {
  if (request.action === 'subscribeToVendor') return request.vendor_id;
  return request.action === 'subscribeToGuest' ? GUEST_VENDOR_ID : null;
}

/** Each distinct request once, the orders ones first: the server answers in order, so an orders
 * subscription's `subscribe_ok` comes before the webhook-health ones that may name the same vendor. */
export function requestsOf(subscribers: Iterable<Subscriber>): LiveClientMessage[] {
  const distinct = new Map<string, LiveClientMessage>();
  for (const { request } of subscribers) distinct.set(keyOf(request), request);
  const requests = [...distinct.values()];
  return [...requests.filter(isOrdersRequest), ...requests.filter((request) => !isOrdersRequest(request))];
}

/** Whether a server message is for this subscription. */
function isFor(message: LiveServerMessage, request: LiveClientMessage): boolean {
  switch (message.type) {
    case 'order_update':
      return isOrdersRequest(request);
    case 'webhook_health':
      return !isOrdersRequest(request);
    case 'subscribe_ok':
      return vendorOf(request) === message.vendor_id;
    case 'error':
      return true;
  }
}

export function createSharedLiveChannel(startConnection: StartChannelConnection): LiveChannel {
  const subscribers = new Set<Subscriber>();
  let connection: ChannelConnection | null = null;
  let connected = false;
  let authorization: string | null | undefined;

  const signals: ChannelSignals = {
    opened() {
      connected = true;
      for (const subscriber of [...subscribers]) subscriber.handlers.onConnected?.();
    },
    closed(code) {
      connected = false;
      for (const subscriber of [...subscribers]) subscriber.handlers.onDisconnected?.({ code });
    },
    message(message) {
      for (const subscriber of [...subscribers]) if (isFor(message, subscriber.request)) subscriber.handlers.onMessage(message);
    },
  };

  function requestsChanged(): void {
    if (subscribers.size === 0) {
      // A screen that replaces its subscription leaves and joins in one go (React runs the old
      // screen's cleanup and the new one's start together): close only if nobody joined meanwhile.
      queueMicrotask(() => {
        if (subscribers.size > 0 || connection === null) return;
        const running = connection;
        connection = null;
        connected = false;
        running.stop();
      });
      return;
    }
    const requests = requestsOf(subscribers);
    if (connection === null) connection = startConnection({ requests, ...(authorization !== undefined ? { authorization } : {}) }, signals);
    else connection.setRequests(requests);
  }

  return {
    subscribe(request, handlers): LiveSubscription {
      const subscriber: Subscriber = { request, handlers };
      subscribers.add(subscriber);
      requestsChanged();
      // Already open: the request has just gone out on it.
      if (connected) handlers.onConnected?.();
      return {
        change(next) {
          if (!subscribers.has(subscriber) || keyOf(next) === keyOf(subscriber.request)) return;
          subscriber.request = next;
          requestsChanged();
        },
        close() {
          if (!subscribers.delete(subscriber)) return;
          requestsChanged();
        },
      };
    },
    renew(next) {
      if (next === authorization) return;
      // The first tokens the session names are those the socket opened with (the stored ones); with
      // no subscription left (signed out, the screens gone) the socket is closing and is not reopened.
      const known = authorization !== undefined;
      authorization = next;
      if (known && subscribers.size > 0) connection?.renew(next);
    },
  };
}
