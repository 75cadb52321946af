// What the card form can tell before the provider answers: the number's checksum, a future expiry
// and a CVC of the scheme's length. The provider still decides (declines, challenges).

/** Digits only, at most 19. */
export function cardDigits(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 19);
}

/** "4111111111111111" -> "4111 1111 1111 1111". */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (digits.length < 12) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isAmex(digits: string): boolean {
  return /^3[47]/.test(digits);
}

export function schemeOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (isAmex(digits)) return 'amex';
  return 'card';
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
  return new RegExp(`^\\d{${isAmex(digits) ? 4 : 3}}$`).test(cvc);
}
