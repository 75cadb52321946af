// Whose country parameter decides the include-all-outlets toggle (SPEC.md §2, §6, §7 allOutletOrders):
// the selected vendor's parent, since an account may hold parent vendors in different countries.
import type { Vendor } from './types';

/**
 * The parent vendor id that answers for `selected`: itself when it is a parent, else its parent when
 * the account holds that parent, else the account's first parent (the order parents are listed in).
 * Null when the account holds no parent vendor.
 */
export function outletPermissionParentId(selected: Vendor | null, vendors: readonly Vendor[]): string | null {
  const parents = vendors.filter((vendor) => vendor.is_parent);
  if (selected?.is_parent && parents.some((parent) => parent.vendor_id === selected.vendor_id)) return selected.vendor_id;
  const ownParent = parents.find((parent) => parent.vendor_id === selected?.parent_vendor_id);
  return ownParent?.vendor_id ?? parents[0]?.vendor_id ?? null;
}
