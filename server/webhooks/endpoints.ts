// Webhook endpoints in the store: register, list, change, delete, rotate the secret. Every
// function takes the vendors the caller reaches and answers nothing (null/false) for an endpoint
// outside them, so the routes answer a foreign endpoint exactly like a missing one.
import { randomBytes } from 'node:crypto';
import type { WebhookEndpoint, WebhookEventType } from '../../domain/api';
import { atomically } from '../db/atomically';
import type { Db } from '../db/connect';
import { generateWebhookSecret, type SecretBox } from './secretBox';
import type { WebhookEndpointsTable } from './tables';

/** How long the previous secret keeps signing after a rotation (receivers switch over meanwhile). */
export const SECRET_ROTATION_OVERLAP_S = 24 * 60 * 60;

export function endpointView(row: WebhookEndpointsTable, nowS: number): WebhookEndpoint {
  const overlap = row.previous_secret_expires_at !== null && row.previous_secret_expires_at > nowS ? row.previous_secret_expires_at : null;
  return {
    endpoint_id: row.endpoint_id, vendor_id: row.vendor_id, url: row.url, events: row.events.split(',').filter(Boolean) as WebhookEventType[],
    created_by: row.created_by_email, created_at: row.created_at, previous_secret_expires_at: overlap, failing_since: row.failing_since,
  };
}

export async function listEndpoints(db: Db, reachable: readonly string[], nowS: number): Promise<WebhookEndpoint[]> {
  if (reachable.length === 0) return [];
  const rows = await db.selectFrom('webhook_endpoints').selectAll().where('vendor_id', 'in', reachable)
    .orderBy('created_at', 'desc').orderBy('endpoint_id').execute();
  return rows.map((row) => endpointView(row, nowS));
}

/** The endpoint's row when the caller reaches its vendor; null otherwise (foreign or missing alike). */
export async function findEndpoint(db: Db, reachable: readonly string[], endpointId: string): Promise<WebhookEndpointsTable | null> {
  if (reachable.length === 0) return null;
  const row = await db.selectFrom('webhook_endpoints').selectAll().where('endpoint_id', '=', endpointId)
    .where('vendor_id', 'in', reachable).executeTakeFirst();
  return row ?? null;
}

export async function createEndpoint(db: Db, box: SecretBox, input: {
  vendorId: string; url: string; events: readonly WebhookEventType[]; email: string; nowS: number;
}): Promise<{ secret: string; row: WebhookEndpointsTable }> {
  const secret = generateWebhookSecret();
  const row: WebhookEndpointsTable = {
    endpoint_id: `we_${randomBytes(10).toString('hex')}`, vendor_id: input.vendorId, url: input.url, events: [...new Set(input.events)].join(','),
    secret_box: box.seal(secret), previous_secret_box: null, previous_secret_expires_at: null,
    created_by_email: input.email, created_at: input.nowS, updated_at: input.nowS, failing_since: null,
  };
  await db.insertInto('webhook_endpoints').values(row).execute();
  return { secret, row };
}

export async function updateEndpoint(db: Db, endpoint: WebhookEndpointsTable, change: { events: readonly WebhookEventType[]; url?: string }, nowS: number): Promise<WebhookEndpointsTable> {
  const next = { events: [...new Set(change.events)].join(','), url: change.url ?? endpoint.url, updated_at: nowS };
  await db.updateTable('webhook_endpoints').set(next).where('endpoint_id', '=', endpoint.endpoint_id).execute();
  return { ...endpoint, ...next };
}

export async function deleteEndpoint(db: Db, endpointId: string): Promise<void> {
  // Attempts and deliveries go with it (foreign keys cascade on PostgreSQL; SQLite deletes them here too).
  await atomically(db, async (tx) => {
    const deliveries = tx.selectFrom('webhook_deliveries').select('delivery_id').where('endpoint_id', '=', endpointId);
    await tx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
    await tx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute();
    await tx.deleteFrom('webhook_endpoints').where('endpoint_id', '=', endpointId).execute();
  });
}

/** A new secret; the current one keeps signing beside it for SECRET_ROTATION_OVERLAP_S. */
export async function rotateSecret(db: Db, box: SecretBox, endpoint: WebhookEndpointsTable, nowS: number): Promise<{ secret: string; row: WebhookEndpointsTable }> {
  const secret = generateWebhookSecret();
  const next = { secret_box: box.seal(secret), previous_secret_box: endpoint.secret_box, previous_secret_expires_at: nowS + SECRET_ROTATION_OVERLAP_S, updated_at: nowS };
  await db.updateTable('webhook_endpoints').set(next).where('endpoint_id', '=', endpoint.endpoint_id).execute();
  return { secret, row: { ...endpoint, ...next } };
}

/** The secrets that sign a delivery now: the current one, and the previous one during its overlap. */
export function signingSecrets(box: SecretBox, endpoint: Pick<WebhookEndpointsTable, 'secret_box' | 'previous_secret_box' | 'previous_secret_expires_at'>, nowS: number): string[] {
  const secrets = [box.open(endpoint.secret_box)];
  if (endpoint.previous_secret_box !== null && endpoint.previous_secret_expires_at !== null && endpoint.previous_secret_expires_at > nowS) {
    secrets.push(box.open(endpoint.previous_secret_box));
  }
  return secrets;
}
