// Wires the orders side into the platform's app (server/app.ts calls these three):
// installOrdersSide at the root, ordersServiceRoutes under each service prefix, opsOrderRoutes under /ops.
import type { FastifyInstance } from 'fastify';
import type { WebhookHealthNotice } from '../../domain/api';
import { choosePubSub } from '../live/choosePubSub';
import type { PubSub } from '../live/pubsub';
import { liveRoutes } from '../live/ws';
import { createSandboxPaymentProvider } from '../payments/sandboxProvider';
import { exportRoutes } from '../routes/export';
import { feeRoutes } from '../routes/fees';
import { orderRoutes } from '../routes/orders';
import { ordersTrendRoutes } from '../routes/ordersTrend';
import { paymentRoutes, paymentSandboxRoutes } from '../routes/payment';
import { riderRoutes } from '../routes/riders';
import { trackingRoutes } from '../routes/tracking';
import { voucherRoutes } from '../routes/vouchers';
import type { OrderChangeListener } from './changeOutbox';
import { findOrder } from './repository';
import { createOrdersSide } from './side';

export { opsOrderRoutes } from '../routes/ops-orders';

const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Decorates `app.orders` (pub/sub, courier simulator, idempotency, payments), mounts the root-level
 * routes (GET /ws, the payment sandbox's challenge page), starts the courier once the app is ready
 * and stops it before close. Call after the platform's decorations and before the route plugins.
 */
export async function installOrdersSide(app: FastifyInstance, options: { listeners?: readonly OrderChangeListener[]; webhookHealth?: PubSub<WebhookHealthNotice> } = {}): Promise<void> {
  // No publicOrigin: the sandbox answers relative challenge URLs and the confirm route makes them
  // absolute with the public URL current at request time.
  const payments = createSandboxPaymentProvider({ dataDir: app.config.dataDir, db: app.db, now: app.clock.nowS });
  const onError = (error: unknown) => app.log.error({ err: error }, 'orders side background failure');
  // Shared with the other server processes when the store is PostgreSQL (scale-out).
  const pubsub = choosePubSub(app.config, app.db, onError);
  await pubsub.start();
  app.readinessChecks.set('pubsub', async () => pubsub.isConnected());
  // preClose: before the database closes (onClose order is not ours to pick).
  app.addHook('preClose', async () => { await pubsub.close(); });
  const side = createOrdersSide({
    db: app.db, config: app.config, clock: app.clock, payments, flags: app.flags, onError, pubsub,
    // Each stored change reaches them through the outbox, recorded in the change's own transaction.
    listeners: options.listeners ?? [],
  });
  app.decorate('orders', side);
  // Idempotency keys live 24 h; sweep the expired ones hourly so the table stays small.
  const sweeper = setInterval(() => {
    side.idempotency.purgeExpired(side.nowUnix()).catch((error: unknown) => app.log.error({ err: error }, 'idempotency purge failed'));
  }, IDEMPOTENCY_PURGE_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onReady', async () => {
    await side.courier.start();
    side.outbox.start();
  });
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    await side.courier.stop();
    await side.outbox.stop();
  });
  await app.register(liveRoutes, {
    pubsub: side.pubsub,
    ...(options.webhookHealth ? { webhookHealth: options.webhookHealth } : {}),
    guestOwnerOf: async (orderId) => (await findOrder(app.db, orderId))?.guestId ?? null,
  });
  await app.register(paymentSandboxRoutes);
}

/** The orders side's routes of the `orders` and `hurrier` services. */
export async function ordersServiceRoutes(api: FastifyInstance): Promise<void> {
  await api.register(orderRoutes);
  await api.register(ordersTrendRoutes); // GET /vendor/:id/orders/trend (History chart)
  await api.register(feeRoutes);
  await api.register(voucherRoutes);
  await api.register(riderRoutes);
  await api.register(trackingRoutes);
  await api.register(exportRoutes);
  await api.register(paymentRoutes);
}
