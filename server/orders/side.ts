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
import { createOrderChangeOutbox, type OrderChangeListener, type OrderChangeOutbox, type OrderChangeRecorder } from './changeOutbox';
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
  /** Pass to insertOrder/saveOrder: records the change for the listeners in the same transaction. */
  recordChange: OrderChangeRecorder;
  outbox: OrderChangeOutbox;
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
  /**
   * Told of every stored change, at least once, through the outbox (changeOutbox.ts): webhook events
   * and recipient messages are queued from here.
   */
  listeners?: readonly OrderChangeListener[];
}

export function createOrdersSide(deps: OrdersSideDeps): OrdersSide {
  const nowUnix = deps.clock.nowS;
  const pubsub = deps.pubsub ?? createInProcessPubSub(deps.onError);
  // Every update carries the tracking-page token, as the HTTP answers do (present.ts): the courier's
  // moves are published from here too, and a list that merges them must keep the drawer's links.
  const withToken = (order: Order): Order => order.tracking_token ? order : { ...order, tracking_token: trackingTokenFor(order.order_id, deps.config.secrets.linkSigningSecret) };
  const publish = (order: Order) => {
    pubsub.publish(order.vendor_id, withToken(order));
    // Every caller publishes after the change (and its outbox row) committed: relay it now.
    outbox.announce();
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
    recordChange: (trx, order) => outbox.record(trx, order),
    onError: deps.onError,
    leaseMs: deps.config.jobLeaseMs,
  });
  const outbox = createOrderChangeOutbox({
    db: deps.db,
    clock: deps.clock,
    present: async (order) => ({ ...withToken(order), rider: await courier.riderOf(order) }),
    listeners: deps.listeners ?? [],
    leaseMs: deps.config.jobLeaseMs,
    onError: deps.onError,
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
    recordChange: outbox.record,
    outbox,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The orders side's ports (server/orders/plugin.ts installs it). */
    orders: OrdersSide;
  }
}
