import type { Db } from '../db/connect';
import type { VendorRow } from '../http/vendorView';

/**
 * The allOutletOrders country parameter for a vendor: a vendor-specific row wins over the
 * country's, which wins over the global one ('' = any, as the platform's country_parameters table
 * stores it). Missing everywhere means allowed, so a parent sees its outlets' orders by default.
 */
async function allOutletOrders(db: Db, vendor: VendorRow): Promise<boolean> {
  const rows = await db.selectFrom('country_parameters').select(['country_code', 'vendor_id', 'value'])
    .where('name', '=', 'allOutletOrders')
    .where('country_code', 'in', ['', vendor.country_code])
    .where('vendor_id', 'in', ['', vendor.vendor_id])
    .execute();
  const rank = (row: { country_code: string; vendor_id: string }) => (row.vendor_id ? 2 : 0) + (row.country_code ? 1 : 0);
  const best = rows.sort((a, b) => rank(b) - rank(a))[0];
  return best ? best.value.trim().toLowerCase() === 'true' : true;
}

/**
 * Vendors whose orders a list shows: the vendor itself and, when asked for a parent that may see
 * them, its outlets that the caller can also reach.
 */
export async function listedVendorIds(db: Db, vendor: VendorRow, includeOutlets: boolean, canReach: (vendorId: string) => boolean): Promise<string[]> {
  if (!includeOutlets || vendor.is_parent !== 1 || !(await allOutletOrders(db, vendor))) return [vendor.vendor_id];
  const outlets = await db.selectFrom('vendors').select('vendor_id').where('parent_vendor_id', '=', vendor.vendor_id).execute();
  return [vendor.vendor_id, ...outlets.map((o) => o.vendor_id).filter(canReach)];
}
