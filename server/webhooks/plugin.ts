// Wires the webhook sender into the app (server/app.ts): decorates `app.webhooks`, starts sending
// once the app is ready, stops before the database closes, and mounts the routes under each
// service prefix (webhookRoutes, registered by app.ts beside the API key routes).
import type { FastifyInstance } from 'fastify';
import { cataloguesDir, createCatalogues } from '../notifications/catalogues';
import { createWebhookService, type WebhookService } from './deliveries';
import { createSecretBox, type SecretBox } from './secretBox';

export function installWebhooks(app: FastifyInstance): { webhooks: WebhookService; box: SecretBox } {
  const box = createSecretBox(app.config.secrets.linkSigningSecret);
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
  });
  app.decorate('webhooks', webhooks);
  app.addHook('onReady', async () => { webhooks.start(); });
  app.addHook('preClose', async () => { await webhooks.stop(); });
  return { webhooks, box };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook sender (server/webhooks/deliveries.ts). */
    webhooks: WebhookService;
  }
}
