import type { Voucher } from '../../domain/types';

/** Digits after the decimal point of a currency (SAR 2, KWD 3, JPY 0), from Intl. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** The delivery fee after a voucher, never below zero, rounded to the currency's minor unit. */
export function discountedFee(fee: number, voucher: Pick<Voucher, 'amount' | 'type'>, currency: string): number {
  const raw = voucher.type === 'PERCENT' ? fee * (1 - voucher.amount / 100) : fee - voucher.amount;
  const factor = 10 ** minorDigits(currency);
  // toPrecision drops binary noise (1.2345 - 0.1 = 1.13449999...) before rounding half up.
  return Math.max(0, Math.round(Number((raw * factor).toPrecision(12))) / factor);
}
