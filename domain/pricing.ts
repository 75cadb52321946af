// Delivery fees by country (SPEC.md §9 "Price schemes"), used by the server's embedded courier platform.
import { countryConfig } from './countries';
import type { PaymentMethod } from './types';

export interface PriceScheme {
  base: number;
  perKm: number;
  /** Kilometres the base price already covers. */
  includedKm: number;
  cashOnDeliverySurcharge: number;
  minimum: number | null;
  maximum: number | null;
}

const scheme = (base: number, perKm: number, extra: Partial<PriceScheme> = {}): PriceScheme => ({
  base,
  perKm,
  includedKm: 0,
  cashOnDeliverySurcharge: 0,
  minimum: null,
  maximum: null,
  ...extra,
});

export const PRICE_SCHEMES: Readonly<Record<string, PriceScheme>> = {
  PK: scheme(65, 10),
  TW: scheme(99, 10, { includedKm: 1, cashOnDeliverySurcharge: 25 }),
  MY: scheme(4.75, 0.5),
  SG: scheme(6, 1),
  // Bangkok's scheme (per km from 1 km); other Thai cities start at 4 km, but the portal does not
  // know a vendor's city tier, so the capital's scheme applies country-wide.
  TH: scheme(35, 7, { includedKm: 1 }),
  MM: scheme(1300, 200),
  BD: scheme(55, 5),
  // "Roughly 49-79": 49 plus 6 per km, kept within 49..79 (79 is reached at the 5 km distance limit).
  HK: scheme(49, 6, { minimum: 49, maximum: 79 }),
};

/** Countries without a published scheme (Saudi Arabia included): 10 plus 1 per km in local currency. */
export const DEFAULT_PRICE_SCHEME: PriceScheme = scheme(10, 1);

export function priceSchemeFor(countryCode: string): PriceScheme {
  return PRICE_SCHEMES[countryCode.toUpperCase()] ?? DEFAULT_PRICE_SCHEME;
}

/** Decimal places of the currency's minor unit, from Intl (JPY 0, SAR 2, KWD 3). */
/** Digits per currency code, read from Intl once: building a NumberFormat costs more than the rest of a fee. */
const minorDigitsOf = new Map<string, number>();

export function currencyMinorDigits(currency: string): number {
  let digits = minorDigitsOf.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    minorDigitsOf.set(currency, digits);
  }
  return digits;
}

export function roundToMinorUnit(amount: number, currency: string): number {
  const factor = 10 ** currencyMinorDigits(currency);
  return Math.round((amount + Number.EPSILON) * factor) / factor;
}

/**
 * The fee for a delivery: every started kilometre beyond the included ones costs perKm. Throws a
 * RangeError for a negative or non-finite distance and for an unsupported country.
 */
export function deliveryFee(countryCode: string, distanceKm: number, paymentMethod: PaymentMethod): number {
  if (!Number.isFinite(distanceKm) || distanceKm < 0) throw new RangeError(`Invalid distance: ${distanceKm}`);
  const { currency } = countryConfig(countryCode);
  const price = priceSchemeFor(countryCode);
  const chargedKm = Math.max(0, Math.ceil(distanceKm) - price.includedKm);
  let fee = price.base + price.perKm * chargedKm;
  if (price.minimum !== null) fee = Math.max(fee, price.minimum);
  if (price.maximum !== null) fee = Math.min(fee, price.maximum);
  if (paymentMethod === 'CASH_ON_DELIVERY') fee += price.cashOnDeliverySurcharge;
  return roundToMinorUnit(fee, currency);
}
