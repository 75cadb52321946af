import { describe, expect, it } from 'vitest';
import { cardSchemeOf, isCvcValidFor, passesLuhn } from '../../domain/paymentCard';

// One card-number rule for the card form and the payment sandbox (they disagreed on Mastercard).
describe('card numbers', () => {
  it.each([
    ['4111111111111111', true],
    ['4000000000000002', true],
    ['378282246310005', true],
    ['4111111111111112', false],
    ['4111', false],
    ['4111 1111 1111 1111', false],
    ['41111111111111111111', false],
  ])('Luhn(%s) is %s', (digits, valid) => expect(passesLuhn(digits)).toBe(valid));

  it.each([
    ['5100000000000000', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    // 22-27 is not all Mastercard: 2200-2220 and 2721-2799 are outside its range.
    ['2200000000000000', 'unknown'],
    ['2220990000000000', 'unknown'],
    ['2721000000000000', 'unknown'],
    ['5600000000000000', 'unknown'],
    ['4111111111111111', 'visa'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3530111333300000', 'jcb'],
    ['6200000000000005', 'unionpay'],
  ])('scheme of %s is %s', (digits, scheme) => expect(cardSchemeOf(digits)).toBe(scheme));

  it('asks American Express for four CVC digits and the others for three', () => {
    expect(isCvcValidFor('1234', 'amex')).toBe(true);
    expect(isCvcValidFor('123', 'amex')).toBe(false);
    expect(isCvcValidFor('123', 'mastercard')).toBe(true);
    expect(isCvcValidFor('12a', 'visa')).toBe(false);
  });
});
