import type { PaymentMethod } from '../../domain/types';
import { parsePaymentMethods, type VendorRow } from '../http/vendor-view';
import type { OrdersSide } from './side';

/**
 * The vendor's payment methods for an order (created or edited) paying with `method`. NONE
 * (SPEC.md §6 "none payment method") is there exactly when the vendor's NonePaymentMethod flag is
 * on, whatever the vendor's stored methods say; the flag is read only for orders that ask for NONE.
 */
export async function allowedPaymentMethods(side: OrdersSide, vendor: VendorRow, method: PaymentMethod): Promise<PaymentMethod[]> {
  const stored = parsePaymentMethods(vendor.payment_methods).filter((m) => m !== 'NONE');
  if (method !== 'NONE') return stored;
  const flags = await side.flags.evaluateAll({ country: vendor.country_code, brand: side.config.brand, vendorId: vendor.vendor_id });
  return flags.NonePaymentMethod === true ? [...stored, 'NONE'] : stored;
}
