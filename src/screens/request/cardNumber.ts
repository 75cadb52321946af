// What the card form can tell before the provider answers: the number's checksum, a future expiry
// and a CVC of the scheme's length (the number's rules are domain/paymentCard.ts, the server's too).
// The provider still decides (declines, challenges).
import { cardSchemeOf, isCvcValidFor } from '../../../domain/paymentCard';

export { cardSchemeOf, passesLuhn } from '../../../domain/paymentCard';

/** Digits only, at most 19. */
export function cardDigits(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 19);
}

/** "4111111111111111" -> "4111 1111 1111 1111". */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export interface Expiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** "MM/YY" (slash optional) -> month and four-digit year, or null. */
export function parseExpiry(typed: string): Expiry | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(typed);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month. */
export function isExpiryInFuture(expiry: Expiry, now: { year: number; month: number }): boolean {
  return expiry.year > now.year || (expiry.year === now.year && expiry.month >= now.month);
}

export function isCvcValid(cvc: string, digits: string): boolean {
  return isCvcValidFor(cvc, cardSchemeOf(digits));
}
