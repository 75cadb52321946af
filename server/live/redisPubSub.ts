// Live updates across server processes through Redis pub/sub, when REDIS_URL is set (for update
// rates or process counts past what one PostgreSQL NOTIFY queue should carry; docs/decisions/0002).
// Same shape as pgPubSub.ts: local subscribers at once, other processes through one channel, no echo.
// node-redis reconnects by itself; messages published while a connection is down are missed.
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import type { Order } from '../../domain/types';
import { createInProcessPubSub, type SharedPubSub } from './pubsub';

export const REDIS_LIVE_CHANNEL = 'portal:order-updates';

interface Envelope<T> {
  origin: string;
  vendorId: string;
  order: T;
}

export interface RedisPubSubOptions {
  redisUrl: string;
  onError: (error: unknown) => void;
  channel?: string;
}

/** Order updates by default; another message type on a channel of its own (`channel`). */
export function createRedisPubSub<T = Order>(opts: RedisPubSubOptions): SharedPubSub<T> {
  const local = createInProcessPubSub<T>(opts.onError);
  const channel = opts.channel ?? REDIS_LIVE_CHANNEL;
  const origin = randomUUID();
  const publisher = createClient({ url: opts.redisUrl });
  // A subscribed connection may only (un)subscribe, so listening needs a second one.
  const subscriber = publisher.duplicate();
  publisher.on('error', opts.onError);
  subscriber.on('error', opts.onError);
  let sending: Promise<unknown> = Promise.resolve();

  const receive = (text: string) => {
    try {
      const envelope = JSON.parse(text) as Envelope<T>;
      if (envelope.origin !== origin) local.publish(envelope.vendorId, envelope.order);
    } catch (error) {
      opts.onError(error);
    }
  };

  return {
    publish(vendorId, order) {
      local.publish(vendorId, order);
      // One at a time, so other processes see this process's updates in order.
      sending = sending.then(() => publisher.publish(channel, JSON.stringify({ origin, vendorId, order } satisfies Envelope<T>))).catch(opts.onError);
    },
    subscribe: (vendorId, listener) => local.subscribe(vendorId, listener),
    subscriberCount: () => local.subscriberCount(),
    async start() {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(channel, receive);
    },
    async close() {
      await sending;
      await Promise.allSettled([subscriber.close(), publisher.close()]);
    },
    isConnected: () => publisher.isReady && subscriber.isReady,
  };
}
