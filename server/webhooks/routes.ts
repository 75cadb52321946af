// Settings → Developers → Webhooks: a signed-in user registers, lists, changes, deletes endpoints
// for the vendors it reaches, rotates their secrets, reads the delivery log, resends a delivery and
// sends a test event. An endpoint of a vendor the user does not reach answers 403 like a missing
// one. API keys cannot manage webhooks (apiKeys/keyRoutes.ts keeps keys to the order routes).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  Result, UpdateWebhookEndpointBody, WebhookDelivery, WebhookDeliveryQuery, WebhookEndpoint, WebhookEndpointBody, WebhookEndpointWithSecret,
} from '../../domain/api';
import { requireUser } from '../auth/tenancy';
import { forbidden, unprocessable } from '../http/errors';
import { errorAnswers } from '../http/openapi';
import { auditedChange, type AuditEntry } from '../teams/audit';
import { checkEndpoint } from './endpointAddress';
import { createEndpoint, deleteEndpoint, endpointView, findEndpoint, listEndpoints, rotateSecret, updateEndpoint } from './endpoints';
import type { WebhookHealthNotice } from '../../domain/api';
import type { PubSub } from '../live/pubsub';
import type { WebhookService } from './deliveries';
import type { SecretBox } from './secretBox';

/** Endpoints one vendor may have. */
export const MAX_ENDPOINTS_PER_VENDOR = 10;

const EndpointParams = Type.Object({ endpointId: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
const DeliveryParams = Type.Object({
  endpointId: Type.String({ minLength: 1, maxLength: 64 }),
  deliveryId: Type.String({ minLength: 1, maxLength: 64 }),
}, { additionalProperties: false });
const failures = errorAnswers(400, 401, 403, 422);

export interface WebhookRouteOptions {
  webhooks: WebhookService;
  box: SecretBox;
  /** Deleting a failing endpoint ends its failure: the vendor's open pages hear it (plugin.ts). */
  health?: PubSub<WebhookHealthNotice>;
}

export async function webhookRoutes(app: FastifyInstance, options: WebhookRouteOptions): Promise<void> {
  const { db } = app;

  /** SSRF on save: the URL's shape and every address its name resolves to (endpointAddress.ts). */
  async function assertDeliverable(url: string): Promise<void> {
    const checked = await checkEndpoint(url, { allowLoopback: app.config.webhooksAllowLoopback });
    if (!checked.ok) throw unprocessable(checked.reason, 'url');
  }

  /** The audit event of a change to an existing endpoint (written in the change's transaction). */
  const endpointChanged = (endpoint: { endpoint_id: string; vendor_id: string }, change: string): AuditEntry[] => [
    { vendorId: endpoint.vendor_id, action: 'webhook.changed', subject: endpoint.endpoint_id, detail: { change } },
  ];

  async function ownEndpoint(vendorIds: readonly string[], endpointId: string) {
    const endpoint = await findEndpoint(db, vendorIds, endpointId);
    if (!endpoint) throw forbidden('error.forbidden', 'endpoint_id');
    return endpoint;
  }

  app.get('/webhooks', { schema: { response: { 200: Result(Type.Object({ endpoints: Type.Array(WebhookEndpoint) })), ...failures } } }, async (request) => {
    const user = requireUser(request);
    return { result: { endpoints: await listEndpoints(db, user.vendorIds, app.clock.nowS()) } };
  });

  app.post<{ Body: WebhookEndpointBody }>('/webhooks', {
    schema: { body: WebhookEndpointBody, response: { 200: Result(WebhookEndpointWithSecret), ...failures } },
  }, async (request) => {
    const user = requireUser(request);
    // Tenancy first (403 alike for foreign and unknown vendors), then the address.
    if (!user.vendorIds.includes(request.body.vendor_id)) throw forbidden('error.forbidden', 'vendor_id');
    await assertDeliverable(request.body.url);
    const count = await db.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('vendor_id', '=', request.body.vendor_id).executeTakeFirst();
    if (Number(count?.n ?? 0) >= MAX_ENDPOINTS_PER_VENDOR) throw unprocessable('developers.webhooks.error.too-many', 'vendor_id');
    const nowS = app.clock.nowS();
    const created = await auditedChange(db, user, nowS,
      (trx) => createEndpoint(trx, options.box, { vendorId: request.body.vendor_id, url: request.body.url, events: request.body.events, email: user.email, nowS }),
      ({ row }) => [{ vendorId: row.vendor_id, action: 'webhook.changed', subject: row.endpoint_id, detail: { change: 'created', url: row.url } }]);
    // The only answers that ever hold the secret: this one and a rotation's.
    return { result: { secret: created.secret, endpoint: endpointView(created.row, nowS) } };
  });

  app.put<{ Params: { endpointId: string }; Body: UpdateWebhookEndpointBody }>('/webhooks/:endpointId', {
    schema: { params: EndpointParams, body: UpdateWebhookEndpointBody, response: { 200: Result(WebhookEndpoint), ...failures } },
  }, async (request) => {
    const user = requireUser(request);
    const endpoint = await ownEndpoint(user.vendorIds, request.params.endpointId);
    if (request.body.url !== undefined) await assertDeliverable(request.body.url);
    const nowS = app.clock.nowS();
    const updated = await auditedChange(db, user, nowS, (trx) => updateEndpoint(trx, endpoint, request.body, nowS), () => endpointChanged(endpoint, 'updated'));
    return { result: endpointView(updated, nowS) };
  });

  app.delete<{ Params: { endpointId: string } }>('/webhooks/:endpointId', { schema: { params: EndpointParams, response: { 200: Result(Type.Literal(true)), ...errorAnswers(400, 401, 403) } } }, async (request) => {
    const user = requireUser(request);
    const endpoint = await ownEndpoint(user.vendorIds, request.params.endpointId);
    await auditedChange(db, user, app.clock.nowS(), (trx) => deleteEndpoint(trx, endpoint.endpoint_id), () => endpointChanged(endpoint, 'deleted'));
    if (endpoint.failing_since !== null) options.health?.publish(endpoint.vendor_id, { vendor_id: endpoint.vendor_id, endpoint_id: endpoint.endpoint_id, failing: false });
    return { result: true };
  });

  app.post<{ Params: { endpointId: string } }>('/webhooks/:endpointId/secret', {
    schema: { params: EndpointParams, response: { 200: Result(WebhookEndpointWithSecret), ...failures } },
  }, async (request) => {
    const user = requireUser(request);
    const endpoint = await ownEndpoint(user.vendorIds, request.params.endpointId);
    const nowS = app.clock.nowS();
    const rotated = await auditedChange(db, user, nowS, (trx) => rotateSecret(trx, options.box, endpoint, nowS), () => endpointChanged(endpoint, 'secret-rotated'));
    return { result: { secret: rotated.secret, endpoint: endpointView(rotated.row, nowS) } };
  });

  app.get<{ Params: { endpointId: string }; Querystring: WebhookDeliveryQuery }>('/webhooks/:endpointId/deliveries', {
    schema: { params: EndpointParams, querystring: WebhookDeliveryQuery, response: { 200: Result(Type.Object({ deliveries: Type.Array(WebhookDelivery) })), ...failures } },
  }, async (request) => {
    const user = requireUser(request);
    const endpoint = await ownEndpoint(user.vendorIds, request.params.endpointId);
    return { result: { deliveries: await options.webhooks.log(endpoint.endpoint_id, request.query) } };
  });

  app.post<{ Params: { endpointId: string; deliveryId: string } }>('/webhooks/:endpointId/deliveries/:deliveryId/resend', {
    schema: { params: DeliveryParams, response: { 200: Result(Type.Literal(true)), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const user = requireUser(request);
    const endpoint = await ownEndpoint(user.vendorIds, request.params.endpointId);
    if (!(await options.webhooks.resend(endpoint.endpoint_id, request.params.deliveryId))) throw forbidden('error.forbidden', 'delivery_id');
    return { result: true };
  });

  app.post<{ Params: { endpointId: string } }>('/webhooks/:endpointId/test', {
    schema: { params: EndpointParams, response: { 200: Result(Type.Object({ delivery_id: Type.String() })), ...failures } },
  }, async (request) => {
    const user = requireUser(request);
    const endpoint = await ownEndpoint(user.vendorIds, request.params.endpointId);
    return { result: { delivery_id: await options.webhooks.sendTest(endpoint) } };
  });
}
