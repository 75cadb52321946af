// Country parameters (API.md GET /get-country-parameter/{name}): a code default, overridden per
// country, overridden per vendor. Values are strings on the wire.
import type { Db } from '../db/connect';
import type { VendorRow } from '../http/vendorView';

import { COUNTRY_PARAMETER_NAMES, type CountryParameterName } from '../../domain/api';

export { COUNTRY_PARAMETER_NAMES, type CountryParameterName };

export const isCountryParameterName = (name: string): name is CountryParameterName =>
  (COUNTRY_PARAMETER_NAMES as readonly string[]).includes(name);

/** Defaults when nothing is stored: open all day, no item-value limit, the vendor's own methods. */
function defaultValue(name: CountryParameterName, vendor: VendorRow): string {
  switch (name) {
    case 'serviceHours': return '0000:0000';
    case 'onlinePaymentActivated': return 'false';
    case 'orderItemValueExceedLimit': return '-1';
    case 'paymentMethods': return vendor.payment_methods;
    case 'allOutletOrders': return 'true';
  }
}

export async function countryParameter(db: Db, name: CountryParameterName, vendor: VendorRow): Promise<string> {
  const rows = await db.selectFrom('country_parameters').selectAll()
    .where('name', '=', name)
    .where((eb) => eb.or([
      eb.and([eb('vendor_id', '=', vendor.vendor_id)]),
      eb.and([eb('vendor_id', '=', ''), eb('country_code', 'in', ['', vendor.country_code])]),
    ]))
    .execute();
  const rank = (row: (typeof rows)[number]) => (row.vendor_id ? 2 : 0) + (row.country_code ? 1 : 0);
  const best = rows.sort((a, b) => rank(b) - rank(a))[0];
  return best?.value ?? defaultValue(name, vendor);
}

export async function setCountryParameter(
  db: Db, name: CountryParameterName, value: string, scope: { country?: string | null; vendorId?: string | null },
): Promise<void> {
  const row = { name, value, country_code: (scope.country ?? '').toUpperCase(), vendor_id: scope.vendorId ?? '' };
  await db.insertInto('country_parameters').values(row)
    .onConflict((oc) => oc.columns(['name', 'country_code', 'vendor_id']).doUpdateSet({ value }))
    .execute();
}

/** Format checks so a bad setting never reaches the browser (service hours must parse). */
export function parameterProblem(name: CountryParameterName, value: string): string | null {
  switch (name) {
    case 'serviceHours': {
      const match = /^(\d{2})(\d{2}):(\d{2})(\d{2})$/.exec(value);
      if (!match) return 'error.invalid-service-hours';
      const [, h1, m1, h2, m2] = match.map(Number) as [number, number, number, number, number];
      return h1 > 23 || h2 > 23 || m1 > 59 || m2 > 59 ? 'error.invalid-service-hours' : null;
    }
    case 'onlinePaymentActivated':
    case 'allOutletOrders':
      return value === 'true' || value === 'false' ? null : 'error.invalid-boolean';
    case 'orderItemValueExceedLimit':
      return /^-?\d+(\.\d+)?$/.test(value) ? null : 'error.invalid-number';
    case 'paymentMethods':
      return /^[A-Z_]+(\|[A-Z_]+)*$/.test(value) ? null : 'error.invalid-payment-methods';
  }
}
