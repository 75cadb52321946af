// Wires the webhook sender into the app (server/app.ts): decorates `app.webhooks`, starts sending
// once the app is ready, stops before the database closes, and mounts the routes under each
// service prefix (webhookRoutes, registered by app.ts beside the API key routes). An endpoint that
// starts or stops failing is announced on a PubSub of its own (every process's sockets hear it,
// as order updates; GET /ws `webhook_health`), which app.ts hands to the live routes.
import type { FastifyInstance } from 'fastify';
import type { WebhookHealthNotice } from '../../domain/api';
import { choosePubSub } from '../live/choosePubSub';
import type { SharedPubSub } from '../live/pubsub';
import { cataloguesDir, createCatalogues } from '../notifications/catalogues';
import { createWebhookService, type WebhookService } from './deliveries';
import { createSecretBox, type SecretBox } from './secretBox';

/** The channels of the webhook-health notices, beside the order updates' (live/pgPubSub.ts, redisPubSub.ts). */
export const WEBHOOK_HEALTH_CHANNELS = { postgres: 'portal_webhook_health', redis: 'portal:webhook-health' };

export interface InstalledWebhooks {
  webhooks: WebhookService;
  box: SecretBox;
  /** Notices of endpoints that start or stop failing, per vendor (GET /ws subscribeToWebhookHealth). */
  health: SharedPubSub<WebhookHealthNotice>;
}

export async function installWebhooks(app: FastifyInstance): Promise<InstalledWebhooks> {
  const box = createSecretBox(app.config.secrets.linkSigningSecret);
  const health = choosePubSub<WebhookHealthNotice>(app.config, app.db, (error) => app.log.error({ err: error }, 'webhook health fan-out failure'), WEBHOOK_HEALTH_CHANNELS);
  await health.start();
  app.readinessChecks.set('webhookHealth', async () => health.isConnected());
  const webhooks = createWebhookService({
    db: app.db,
    clock: app.clock,
    box,
    mailer: app.mailer,
    catalogues: createCatalogues(cataloguesDir(app.config.distDir), app.config.brand),
    country: app.config.country,
    publicUrl: () => app.config.publicUrl,
    allowLoopback: app.config.webhooksAllowLoopback,
    timeoutMs: app.config.webhookTimeoutMs,
    leaseMs: app.config.jobLeaseMs,
    onError: (error) => app.log.error({ err: error }, 'webhook sender failure'),
    onHealthChange: (notice) => health.publish(notice.vendor_id, notice),
  });
  app.decorate('webhooks', webhooks);
  app.addHook('onReady', async () => { webhooks.start(); });
  app.addHook('preClose', async () => {
    await webhooks.stop();
    await health.close();
  });
  return { webhooks, box, health };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook sender (server/webhooks/deliveries.ts). */
    webhooks: WebhookService;
  }
}
