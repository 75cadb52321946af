// The API server of API.md as one Fastify instance. Route files are plugins; service routes are
// mounted under both `/orders/api/v1` and `/hurrier/api/v1` (one process serves both services,
// and the browser may address either).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { createApiKeyChecker, type ApiKeyChecker } from './apiKeys/checker';
import { installApiKeyRouteLimits } from './apiKeys/keyRoutes';
import { apiKeyRoutes } from './apiKeys/routes';
import { installWebhooks } from './webhooks/plugin';
import { webhookRoutes, type WebhookRouteOptions } from './webhooks/routes';
import { installPrincipalResolution } from './auth/principal';
import { createClock, type AdjustableClock } from './clock/clock';
import { opsGuard } from './auth/ops';
import { createSessionEnds } from './auth/sessionEnds';
import { attachRouteAccess, narrowToRole } from './auth/roleGuard';
import { attachTenancyGuard } from './auth/tenancyGuard';
import { createTokenVerifier } from './auth/verifiedTokens';
import { createDb, type Db } from './db/connect';
import { migrateToLatest } from './db/migrations';
import { seedDemo } from './db/seed';
import { seedHistory } from './db/seedHistory';
import { insightsRoutes } from './insights/routes';
import { createFlagService } from './flags/flag-service';
import { createGazetteerGeocoder } from './geo/chooseGeocoder';
import type { Geocoder } from './geo/geocoder';
import type { RegisteredRoute } from './http/appContext';
import { installCors } from './http/cors';
import { frameworkErrorHandler, installErrorHandling } from './http/errorHandler';
import { installRequestLog, loggerOptions } from './http/logger';
import { MetricsRegistry, installRequestMetrics } from './http/metrics';
import { createDbRateLimiter } from './http/rateLimiter';
import { installValidation } from './http/validation';
import { apiDocsRoutes, installOpenApi } from './http/openapi';
import { installSecurityHeaders } from './http/securityHeaders';
import { installTenantQuota, type TenantQuotaOptions } from './http/tenantQuota';
import { registerWebApp } from './http/webApp';
import { createMailer } from './mail/chooseMailer';
import type { Mailer } from './mail/mailer';
import type { SmsSender } from './sms/port';
import { mailSender } from './mail/sender';
import { installRecipientNotifications } from './notifications/plugin';
import { notificationSettingsRoutes } from './notifications/settingsRoutes';
import { installOrdersSide, opsOrderRoutes, ordersServiceRoutes } from './orders/plugin';
import { installProofArchive } from './proofs/plugin';
import { proofRoutes } from './proofs/routes';
import type { ObjectStore } from './storage/objectStore';
import { closeSocketsForRestart } from './live/ws';
import { accountRoutes } from './routes/account';
import { addressBookRoutes } from './routes/addressbook';
import { templateRoutes } from './routes/templates';
import { installRecurringOrders, recurringRoutes } from './recurring/plugin';
import { teamRoutes } from './teams/routes';
import { bulkRoutes } from './routes/bulk';
import { clientConfigRoutes } from './routes/clientConfig';
import { registerMapTiles } from './http/mapTiles';
import { flagFileRoute, flagRoutes } from './routes/flags';
import { geolocatorRoutes } from './routes/geolocator';
import { healthRoutes } from './routes/health';
import { helpCentreRoutes, helpCentreTokenRoutes } from './routes/helpcentre';
import { opsAdminRoutes } from './routes/ops-admin';
import { outletRoutes } from './routes/outlets';
import { countryParameterRoutes } from './routes/params';
import { vendorRoutes } from './routes/vendors';

export const SERVICE_PREFIXES = ['/orders/api/v1', '/hurrier/api/v1'] as const;

/** 1 MiB: larger JSON bodies answer 413 (bulk uploads set their own multipart limit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildOptions {
  /** Replace the embedded adapters (tests). */
  db?: Db;
  mailer?: Mailer;
  sms?: SmsSender;
  geocoder?: Geocoder;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** The server clock; by default the system clock moved by CLOCK_OFFSET_S. */
  clock?: AdjustableClock;
  /** Per-caller request budget (http/tenantQuota.ts) instead of the config's; `false` turns it off (benchmarks, volume tests). */
  tenantQuota?: TenantQuotaOptions | false;
  /** Where proofs are archived, instead of files under DATA_DIR/objects (tests). */
  objectStore?: ObjectStore;
  /** host:port pairs a proof URL may reach although private (a test's local courier platform). */
  proofFetchAllowedPrivateHosts?: readonly string[];
}

/** Routes of the service prefixes: each service's route plugins are registered here. */
async function serviceRoutes(api: FastifyInstance, options: { apiKeys: ApiKeyChecker; webhooks: WebhookRouteOptions }): Promise<void> {
  await api.register(accountRoutes);
  await api.register(vendorRoutes);
  await api.register(outletRoutes);
  await api.register(addressBookRoutes);
  await api.register(templateRoutes); // reorder: saved order templates
  await api.register(recurringRoutes); // recurring orders: templates placed on a schedule
  await api.register(countryParameterRoutes);
  await api.register(geolocatorRoutes);
  await api.register(helpCentreTokenRoutes);
  await api.register(flagRoutes);
  await api.register(ordersServiceRoutes); // server-orders: orders, fees, vouchers, riders, tracking, export, payment
  await api.register(apiKeyRoutes, { apiKeys: options.apiKeys }); // Settings → Developers
  await api.register(insightsRoutes); // GET /vendor/:vendorId/insights (Insights page)
  await api.register(notificationSettingsRoutes); // Settings → Notifications (recipient messages)
  await api.register(webhookRoutes, options.webhooks); // Settings → Developers → Webhooks
  await api.register(teamRoutes); // Settings → Team and Audit, the invitation page
  await api.register(proofRoutes); // the proof archive's ZIP downloads
}

/** /ops/* (only when OPS_TOKEN is set), ops-orders among them. */
async function opsRoutes(ops: FastifyInstance, options: { opsToken: string }): Promise<void> {
  ops.addHook('onRequest', opsGuard(options.opsToken));
  await ops.register(opsAdminRoutes);
  await ops.register(opsOrderRoutes); // server-orders
}

function collectRoutes(app: FastifyInstance): RegisteredRoute[] {
  const table: RegisteredRoute[] = [];
  const propertyNames = (schema: unknown): string[] => {
    const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
    return properties ? Object.keys(properties) : [];
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        params: [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? ''),
        query: propertyNames(route.schema?.querystring),
        body: propertyNames(route.schema?.body),
      });
    }
  });
  return table;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
    // Fastify logs each request twice (incoming, completed); one line when it completes says both.
    logController: new LogController({ disableRequestLogging: true }),
  });

  const clock = options.clock ?? createClock(config.clockOffsetS);
  const db = options.db ?? createDb(config);
  await migrateToLatest(db);
  if (config.seedDemo) await seedDemo(db, { nowS: clock.nowS() });
  if (config.seedDemo && config.seedHistory) await seedHistory(db, { nowS: clock.nowS() });

  const metrics = new MetricsRegistry();
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('db', db);
  app.decorate('mailer', options.mailer ?? createMailer({ dataDir: config.dataDir, from: mailSender(config.brand, config.mailFrom), ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}) }));
  app.decorate('geocoder', options.geocoder ?? createGazetteerGeocoder());
  app.decorate('metrics', metrics);
  app.decorate('rateLimiter', createDbRateLimiter(db));
  app.decorate('flags', createFlagService(db));
  app.decorate('sessionEnds', createSessionEnds());
  app.decorate('routeTable', collectRoutes(app));
  app.addHook('onRoute', attachRouteAccess);
  app.addHook('onRoute', attachTenancyGuard);
  app.decorate('readinessChecks', new Map<string, () => Promise<boolean>>());
  // Echo the request id so a client report can be matched to the log line.
  app.addHook('onSend', async (request, reply) => { void reply.header('x-request-id', request.id); });
  app.addHook('onClose', async () => { await db.destroy(); });

  installSecurityHeaders(app, { appOrigins: config.appOrigins, mapboxToken: config.mapboxToken, mapStyleUrl: config.mapStyleUrl, googleMapsApiKey: config.googleMapsApiKey });
  installCors(app, config.appOrigins);
  installValidation(app);
  installRequestMetrics(app, metrics);
  installRequestLog(app);
  // One memo of verified tokens for the request budget and the principal hook.
  const verify = createTokenVerifier(config.secrets.jwtSecret, clock.nowMs);
  const apiKeys = createApiKeyChecker(db, config.secrets.linkSigningSecret);
  if (options.tenantQuota !== false) installTenantQuota(app, options.tenantQuota ?? config.requestBudget, verify, apiKeys);
  installPrincipalResolution(app, db, verify, clock, apiKeys);
  app.addHook('onRequest', narrowToRole); // the member's role: only the vendors where it allows this route
  installApiKeyRouteLimits(app);
  const servesWebApp = await registerWebApp(app, config.distDir);
  installErrorHandling(app, { spaFallback: servesWebApp });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 }, preClose: closeSocketsForRestart });
  await installOpenApi(app); // collects every route registered below into /api-docs/openapi.json

  // Recipient e-mail and SMS after each stored status change, and the public opt-out page.
  const recipientNotifier = await installRecipientNotifications(app, options.sms ? { sms: options.sms } : {});
  const webhooks = await installWebhooks(app); // app.webhooks: the orders side queues webhook events through it
  // server-orders: app.orders, GET /ws, payment sandbox pages. Each stored order change reaches the
  // recipient messages and the webhook events through its transactional outbox (orders/changeOutbox.ts).
  // The proof archive copies each proof into its object store from the same outbox (proofs/copyOnArrival.ts).
  const proofArchive = await installProofArchive(app, {
    ...(options.objectStore ? { store: options.objectStore } : {}),
    ...(options.proofFetchAllowedPrivateHosts ? { fetchAllowedPrivateHosts: options.proofFetchAllowedPrivateHosts } : {}),
  });
  await installOrdersSide(app, {
    listeners: [(order) => recipientNotifier.orderChanged(order), (order, presented) => webhooks.webhooks.orderChanged(order, presented), proofArchive.copyOnArrival],
    webhookHealth: webhooks.health, // GET /ws carries the failing-webhooks notices too
  });
  installRecurringOrders(app); // app.recurring: runs templates on their schedules through app.orders
  await app.register(healthRoutes);
  await app.register(apiDocsRoutes); // GET /api-docs (reference page) and /api-docs/openapi.json
  await app.register(flagRoutes); // GET /flags at the origin too, next to /flags.json
  // GET /map-tiles/{file}: the MAP_PMTILES archive, read by the browser in ranges.
  const servesMapTiles = config.mapPmtiles !== null && (await registerMapTiles(app, config.mapPmtiles));
  await app.register(clientConfigRoutes, { servesMapTiles }); // GET /client-config: public map settings for the browser
  // The built app ships public/flags.json as dist/flags.json; otherwise serve the source file.
  if (!(servesWebApp && existsSync(join(config.distDir, 'flags.json')))) await app.register(flagFileRoute, {});
  await app.register(helpCentreRoutes, { prefix: '/help-centre-service' });
  for (const prefix of SERVICE_PREFIXES) await app.register(serviceRoutes, { prefix, apiKeys, webhooks });
  await app.register(bulkRoutes, { prefixes: SERVICE_PREFIXES }); // bulk-server: /bulk-job/* under both prefixes + placement queue
  if (config.opsToken) await app.register(opsRoutes, { prefix: '/ops', opsToken: config.opsToken });

  return app;
}
