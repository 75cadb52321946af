// API keys in the store: create, list, revoke, and resolve a presented key to the vendors it reaches.
import { isRole, strongestRole, type Role } from '../../domain/teams';
import { isDisabled } from '../auth/accountStatus';
import { atomically } from '../db/atomically';
import type { Db } from '../db/connect';
import { apiKeyPrefix, generateApiKey, parseApiKey, secretMatches } from './keyFormat';
import type { ApiKeyAccess, ApiKeySummary } from '../../domain/api';

/** last_used_at is written at most this often per key, so a busy key costs no write per call. */
const LAST_USED_RESOLUTION_S = 60;

export interface ResolvedApiKey {
  keyId: string;
  canWrite: boolean;
  vendorIds: string[];
  /** The creator's role now at each of those vendors: a key never does what its creator may not. */
  creatorRoles: Record<string, Role>;
}

/**
 * The creator's role now at each vendor of the key's scope (a scoped parent with its outlets): from
 * its active links at the vendor and at its parent, the stronger one where both exist, as the
 * principal hook reads a member's. A suspended or removed member's keys reach nothing there.
 */
async function creatorRolesInScope(db: Db, keyId: string, accountId: string): Promise<Record<string, Role>> {
  const links = await db.selectFrom('account_vendors').select(['vendor_id', 'role'])
    .where('account_id', '=', accountId).where('status', '=', 'active').execute();
  const scope = db.selectFrom('api_key_vendors').select('api_key_vendors.vendor_id').where('api_key_vendors.key_id', '=', keyId);
  const vendors = await db.selectFrom('vendors').select(['vendor_id', 'parent_vendor_id'])
    .where((eb) => eb.or([eb('vendors.vendor_id', 'in', scope), eb('vendors.parent_vendor_id', 'in', scope)]))
    .execute();
  const roles: Record<string, Role> = {};
  for (const vendor of vendors) {
    const covering = links.filter((link) => link.vendor_id === vendor.vendor_id || link.vendor_id === vendor.parent_vendor_id)
      .map((link) => link.role).filter(isRole);
    const role = strongestRole(covering);
    if (role) roles[vendor.vendor_id] = role;
  }
  return roles;
}

export async function createApiKey(db: Db, pepper: Buffer, input: {
  name: string; access: ApiKeyAccess; vendorIds: string[]; accountId: string; email: string; nowS: number;
}): Promise<{ key: string; view: ApiKeySummary }> {
  const fresh = generateApiKey(pepper);
  const vendorIds = [...new Set(input.vendorIds)];
  await atomically(db, async (tx) => {
    await tx.insertInto('api_keys').values({
      key_id: fresh.keyId, name: input.name, salt: fresh.salt, secret_hash: fresh.hash, can_write: input.access === 'write' ? 1 : 0,
      created_by_account_id: input.accountId, created_by_email: input.email, created_at: input.nowS, last_used_at: null, revoked_at: null,
    }).execute();
    await tx.insertInto('api_key_vendors').values(vendorIds.map((vendorId) => ({ key_id: fresh.keyId, vendor_id: vendorId }))).execute();
  });
  return {
    key: fresh.key,
    view: {
      key_id: fresh.keyId, prefix: apiKeyPrefix(fresh.keyId), name: input.name, access: input.access, vendor_ids: vendorIds,
      created_by: input.email, created_at: input.nowS, last_used_at: null,
    },
  };
}

/**
 * The live keys a user may see and revoke: those whose whole scope the user reaches, so a key
 * given to another vendor of a shared parent is never shown to an outlet-only colleague.
 */
export async function listApiKeys(db: Db, reachable: readonly string[]): Promise<ApiKeySummary[]> {
  if (reachable.length === 0) return [];
  const rows = await db.selectFrom('api_keys')
    .innerJoin('api_key_vendors', 'api_key_vendors.key_id', 'api_keys.key_id')
    .select(['api_keys.key_id', 'api_keys.name', 'api_keys.can_write', 'api_keys.created_by_email', 'api_keys.created_at', 'api_keys.last_used_at', 'api_key_vendors.vendor_id'])
    .where('api_keys.revoked_at', 'is', null)
    .where('api_keys.key_id', 'in', db.selectFrom('api_key_vendors').select('key_id').where('vendor_id', 'in', reachable))
    .orderBy('api_keys.created_at', 'desc').orderBy('api_keys.key_id').orderBy('api_key_vendors.vendor_id')
    .execute();
  const byKey = new Map<string, ApiKeySummary>();
  for (const row of rows) {
    const view = byKey.get(row.key_id) ?? {
      key_id: row.key_id, prefix: apiKeyPrefix(row.key_id), name: row.name, access: row.can_write === 1 ? 'write' : 'read',
      vendor_ids: [], created_by: row.created_by_email, created_at: row.created_at, last_used_at: row.last_used_at,
    } satisfies ApiKeySummary;
    view.vendor_ids.push(row.vendor_id);
    byKey.set(row.key_id, view);
  }
  const reach = new Set(reachable);
  return [...byKey.values()].filter((view) => view.vendor_ids.every((id) => reach.has(id)));
}

/**
 * Revokes a key the user may see: answers the vendors of its scope (none when a concurrent call
 * revoked it first), or null when there is no such key (or it is not theirs to revoke).
 */
export async function revokeApiKey(db: Db, reachable: readonly string[], keyId: string, nowS: number): Promise<string[] | null> {
  const visible = (await listApiKeys(db, reachable)).find((view) => view.key_id === keyId);
  if (!visible) return null;
  const revoked = await db.updateTable('api_keys').set({ revoked_at: nowS }).where('key_id', '=', keyId).where('revoked_at', 'is', null).executeTakeFirst();
  // A concurrent revocation won: the key is revoked, but not by this call.
  return Number(revoked.numUpdatedRows) > 0 ? visible.vendor_ids : [];
}

/**
 * Who a presented key is: its id, write right, the vendors it reaches now (its scope, parents with
 * their outlets, narrowed to what its creator still reaches) and its creator's role at each (the
 * role guard narrows the key to what that role allows, auth/roleGuard.ts); or null for a malformed,
 * unknown, revoked or wrong key, or one whose creator's account is disabled. Read on every call, so
 * revocation, a new role, suspension and removal act at once.
 */
export async function resolveApiKey(db: Db, pepper: Buffer, presented: string, nowS: number): Promise<ResolvedApiKey | null> {
  const parsed = parseApiKey(presented);
  if (!parsed) return null;
  const row = await db.selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.account_id', 'api_keys.created_by_account_id')
    .select(['api_keys.key_id', 'api_keys.salt', 'api_keys.secret_hash', 'api_keys.can_write', 'api_keys.created_by_account_id', 'api_keys.last_used_at', 'accounts.sessions_revoked_at'])
    .where('api_keys.key_id', '=', parsed.keyId).where('api_keys.revoked_at', 'is', null).executeTakeFirst();
  if (!row || !secretMatches(pepper, row.salt, row.secret_hash, parsed.secret) || isDisabled(row)) return null;
  const creatorRoles = await creatorRolesInScope(db, row.key_id, row.created_by_account_id);
  if (row.last_used_at === null || row.last_used_at <= nowS - LAST_USED_RESOLUTION_S) {
    await db.updateTable('api_keys').set({ last_used_at: nowS }).where('key_id', '=', row.key_id).execute();
  }
  return { keyId: row.key_id, canWrite: row.can_write === 1, vendorIds: Object.keys(creatorRoles), creatorRoles };
}
