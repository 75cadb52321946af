import type { VendorStanding } from '../../../domain/teams';
import type { VendorsApi } from './VendorsContext';

/**
 * The vendor (the selected one, or `vendorId`) as the role rule sees it (domain/teams/vendorAccess.ts):
 * pending while the list loads, so no page takes "not known yet" for "allowed".
 */
export function standingOf(api: Pick<VendorsApi, 'list' | 'vendors' | 'selected'>, vendorId?: string): VendorStanding {
  // No list: a guest's placeholder vendor, which has no role.
  if (api.list === 'none') return {};
  if (api.list === 'loading') return 'pending';
  const vendor = vendorId === undefined ? api.selected : api.vendors.find((listed) => listed.vendor_id === vendorId);
  return vendor ?? 'unlisted';
}
