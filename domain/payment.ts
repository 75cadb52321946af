// Payment methods and the card choice (SPEC.md §3 "Payment state", §4 "Payment").
import { PAYMENT_METHODS, type PaymentMethod } from './types';

/** Card methods offered by the payment intent (SPEC.md §3). */
export const CARD_PAYMENT_METHODS = ['cybersource_creditcard', 'generic_creditcard'] as const;
export type CardPaymentMethod = (typeof CARD_PAYMENT_METHODS)[number];

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

export type CardChoice = 'NOT_SET' | 'NEW' | 'EXISTING';

/** What isCardChoiceValid reads from the payment state. */
export interface CardChoiceState {
  newOrExistingCard: CardChoice;
  nameOnCard: string;
  /** The new card's data from either card provider; null when that provider has none. */
  newCardData: readonly ({ isValid: boolean } | null | undefined)[];
  selectedCreditCard: string | null;
}

/** (NEW, a name on card, either provider's data valid) or (EXISTING and one selected). */
export function isCardChoiceValid(state: CardChoiceState): boolean {
  if (state.newOrExistingCard === 'NEW') {
    return state.nameOnCard.trim() !== '' && state.newCardData.some((data) => data?.isValid === true);
  }
  if (state.newOrExistingCard === 'EXISTING') return state.selectedCreditCard !== null && state.selectedCreditCard !== '';
  return false;
}

/** The current method if available, otherwise the first available one; null when none is. */
export function pickPaymentMethod<T extends string>(current: T | null | undefined, available: readonly T[]): T | null {
  if (current !== null && current !== undefined && available.includes(current)) return current;
  return available[0] ?? null;
}

/** The pipe-separated `paymentMethods` country parameter, unknown names dropped. */
export function parsePaymentMethodsParameter(value: string): PaymentMethod[] {
  return value
    .split('|')
    .map((name) => name.trim())
    .filter(isPaymentMethod);
}
