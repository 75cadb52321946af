// Whether a change the Team page offers would leave a vendor with no active owner, from the
// members list the page has (GET /vendor/{id}/members): the same rule as the server's
// (`leavesNoOwner`), so the page disables what the server would refuse with team.error.last-owner.
// Pure: no I/O.
import { leavesNoOwner, type MemberLink, type Role } from './roles';

/** A member as the team list gives it: one link of an account at the vendor or at one of its outlets. */
export interface TeamMemberLink {
  account_id: string;
  vendor_id: string;
  role: Role;
  status: 'active' | 'suspended';
}

export type TeamMemberChange = { role: Role } | { status: 'active' | 'suspended' } | 'remove';

/**
 * `teamVendorId` is the vendor whose team is listed; an outlet's link can also be owned from there
 * (the server counts the owners of an outlet's parent), so those owners count for it too.
 */
export function changeLeavesNoOwner(
  members: readonly TeamMemberLink[],
  teamVendorId: string,
  member: Pick<TeamMemberLink, 'account_id' | 'vendor_id'>,
  change: TeamMemberChange,
): boolean {
  const links: MemberLink[] = members
    .filter((link) => link.vendor_id === member.vendor_id || link.vendor_id === teamVendorId)
    .map((link) => ({ accountId: link.account_id, vendorId: link.vendor_id, role: link.role, active: link.status === 'active' }));
  const target = { accountId: member.account_id, vendorId: member.vendor_id };
  if (change === 'remove') return leavesNoOwner(links, { ...target, removed: true });
  if ('role' in change) return leavesNoOwner(links, { ...target, role: change.role });
  return leavesNoOwner(links, { ...target, active: change.status === 'active' });
}
