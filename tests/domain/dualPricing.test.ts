import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryConfig, currencyMinorDigits, dualPrice } from '../../domain';

describe('dual pricing data', () => {
  it('gives Bulgaria and Croatia their old currency at the fixed euro conversion rate', () => {
    expect(countryConfig('BG').dualCurrency).toEqual({ currency: 'BGN', perUnit: 1.95583 });
    expect(countryConfig('HR').dualCurrency).toEqual({ currency: 'HRK', perUnit: 7.5345 });
  });

  it('leaves every other country without a second currency', () => {
    const dual = COUNTRY_CODES.filter((code) => countryConfig(code).dualCurrency !== null);
    expect(dual.sort()).toEqual(['BG', 'HR']);
  });

  it('names second currencies Intl can format, different from the country currency', () => {
    for (const code of ['BG', 'HR']) {
      const { currency, dualCurrency } = countryConfig(code);
      expect(dualCurrency?.currency).not.toBe(currency);
      expect(() => new Intl.NumberFormat('en', { style: 'currency', currency: dualCurrency?.currency })).not.toThrow();
    }
  });
});

describe('dualPrice', () => {
  it('converts a fee into leva, rounded to stotinki', () => {
    expect(dualPrice(10, 'BG')).toEqual({ amount: 19.56, currency: 'BGN' });
    expect(dualPrice(4.99, 'bg')).toEqual({ amount: 9.76, currency: 'BGN' });
  });

  it('converts into kuna', () => {
    expect(dualPrice(10, 'HR')).toEqual({ amount: 75.35, currency: 'HRK' });
  });

  it('is null where the country has no second currency (the reference build included)', () => {
    expect(dualPrice(10, 'SA')).toBeNull();
    expect(dualPrice(10, 'DE')).toBeNull();
  });

  it('never has more decimals than the second currency allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const price = dualPrice(cents / 100, 'BG');
        const digits = currencyMinorDigits('BGN');
        expect(price).not.toBeNull();
        expect(Math.round((price?.amount ?? 0) * 10 ** digits) / 10 ** digits).toBe(price?.amount);
      }),
    );
  });
});
