import type { PaymentMethod } from '../../domain/types';
import type { FlagName } from '../flags/flag-defaults';
import { parsePaymentMethods, type VendorRow } from '../http/vendorView';
import type { OrdersSide } from './side';
import { isFlagOnForVendor } from './vendorFlag';

/**
 * Methods a flag offers instead of the vendor's stored list (SPEC.md §6): NONE under
 * NonePaymentMethod, PAY_AT_PICKUP (the delivery fee paid to the rider in cash at collection) under
 * PayAtPickup. Bulk files never take them (BULK_PAYMENT_TYPES).
 */
const FLAGGED_METHODS: Partial<Record<PaymentMethod, FlagName>> = {
  NONE: 'NonePaymentMethod',
  PAY_AT_PICKUP: 'PayAtPickup',
};

/**
 * The vendor's payment methods for an order (created or edited) paying with `method`. A flagged
 * method is there exactly when its flag is on for the vendor, whatever the vendor's stored methods
 * say; the flag is read only for orders that ask for that method.
 */
export async function allowedPaymentMethods(side: OrdersSide, vendor: VendorRow, method: PaymentMethod): Promise<PaymentMethod[]> {
  const stored = parsePaymentMethods(vendor.payment_methods).filter((m) => FLAGGED_METHODS[m] === undefined);
  const flag = FLAGGED_METHODS[method];
  if (flag === undefined) return stored;
  return (await isFlagOnForVendor(side, vendor, flag)) ? [...stored, method] : stored;
}
