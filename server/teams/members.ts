// Members of a vendor's team in the store: the account links of the vendor and of its outlets,
// their role and status, and the checks that keep at least one active owner.
import { isRole, leavesNoOwner, type MemberLink, type Role } from '../../domain/teams';
import type { Member } from '../../domain/api';
import { atomically } from '../db/atomically';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import type { MemberStatus } from './tables';

/** The vendor and its outlets: a parent's team includes the people of its outlets. */
function vendorAndOutlets(db: Db, vendorId: string) {
  return db.selectFrom('vendors').select('vendor_id').where((eb) => eb.or([eb('vendor_id', '=', vendorId), eb('parent_vendor_id', '=', vendorId)]));
}

export async function listMembers(db: Db, vendorId: string): Promise<Member[]> {
  const rows = await db.selectFrom('account_vendors')
    .innerJoin('accounts', 'accounts.account_id', 'account_vendors.account_id')
    .select(['accounts.account_id', 'accounts.email', 'account_vendors.vendor_id', 'account_vendors.role', 'account_vendors.status'])
    .where('account_vendors.vendor_id', 'in', vendorAndOutlets(db, vendorId))
    .orderBy('accounts.email').orderBy('account_vendors.vendor_id')
    .execute();
  return rows.map((row) => ({
    account_id: row.account_id, email: row.email, vendor_id: row.vendor_id,
    role: isRole(row.role) ? row.role : 'viewer', status: row.status === 'suspended' ? 'suspended' : 'active',
  }));
}

/** The links that can own `vendorId`: those at the vendor itself and at its parent. */
async function ownerCandidates(db: Db, vendorId: string): Promise<MemberLink[]> {
  const parent = db.selectFrom('vendors').select('parent_vendor_id').where('vendor_id', '=', vendorId).where('parent_vendor_id', 'is not', null);
  const rows = await db.selectFrom('account_vendors').select(['account_id', 'vendor_id', 'role', 'status'])
    .where((eb) => eb.or([eb('vendor_id', '=', vendorId), eb('vendor_id', 'in', parent.$narrowType<{ parent_vendor_id: string }>())]))
    .execute();
  return rows.flatMap((row) => (isRole(row.role) ? [{ accountId: row.account_id, vendorId: row.vendor_id, role: row.role, active: row.status === 'active' }] : []));
}

export const lastOwner = () => new ApiError(409, 'team.error.last-owner', { field: 'account_id' });
export const noSuchMember = () => new ApiError(404, 'team.error.no-member', { field: 'account_id' });

/**
 * Changes one link's role or status, or removes it, unless that leaves the vendor without an active
 * owner (409). Answers the member's e-mail and what it was before (for the audit trail).
 */
export async function changeMember(
  db: Db,
  link: { vendorId: string; accountId: string },
  change: { role?: Role; status?: MemberStatus } | 'remove',
): Promise<{ email: string; before: { role: Role; status: MemberStatus } }> {
  return atomically(db, async (trx) => {
    const current = await trx.selectFrom('account_vendors')
      .innerJoin('accounts', 'accounts.account_id', 'account_vendors.account_id')
      .select(['accounts.email', 'account_vendors.role', 'account_vendors.status'])
      .where('account_vendors.vendor_id', '=', link.vendorId).where('account_vendors.account_id', '=', link.accountId)
      .executeTakeFirst();
    if (!current || !isRole(current.role)) throw noSuchMember();
    const candidates = await ownerCandidates(trx, link.vendorId);
    const wouldLeaveNoOwner = change === 'remove'
      ? leavesNoOwner(candidates, { ...link, removed: true })
      : leavesNoOwner(candidates, { ...link, ...(change.role ? { role: change.role } : {}), ...(change.status ? { active: change.status === 'active' } : {}) });
    if (wouldLeaveNoOwner) throw lastOwner();
    if (change === 'remove') {
      await trx.deleteFrom('account_vendors').where('vendor_id', '=', link.vendorId).where('account_id', '=', link.accountId).execute();
    } else {
      await trx.updateTable('account_vendors').set({ ...(change.role ? { role: change.role } : {}), ...(change.status ? { status: change.status } : {}) })
        .where('vendor_id', '=', link.vendorId).where('account_id', '=', link.accountId).execute();
    }
    return { email: current.email, before: { role: current.role, status: current.status === 'suspended' ? 'suspended' : 'active' } };
  });
}

/** Links `accountId` to `vendorId` with `role`, active; an existing link (a suspended one) takes the new role. */
export async function linkMember(db: Db, accountId: string, vendorId: string, role: Role): Promise<void> {
  const existing = await db.selectFrom('account_vendors').select('role').where('account_id', '=', accountId).where('vendor_id', '=', vendorId).executeTakeFirst();
  if (existing) {
    await db.updateTable('account_vendors').set({ role, status: 'active' }).where('account_id', '=', accountId).where('vendor_id', '=', vendorId).execute();
  } else {
    await db.insertInto('account_vendors').values({ account_id: accountId, vendor_id: vendorId, role, status: 'active' }).execute();
  }
}

export async function isActiveMember(db: Db, email: string, vendorId: string): Promise<boolean> {
  const row = await db.selectFrom('account_vendors').innerJoin('accounts', 'accounts.account_id', 'account_vendors.account_id')
    .select('account_vendors.status').where('accounts.email', '=', email).where('account_vendors.vendor_id', '=', vendorId).executeTakeFirst();
  return row?.status === 'active';
}
