import type { GeoPoint, Order } from '../../domain/types';
import { countryConfig } from '../../domain';
import type { Clock } from '../clock/clock';
import type { Config } from '../config';
import type { CourierPlatform } from '../courier/port';
import { createSimulatedCourier } from '../courier/simulator';
import type { Db } from '../db/connect';
import type { FlagService } from '../flags/flag-service';
import { createIdempotencyStore, type IdempotencyStore } from '../idempotency/store';
import { createInProcessPubSub, type PubSub } from '../live/pubsub';
import type { PaymentProvider } from '../payments/provider';
import { originOfOrder } from './origin';
import { trackingTokenFor } from './trackingToken';

/**
 * The orders side's own ports, built once per app and handed to its route plugins as options:
 * live fan-out, courier platform, idempotency store, payments and the clock (unix seconds).
 */
export interface OrdersSide {
  db: Db;
  config: Config;
  pubsub: PubSub;
  courier: CourierPlatform;
  idempotency: IdempotencyStore;
  payments: PaymentProvider;
  /** The flag service (server/flags), for rules a flag turns on per vendor (the NONE payment method). */
  flags: FlagService;
  nowUnix: () => number;
  /** Stores nothing: publishes an order (with its rider) to the vendor's live subscribers. */
  publish: (order: Order) => void;
}

export interface OrdersSideDeps {
  db: Db;
  config: Config;
  payments: PaymentProvider;
  flags: FlagService;
  /** Log sink for background failures (timers, listeners). */
  onError: (error: unknown) => void;
  /** The server clock (app.clock). */
  clock: Clock;
  /** Live fan-out; in-process when absent (server/live/choosePubSub.ts picks the shared one). */
  pubsub?: PubSub;
  /** Told of every stored change that is published (recipient notifications queue their messages here). */
  onOrderChanged?: (order: Order) => Promise<void>;
  /** Told of every stored change as published (the webhook sender queues its events from it). */
  onPublished?: (order: Order) => void;
}

export function createOrdersSide(deps: OrdersSideDeps): OrdersSide {
  const nowUnix = deps.clock.nowS;
  const pubsub = deps.pubsub ?? createInProcessPubSub(deps.onError);
  // Every update carries the tracking-page token, as the HTTP answers do (present.ts): the courier's
  // moves are published from here too, and a list that merges them must keep the drawer's links.
  const publish = (order: Order) => {
    const presented = order.tracking_token ? order : { ...order, tracking_token: trackingTokenFor(order.order_id, deps.config.secrets.linkSigningSecret) };
    pubsub.publish(order.vendor_id, presented);
    deps.onPublished?.(presented);
    // Every caller publishes after the change is stored, so this is "after the status change commits".
    deps.onOrderChanged?.(order).catch(deps.onError);
  };
  const vendorCountry = async (order: Order): Promise<string> => {
    const row = await deps.db.selectFrom('vendors').select('country_code').where('vendor_id', '=', order.vendor_id).executeTakeFirst();
    return row?.country_code ?? deps.config.country;
  };
  const courier = createSimulatedCourier({
    db: deps.db,
    speed: deps.config.courierSimSpeed,
    clock: deps.clock,
    originOf: (order): Promise<GeoPoint | null> => originOfOrder(deps.db, order),
    phonePrefixOf: async (order) => countryConfig(await vendorCountry(order)).phonePrefix,
    onChange: publish,
    onError: deps.onError,
    leaseMs: deps.config.jobLeaseMs,
  });
  return {
    db: deps.db,
    config: deps.config,
    pubsub,
    courier,
    idempotency: createIdempotencyStore(deps.db),
    payments: deps.payments,
    flags: deps.flags,
    nowUnix,
    publish,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The orders side's ports (server/orders/plugin.ts installs it). */
    orders: OrdersSide;
  }
}
