// The request screen's small pure helpers: amount grouping, card checks and 'Later' times.
import { describe, expect, it } from 'vitest';
import { groupAmount, ungroupAmount } from '../../src/screens/request/amountText';
import { cardDigits, groupCardNumber, isCvcValid, isExpiryInFuture, parseExpiry, passesLuhn } from '../../src/screens/request/cardNumber';
import { isChoiceAllowed, preorderDates, unixOfChoice } from '../../src/screens/request/preorderTime';

describe('order amount with digit grouping', () => {
  it.each([
    ['1250', 'en', '1,250'],
    ['1250.5', 'en', '1,250.5'],
    ['1234567', 'ar-SA', '1,234,567'],
    ['', 'en', ''],
    ['12a', 'en', '12a'],
  ])('%s in %s shows as %s', (raw, locale, shown) => {
    expect(groupAmount(raw, locale)).toBe(shown);
  });

  it.each([
    ['1,250', 'en', '1250'],
    ['1,250.75', 'en', '1250.75'],
    ['SAR 80', 'en', '80'],
  ])('typed %s in %s is kept as %s', (typed, locale, raw) => {
    expect(ungroupAmount(typed, locale)).toBe(raw);
  });

  it('reads a decimal comma where the group separator is a point', () => {
    expect(ungroupAmount('1.250,5', 'de')).toBe('1250.5');
  });
});

describe('card checks before the provider answers', () => {
  it('accepts the sandbox test cards and refuses a mistyped number', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('4111')).toBe(false);
  });

  it('keeps digits only and groups them by four', () => {
    expect(cardDigits('4111-1111 1111 1111')).toBe('4111111111111111');
    expect(groupCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
  });

  it('reads MM/YY expiries, valid through the last day of the month', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('1230')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(isExpiryInFuture({ month: 11, year: 2026 }, { year: 2026, month: 11 })).toBe(true);
    expect(isExpiryInFuture({ month: 10, year: 2026 }, { year: 2026, month: 11 })).toBe(false);
  });

  it('wants 3 CVC digits, 4 for Amex', () => {
    expect(isCvcValid('123', '4111111111111111')).toBe(true);
    expect(isCvcValid('1234', '378282246310005')).toBe(true);
    expect(isCvcValid('123', '378282246310005')).toBe(false);
  });
});

describe("'Later' delivery times on the country's clock", () => {
  // 2026-11-22 00:00 UTC is 04:00 in Asia/Dubai.
  const now = Date.UTC(2026, 10, 22, 0, 0) / 1000;

  it('offers today and the next two days', () => {
    expect(preorderDates(now, 'Asia/Dubai')).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
  });

  it('turns a wall-clock choice into an instant in the zone', () => {
    expect(unixOfChoice({ date: '2026-11-22', time: '06:00' }, 'Asia/Dubai')).toBe(now + 2 * 3600);
    expect(unixOfChoice({ date: 'nope', time: '06:00' }, 'Asia/Dubai')).toBeNull();
  });

  it('allows the future up to 2 days ahead only', () => {
    expect(isChoiceAllowed({ date: '2026-11-22', time: '03:00' }, now, 'Asia/Dubai')).toBe(false);
    expect(isChoiceAllowed({ date: '2026-11-23', time: '10:00' }, now, 'Asia/Dubai')).toBe(true);
    expect(isChoiceAllowed({ date: '2026-11-24', time: '05:00' }, now, 'Asia/Dubai')).toBe(false);
  });
});
