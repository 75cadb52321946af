// Dual pricing (SPEC.md §6 flag): an amount in the country's currency also shown in its second currency.
import { countryConfig } from './countries';
import { roundToMinorUnit } from './pricing';

export interface Money {
  amount: number;
  currency: string;
}

/** The amount in the country's second currency, rounded to its minor unit; null when it has none. */
export function dualPrice(amount: number, countryCode: string): Money | null {
  const second = countryConfig(countryCode).dualCurrency;
  if (!second) return null;
  return { amount: roundToMinorUnit(amount * second.perUnit, second.currency), currency: second.currency };
}
