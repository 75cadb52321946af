// The audit trail: who did what and when, per vendor. Every route that changes something writes its
// events in the same transaction as the change (`auditedChange`, or `auditedRecorder` beside the
// order outbox), so the change and its record commit or roll back together: no change without its
// event, no event for a change that failed. Read by owners and managers, filtered by member, action
// and period, and as CSV. Kept at least a year: nothing deletes these rows (server/teams/README.md).
import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditEvent } from '../../domain/api';
import type { AuthenticatedPrincipal } from '../auth/tenancy';
import { atomically } from '../db/atomically';
import type { Db } from '../db/connect';
import type { OrderChangeRecorder } from '../orders/changeOutbox';
import { parsePrincipalKey } from '../orders/principalKey';

export interface AuditEntry {
  vendorId: string;
  action: AuditAction;
  subject: string;
  detail?: Record<string, string>;
}

/** Who an event names: a member by e-mail (and account), keys, GoDroid tokens and guests by kind. */
export interface AuditActor { actor: string; accountId: string | null }

/** Who the trail names for a caller: a member by e-mail; keys, GoDroid tokens and guests by kind. */
export function actorOf(principal: AuthenticatedPrincipal): AuditActor {
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

/**
 * The actor behind a stored principal key (orders/principalKey.ts), for a change completed without
 * its caller: the 3-D Secure page captures a payment the member started. A member is named by its
 * account's address, as actorOf does.
 */
export async function actorOfPrincipalKey(db: Db, key: string): Promise<AuditActor> {
  const { kind, id } = parsePrincipalKey(key);
  switch (kind) {
    case 'user': {
      const account = await db.selectFrom('accounts').select('email').where('account_id', '=', id).executeTakeFirst();
      return { actor: account?.email ?? key, accountId: id };
    }
    case 'apikey': return { actor: `api-key:${id}`, accountId: null };
    case 'godroid': return { actor: 'godroid', accountId: null };
    case 'guest': return { actor: 'guest', accountId: null };
  }
}

/** Writes the events with `db`: pass the transaction of the change they record. */
export async function recordAudit(db: Db, who: AuthenticatedPrincipal | AuditActor, entries: readonly AuditEntry[], nowS: number): Promise<void> {
  const valid = entries.filter((entry) => entry.vendorId !== '');
  if (valid.length === 0) return;
  const { actor, accountId } = 'kind' in who ? actorOf(who) : who;
  await db.insertInto('audit_events').values(valid.map((entry) => ({
    event_id: eventId(nowS), vendor_id: entry.vendorId, actor_account_id: accountId, actor, action: entry.action,
    subject: entry.subject, detail: JSON.stringify(entry.detail ?? {}), created_at: nowS,
  }))).execute();
}

/**
 * Runs `change` and writes the events `eventsOf` makes of its result, in one transaction (the
 * caller's, when `db` already is one): a failure anywhere, the event write included, undoes both.
 */
export async function auditedChange<T>(
  db: Db,
  who: AuthenticatedPrincipal | AuditActor,
  nowS: number,
  change: (trx: Db) => Promise<T>,
  eventsOf: (result: T) => readonly AuditEntry[],
): Promise<T> {
  return atomically(db, async (trx) => {
    const result = await change(trx);
    await recordAudit(trx, who, eventsOf(result), nowS);
    return result;
  });
}

/**
 * The order outbox's recorder (changeOutbox.ts) that also writes the change's audit events: the
 * order, "tell the listeners" and "who did it" commit together.
 */
export function auditedRecorder(
  record: OrderChangeRecorder,
  who: AuthenticatedPrincipal | AuditActor,
  nowS: number,
  eventsOf: (order: Parameters<OrderChangeRecorder>[1]) => readonly AuditEntry[],
): OrderChangeRecorder {
  return async (trx, order) => {
    await record(trx, order);
    await recordAudit(trx, who, eventsOf(order), nowS);
  };
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
