// What a page may show at a vendor, from what the app knows of the member's role there. A role is per
// vendor or outlet (SPEC §6, DESIGN's roles), so while the vendor list is loading it is not known: the
// page shows a loading state, neither the part nor a refusal. Pure: no I/O.
import { ROLES, roleCan, ROLES_WITH, type Capability, type Role } from './roles';

/**
 * The vendor as the app holds it: `'pending'` while the vendor list is loading; `'unlisted'` when the
 * loaded list does not hold it (not the member's, or the list failed); otherwise the listed vendor,
 * whose role decides. No role (a GoDroid session, a guest's placeholder vendor, an answer from before
 * teams) is the caller's whole scope, as the server treats it.
 */
export type VendorStanding = 'pending' | 'unlisted' | { role?: Role | undefined };

export type VendorAccess = 'allowed' | 'refused' | 'pending';

export function vendorAccess(standing: VendorStanding, capability: Capability): VendorAccess {
  // What every role may do does not wait for the role.
  if (standing === 'pending') return ROLES_WITH[capability].length === ROLES.length ? 'allowed' : 'pending';
  if (standing === 'unlisted') return 'refused';
  return standing.role === undefined || roleCan(standing.role, capability) ? 'allowed' : 'refused';
}
