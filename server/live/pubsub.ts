import type { Order } from '../../domain/types';

export type OrderListener = (order: Order) => void;

/**
 * Fan-out of order updates per vendor. The embedded default is in-process; with PostgreSQL
 * (LISTEN/NOTIFY, pgPubSub.ts) or REDIS_URL (redisPubSub.ts) several processes serve one vendor.
 */
export interface PubSub {
  publish(vendorId: string, order: Order): void;
  /** Returns the unsubscribe function. */
  subscribe(vendorId: string, listener: OrderListener): () => void;
  /** Number of live subscriptions, for the /metrics gauge. */
  subscriberCount(): number;
}

/** A PubSub that reaches other server processes: it holds a connection, reported to /readyz. */
export interface SharedPubSub extends PubSub {
  /** Connects; publishing before that reaches local subscribers only. */
  start(): Promise<void>;
  close(): Promise<void>;
  /** False while the connection to the broker is down (updates from other processes are missed). */
  isConnected(): boolean;
}

export function createInProcessPubSub(onListenerError: (error: unknown) => void = () => {}): PubSub {
  const listenersByVendor = new Map<string, Set<OrderListener>>();
  let count = 0;
  return {
    publish(vendorId, order) {
      const listeners = listenersByVendor.get(vendorId);
      if (!listeners) return;
      // Copy: a listener may unsubscribe while we iterate.
      for (const listener of [...listeners]) {
        try {
          listener(order);
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
      const wrapped: OrderListener = (order) => listener(order);
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
