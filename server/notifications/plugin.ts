// Wires recipient notifications into the app (server/app.ts): the SMS sender, the message catalogues,
// the notifier whose durable jobs start with the app and stop before it closes, and the public
// opt-out page. The orders side's outbox calls `orderChanged` for each stored status change.
import type { FastifyInstance } from 'fastify';
import { createSms } from '../sms/chooseSms';
import type { SmsSender } from '../sms/port';
import { cataloguesDir, createCatalogues } from './catalogues';
import { createRecipientNotifier, type RecipientNotifier } from './notifier';
import { optOutRoutes } from './optOutRoutes';

export async function installRecipientNotifications(app: FastifyInstance, options: { sms?: SmsSender } = {}): Promise<RecipientNotifier> {
  const { config } = app;
  const catalogues = createCatalogues(cataloguesDir(config.distDir), config.brand);
  const notifier = createRecipientNotifier({
    db: app.db,
    mailer: app.mailer,
    sms: options.sms ?? createSms(config),
    catalogues,
    // The origin is read when a message is rendered, not now: with PORT=0 (the test harness) it is known
    // only once the server listens, as for the webhook sender's links.
    links: { get publicUrl() { return config.publicUrl; }, linkSigningSecret: config.secrets.linkSigningSecret },
    clock: app.clock,
    country: config.country,
    leaseMs: config.jobLeaseMs,
    onError: (error) => app.log.error({ err: error }, 'recipient notification failed'),
  });
  app.addHook('onReady', async () => { notifier.jobs.start(); });
  app.addHook('preClose', async () => { await notifier.jobs.stop(); });
  await app.register(optOutRoutes, { catalogues, country: config.country });
  return notifier;
}
