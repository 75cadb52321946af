// Which successful calls of other parts go into the audit trail, and what each records. One hook
// for all of them, so the routes of orders, bulk, settings, keys, webhooks and exports stay as they
// are: `before` reads what a call is about while it still exists (the vendor of a webhook endpoint
// about to be deleted), `after` builds the events from the request and its 2xx answer. Team routes
// record their own events (server/teams/routes.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { recordAudit, type AuditEntry } from './audit';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (typeof value === 'object' && value !== null ? value as Json : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const resultOf = (answer: unknown): Json => obj(obj(answer).result);

interface Audited {
  /** Vendor ids the call concerns, read before the handler runs (for ids that name no vendor). */
  before?: (request: FastifyRequest, db: Db) => Promise<string[]>;
  after: (call: { body: Json; params: Json; answer: unknown; vendorIds: string[] }) => AuditEntry[];
}

const endpointVendor = async (request: FastifyRequest, db: Db) => {
  const row = await db.selectFrom('webhook_endpoints').select('vendor_id').where('endpoint_id', '=', str(obj(request.params).endpointId)).executeTakeFirst();
  return row ? [row.vendor_id] : [];
};
const webhookChanged = (change: string): Audited => ({
  before: endpointVendor,
  after: ({ params, vendorIds }) => vendorIds.map((vendorId) => ({ vendorId, action: 'webhook.changed', subject: str(params.endpointId), detail: { change } })),
});

const AUDITED: Record<string, Audited> = {
  'POST /order': {
    after: ({ body, answer }) => [{ vendorId: str(body.vendor_id), action: 'order.placed', subject: str(resultOf(answer).order_id) }],
  },
  // An online payment places its order on confirmation (unless a 3-D Secure page comes first).
  'POST /order/payment/intent/confirm': {
    after: ({ body, answer }) => {
      const result = resultOf(answer);
      if (str(result.order_id) === '' || result.redirect_required !== undefined) return [];
      return [{ vendorId: str(obj(body.order).vendor_id), action: 'order.placed', subject: str(result.order_id), detail: { payment: 'online' } }];
    },
  },
  'PUT /order/cancel': {
    after: ({ body }) => [{ vendorId: str(body.vendor_id), action: 'order.cancelled', subject: str(body.order_id), detail: { reason: str(body.reason) } }],
  },
  'POST /bulk-job/place-orders/:jobId': {
    before: async (request, db) => {
      const row = await db.selectFrom('bulk_jobs').select('vendor_id').where('bulk_job_id', '=', str(obj(request.params).jobId)).executeTakeFirst();
      return row ? [row.vendor_id] : [];
    },
    after: ({ params, vendorIds }) => vendorIds.map((vendorId) => ({ vendorId, action: 'bulk.placed', subject: str(params.jobId) })),
  },
  'PUT /vendor/:id/address': {
    after: ({ params }) => [{ vendorId: str(params.id), action: 'collection-point.changed', subject: str(params.id), detail: { change: 'address' } }],
  },
  'POST /outlet': {
    after: ({ body, answer }) => [{ vendorId: str(body.parent_vendor_id), action: 'collection-point.changed', subject: str(resultOf(answer).vendor_id), detail: { change: 'created' } }],
  },
  'PUT /outlet/:vendorId': {
    after: ({ params }) => [{ vendorId: str(params.vendorId), action: 'collection-point.changed', subject: str(params.vendorId), detail: { change: 'updated' } }],
  },
  'POST /api-keys': {
    after: ({ body, answer }) => {
      const key = obj(resultOf(answer).api_key);
      const vendorIds = Array.isArray(body.vendor_ids) ? body.vendor_ids.map(str) : [];
      return vendorIds.map((vendorId) => ({ vendorId, action: 'api-key.created', subject: str(key.key_id), detail: { name: str(key.name), access: str(key.access) } }));
    },
  },
  'DELETE /api-keys/:keyId': {
    before: async (request, db) => (await db.selectFrom('api_key_vendors').select('vendor_id').where('key_id', '=', str(obj(request.params).keyId)).execute()).map((row) => row.vendor_id),
    after: ({ params, vendorIds }) => vendorIds.map((vendorId) => ({ vendorId, action: 'api-key.revoked', subject: str(params.keyId) })),
  },
  'POST /webhooks': {
    after: ({ body, answer }) => [{ vendorId: str(body.vendor_id), action: 'webhook.changed', subject: str(obj(resultOf(answer).endpoint).endpoint_id), detail: { change: 'created', url: str(body.url) } }],
  },
  'PUT /webhooks/:endpointId': webhookChanged('updated'),
  'DELETE /webhooks/:endpointId': webhookChanged('deleted'),
  'POST /webhooks/:endpointId/secret': webhookChanged('secret-rotated'),
  'POST /proofs/export': {
    after: ({ body }) => [{ vendorId: str(body.vendor_id), action: 'export.downloaded', subject: 'proofs', detail: { from: str(body.from), to: str(body.to), format: 'zip' } }],
  },
  'POST /orders/export': {
    after: ({ body }) => [{ vendorId: str(body.vendor_id), action: 'export.downloaded', subject: 'orders', detail: { from: str(body.from), to: str(body.to), format: str(body.format) || 'csv' } }],
  },
};

const SERVICE_PREFIX = /^\/(orders|hurrier)\/api\/v1(?=\/)/;

declare module 'fastify' {
  interface FastifyRequest {
    /** Vendors an audited call concerns, read before its handler ran (auditedRoutes.ts). */
    auditVendorIds?: string[];
  }
}

/** The preHandler and onSend hooks that write the audit events of AUDITED routes. */
export function installAuditedRoutes(app: FastifyInstance): void {
  const auditedOf = (request: FastifyRequest): Audited | undefined => {
    const url = request.routeOptions.url;
    if (url === undefined || !SERVICE_PREFIX.test(url)) return undefined;
    return AUDITED[`${request.method} ${url.replace(SERVICE_PREFIX, '')}`];
  };
  app.addHook('preHandler', async (request) => {
    const audited = auditedOf(request);
    if (audited?.before) request.auditVendorIds = await audited.before(request, app.db);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const audited = auditedOf(request);
    if (!audited || reply.statusCode >= 300 || request.principal === null) return payload;
    let answer: unknown = null;
    if (typeof payload === 'string') {
      try { answer = JSON.parse(payload); } catch { /* not JSON: an export file */ }
    }
    const entries = audited.after({ body: obj(request.body), params: obj(request.params), answer, vendorIds: request.auditVendorIds ?? [] })
      .filter((entry) => entry.vendorId !== '');
    await recordAudit(app.db, request.principal, entries, app.clock.nowS());
    return payload;
  });
}

/** The audited routes, for the test that every one of them exists. */
export const AUDITED_ROUTES = Object.keys(AUDITED);
