import type { FlagName } from '../flags/flag-defaults';
import type { VendorRow } from '../http/vendorView';
import type { OrdersSide } from './side';

/** Whether a boolean flag is on for the vendor (its country, the deployment's brand, its id). */
export async function isFlagOnForVendor(side: OrdersSide, vendor: VendorRow, flag: FlagName): Promise<boolean> {
  const flags = await side.flags.evaluateAll({ country: vendor.country_code, brand: side.config.brand, vendorId: vendor.vendor_id });
  return flags[flag] === true;
}
