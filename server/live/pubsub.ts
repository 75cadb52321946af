import type { Order } from '../../domain/types';

/**
 * Fan-out of messages per vendor: order updates (the default), and the webhook-health notices
 * (server/webhooks/plugin.ts) on a channel of their own. The embedded default is in-process; with PostgreSQL
 * (LISTEN/NOTIFY, pgPubSub.ts) or REDIS_URL (redisPubSub.ts) several processes serve one vendor.
 */
export interface PubSub<T = Order> {
  publish(vendorId: string, message: T): void;
  /** Returns the unsubscribe function. */
  subscribe(vendorId: string, listener: (message: T) => void): () => void;
  /** Number of live subscriptions, for the /metrics gauge. */
  subscriberCount(): number;
}

/** A PubSub that reaches other server processes: it holds a connection, reported to /readyz. */
export interface SharedPubSub<T = Order> extends PubSub<T> {
  /** Connects; publishing before that reaches local subscribers only. */
  start(): Promise<void>;
  close(): Promise<void>;
  /** False while the connection to the broker is down (updates from other processes are missed). */
  isConnected(): boolean;
}

export function createInProcessPubSub<T = Order>(onListenerError: (error: unknown) => void = () => {}): PubSub<T> {
  type Listener = (message: T) => void;
  const listenersByVendor = new Map<string, Set<Listener>>();
  let count = 0;
  return {
    publish(vendorId, message) {
      const listeners = listenersByVendor.get(vendorId);
      if (!listeners) return;
      // Copy: a listener may unsubscribe while we iterate.
      for (const listener of [...listeners]) {
        try {
          listener(message);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(vendorId, listener) {
      let listeners = listenersByVendor.get(vendorId);
      if (!listeners) {
        listeners = new Set();
        listenersByVendor.set(vendorId, listeners);
      }
      const wrapped: Listener = (message) => listener(message);
      listeners.add(wrapped);
      count += 1;
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        count -= 1;
        const current = listenersByVendor.get(vendorId);
        current?.delete(wrapped);
        if (current && current.size === 0) listenersByVendor.delete(vendorId);
      };
    },
    subscriberCount: () => count,
  };
}
