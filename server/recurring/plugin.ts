// Wires recurring orders into the app (server/app.ts): the runner on the durable job queue, started
// with the app and stopped before the store closes, as `app.recurring` for the routes.
import type { FastifyInstance } from 'fastify';
import { cataloguesDir, createCatalogues } from '../notifications/catalogues';
import { createRecurringRunner } from './runner';

export { recurringRoutes } from './routes';

/** Call after installOrdersSide (runs place orders through app.orders). */
export function installRecurringOrders(app: FastifyInstance): void {
  const { config } = app;
  const runner = createRecurringRunner({
    side: app.orders,
    clock: app.clock,
    mailer: app.mailer,
    catalogues: createCatalogues(cataloguesDir(config.distDir), config.brand),
    publicUrl: () => config.publicUrl,
    leaseMs: config.jobLeaseMs,
    onError: (error) => app.log.error({ err: error }, 'recurring orders background failure'),
  });
  app.decorate('recurring', runner);
  app.addHook('onReady', async () => { await runner.start(); });
  app.addHook('preClose', async () => { await runner.stop(); });
}
