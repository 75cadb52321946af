// What a card number says before any issuer is asked (the card form and the payment sandbox use the
// same rule): the Luhn checksum, the scheme from the issuer identification number, the CVC length.

export type CardScheme = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'unionpay' | 'unknown';

const CARD_DIGITS = /^\d{12,19}$/;

/** The Luhn (mod 10) checksum every card number carries, on 12 to 19 digits. */
export function passesLuhn(digits: string): boolean {
  if (!CARD_DIGITS.test(digits)) return false;
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

/** The scheme from the leading digits; Mastercard is 51-55 and 2221-2720 (not all of 22-27). */
export function cardSchemeOf(digits: string): CardScheme {
  const prefix = (length: number): number => Number(digits.slice(0, length));
  if (digits.startsWith('4')) return 'visa';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'mastercard';
  if (digits.startsWith('34') || digits.startsWith('37')) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || (prefix(3) >= 644 && prefix(3) <= 649)) return 'discover';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb';
  if (digits.startsWith('62')) return 'unionpay';
  return 'unknown';
}

/** American Express cards carry a four-digit CVC, the others three. */
export function isCvcValidFor(cvc: string, scheme: CardScheme): boolean {
  return new RegExp(`^\\d{${scheme === 'amex' ? 4 : 3}}$`).test(cvc);
}
