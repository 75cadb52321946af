import { countryConfig, currencyMinorDigits, isSupportedCountry, validateAddress, validateOrderForm } from '../../domain';
import type { OrderForm } from '../../domain/types';
import { unprocessable } from '../http/errors';

/** Which body field each validateOrderForm key is about, so the error names it (API.md `field`). */
const FIELD_OF_KEY: Record<string, string> = {
  'error.cant-retrieve-vendor-rar': 'vendor_id',
  'validation.fill-unit-number': 'customer.location.address',
  'validation.fill-customer-name': 'customer.name',
  'validation.wrong-customer-name': 'customer.name',
  'validation.fill-customer-phone': 'customer.phone_number',
  'validation.phone-incorrect': 'customer.phone_number',
  'validation.fill-description': 'order.description',
  'validation.fill-address': 'customer.location.address',
  'validation.invalid-coordinates': 'customer.location',
  'validation.fill-amount': 'order.amount',
  'validation.minimum-amount': 'order.amount',
  'validation.fill-payment-method': 'order.payment_method',
  'validation.tag-id-invalid': 'order.tag_id',
};

/** An amount with more decimals than the currency has (0.001 SAR): no cash can be collected for it. */
export const AMOUNT_TOO_PRECISE = 'validation.amount-too-precise';

/** True when `amount` needs no more fraction digits than `currency` has (Intl knows: SAR 2, KWD 3, JPY 0). */
export function fitsCurrency(amount: number, currency: string): boolean {
  return Number(amount.toFixed(currencyMinorDigits(currency))) === amount;
}

export interface DestinationInput {
  address: string;
  notes?: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The domain's order-form rules (SPEC.md §5, first failure wins) and the address byte limits, on a
 * request body; throws 422 with the rule's key. The payload carries the address already joined
 * ("unit, building, text"); callers pass its unit as domain unitOfJoinedAddress reads it.
 */
export function assertValidOrder(form: OrderForm, countryCode: string, destination: DestinationInput): void {
  const formError = validateOrderForm(form, countryCode);
  if (formError) throw unprocessable(formError, FIELD_OF_KEY[formError]);
  if (typeof form.orderAmount === 'number' && isSupportedCountry(countryCode) && !fitsCurrency(form.orderAmount, countryConfig(countryCode).currency)) {
    throw unprocessable(AMOUNT_TOO_PRECISE, 'order.amount');
  }
  const addressError = validateAddress({
    streetAddress: destination.address,
    notes: destination.notes ?? '',
    latitude: destination.latitude,
    longitude: destination.longitude,
  });
  if (addressError) {
    throw unprocessable(addressError, addressError === 'address.error.notes-too-long' ? 'customer.location.notes' : 'customer.location');
  }
}
