// Pure card checks (no I/O, time is a parameter): Luhn, scheme from the BIN, expiry, CVC. The number's
// rules are domain/paymentCard.ts, the card form's too.
import { cardSchemeOf as schemeOfDigits, isCvcValidFor, passesLuhn, type CardScheme } from '../../domain/paymentCard';
import type { CardInput, CardSummary, DeclineReason } from './provider';

const DIGITS_ONLY = /^\d+$/;

/** Digits of a card number as typed ("4111 1111-1111 1111"), or null if anything else is in it. */
export function cardDigits(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  return DIGITS_ONLY.test(digits) ? digits : null;
}

/** The Luhn (mod 10) check on a number as typed (the domain rule, on 12 to 19 digits). */
export function isLuhnValid(number: string): boolean {
  const digits = cardDigits(number);
  return digits !== null && passesLuhn(digits);
}

/** Scheme from the issuer identification number (leading digits). */
export function cardSchemeOf(number: string): CardScheme {
  return schemeOfDigits(cardDigits(number) ?? '');
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
  const scheme = schemeOfDigits(digits);
  if (!isCvcValidFor(card.cvc, scheme)) return { ok: false, reason: 'invalid_cvc' };
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
