// Pure card checks (no I/O, time is a parameter): Luhn, scheme from the BIN, expiry, CVC.
import type { CardInput, CardScheme, CardSummary, DeclineReason } from './provider';

const DIGITS_ONLY = /^\d+$/;

/** Digits of a card number as typed ("4111 1111-1111 1111"), or null if anything else is in it. */
export function cardDigits(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  return DIGITS_ONLY.test(digits) ? digits : null;
}

/** The Luhn (mod 10) check every card number satisfies, on 12 to 19 digits. */
export function isLuhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (!digits || digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Scheme from the issuer identification number (leading digits). */
export function cardSchemeOf(number: string): CardScheme {
  const digits = cardDigits(number) ?? '';
  const prefix = (length: number): number => Number(digits.slice(0, length));
  if (digits.startsWith('4')) return 'visa';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(6) >= 222100 && prefix(6) <= 272099)) return 'mastercard';
  if (digits.startsWith('34') || digits.startsWith('37')) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || (prefix(3) >= 644 && prefix(3) <= 649)) return 'discover';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb';
  if (digits.startsWith('62')) return 'unionpay';
  return 'unknown';
}

/** A card is valid through the last day of its expiry month (UTC). Two-digit years mean 20YY. */
export function isExpired(expiryMonth: number, expiryYear: number, nowUnix: number): boolean {
  const year = expiryYear < 100 ? 2000 + expiryYear : expiryYear;
  const firstOfNextMonth = Date.UTC(year, expiryMonth, 1) / 1000;
  return nowUnix >= firstOfNextMonth;
}

export type CardCheck = { ok: true; summary: CardSummary } | { ok: false; reason: DeclineReason };

/** What a card form's numbers say before any issuer is asked. */
export function checkCard(card: CardInput, nowUnix: number): CardCheck {
  const digits = cardDigits(card.number);
  if (!digits || !isLuhnValid(digits)) return { ok: false, reason: 'invalid_card_number' };
  const month = card.expiry_month;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(card.expiry_year)) {
    return { ok: false, reason: 'card_expired' };
  }
  if (isExpired(month, card.expiry_year, nowUnix)) return { ok: false, reason: 'card_expired' };
  const scheme = cardSchemeOf(digits);
  const cvcLength = scheme === 'amex' ? 4 : 3;
  if (!DIGITS_ONLY.test(card.cvc) || card.cvc.length !== cvcLength) return { ok: false, reason: 'invalid_cvc' };
  return {
    ok: true,
    summary: {
      scheme,
      last4: digits.slice(-4),
      expiry_month: month,
      expiry_year: card.expiry_year < 100 ? 2000 + card.expiry_year : card.expiry_year,
      holder_name: card.holder_name.trim(),
    },
  };
}
