// The audit trail: who did what and when, per vendor. Written by the team routes themselves and,
// for the routes of other parts (orders, bulk, settings, keys, webhooks, exports), by the hook of
// auditedRoutes.ts once they answered with success. Read by owners and managers, filtered by member,
// action and period, and as CSV. Kept at least a year: nothing deletes these rows (server/teams/README.md).
import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditEvent } from '../../domain/api';
import type { AuthenticatedPrincipal } from '../auth/tenancy';
import type { Db } from '../db/connect';

export interface AuditEntry {
  vendorId: string;
  action: AuditAction;
  subject: string;
  detail?: Record<string, string>;
}

/** Who the trail names for a caller: a member by e-mail; keys, GoDroid tokens and guests by kind. */
export function actorOf(principal: AuthenticatedPrincipal): { actor: string; accountId: string | null } {
  switch (principal.kind) {
    case 'user': return { actor: principal.email, accountId: principal.userId };
    case 'apiKey': return { actor: `api-key:${principal.keyId}`, accountId: null };
    case 'godroid': return { actor: 'godroid', accountId: null };
    case 'guest': return { actor: 'guest', accountId: null };
  }
}

/** Ids in the order events were recorded (time, then a per-process count), so "newest first" holds within a second. */
let recorded = 0;
const eventId = (nowS: number) => {
  recorded = (recorded + 1) % 1_000_000;
  return `${String(nowS).padStart(12, '0')}-${String(recorded).padStart(6, '0')}-${randomUUID()}`;
};

export async function recordAudit(db: Db, principal: AuthenticatedPrincipal, entries: readonly AuditEntry[], nowS: number): Promise<void> {
  if (entries.length === 0) return;
  const { actor, accountId } = actorOf(principal);
  await db.insertInto('audit_events').values(entries.map((entry) => ({
    event_id: eventId(nowS), vendor_id: entry.vendorId, actor_account_id: accountId, actor, action: entry.action,
    subject: entry.subject, detail: JSON.stringify(entry.detail ?? {}), created_at: nowS,
  }))).execute();
}

export interface AuditFilter {
  vendorIds: readonly string[];
  from?: number | undefined;
  to?: number | undefined;
  actor?: string | undefined;
  action?: AuditAction | undefined;
}

/** Newest first; at most `limit` events. */
export async function listAudit(db: Db, filter: AuditFilter, limit: number): Promise<AuditEvent[]> {
  if (filter.vendorIds.length === 0) return [];
  let query = db.selectFrom('audit_events').selectAll().where('vendor_id', 'in', [...filter.vendorIds]);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
  if (filter.actor !== undefined && filter.actor !== '') query = query.where('actor', '=', filter.actor.trim().toLowerCase());
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  const rows = await query.orderBy('created_at', 'desc').orderBy('event_id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    event_id: row.event_id, vendor_id: row.vendor_id, actor: row.actor, action: row.action as AuditAction,
    subject: row.subject, detail: JSON.parse(row.detail) as Record<string, string>, at: row.created_at,
  }));
}
