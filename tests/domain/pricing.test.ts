import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_SCHEME, countryConfig, currencyMinorDigits, deliveryFee, greatCircleKm } from '../../domain';
import { roundToMinorUnit } from '../../domain/pricing';

describe('delivery fee price schemes (SPEC §9)', () => {
  it.each([
    // Pakistan: base 65 plus 10 per km.
    ['PK', 0, 'CASH_ON_DELIVERY', 65],
    ['PK', 3, 'CASH_ON_DELIVERY', 95],
    // Every started km counts.
    ['PK', 2.1, 'PAID', 95],
    // Taiwan: base 99 plus 10 per km from 1 km, plus 25 for cash on delivery.
    ['TW', 1, 'PAID', 99],
    ['TW', 4, 'PAID', 129],
    ['TW', 4, 'CASH_ON_DELIVERY', 154],
    // Malaysia: base 4.75 plus 0.5 per km.
    ['MY', 3, 'PAID', 6.25],
    // Singapore: from 6 plus 1 per km.
    ['SG', 0, 'PAID', 6],
    ['SG', 5, 'PAID', 11],
    // Thailand (Bangkok): 35 plus 7 per km beyond the first.
    ['TH', 1, 'PAID', 35],
    ['TH', 5, 'PAID', 63],
    // Myanmar: 1300 plus 200 per km.
    ['MM', 2, 'PAID', 1700],
    // Bangladesh: 55 plus 5 per km.
    ['BD', 4, 'PAID', 75],
    // Hong Kong: roughly 49 to 79.
    ['HK', 0, 'PAID', 49],
    ['HK', 3, 'PAID', 67],
    ['HK', 5, 'PAID', 79],
    ['HK', 40, 'PAID', 79],
  ] as const)('%s, %f km, %s -> %f', (country, km, method, fee) => {
    expect(deliveryFee(country, km, method)).toBe(fee);
  });

  it('the cash-on-delivery surcharge is Taiwan only', () => {
    expect(deliveryFee('SG', 3, 'CASH_ON_DELIVERY')).toBe(deliveryFee('SG', 3, 'PAID'));
  });

  it('uses the documented default scheme elsewhere, Saudi Arabia included', () => {
    expect(DEFAULT_PRICE_SCHEME).toMatchObject({ base: 10, perKm: 1 });
    expect(deliveryFee('SA', 0, 'CASH_ON_DELIVERY')).toBe(10);
    expect(deliveryFee('SA', 7.2, 'CASH_ON_DELIVERY')).toBe(18);
  });

  it('rounds to the minor unit of the currency', () => {
    expect(currencyMinorDigits(countryConfig('JP').currency)).toBe(0);
    expect(currencyMinorDigits(countryConfig('KW').currency)).toBe(3);
    expect(currencyMinorDigits(countryConfig('SA').currency)).toBe(2);
    expect(deliveryFee('MY', 1, 'PAID')).toBe(5.25);
    expect(Number.isInteger(deliveryFee('JP', 2.5, 'PAID'))).toBe(true);
  });

  it('refuses a negative or non-finite distance and an unsupported country', () => {
    expect(() => deliveryFee('SA', -1, 'PAID')).toThrow(RangeError);
    expect(() => deliveryFee('SA', Number.NaN, 'PAID')).toThrow(RangeError);
    expect(() => deliveryFee('US', 1, 'PAID')).toThrow(RangeError);
    // The message names the bad value, for the log of whoever passed it.
    expect(() => deliveryFee('SA', -1, 'PAID')).toThrow('Invalid distance: -1');
  });

  it('rounds a half minor unit up, though binary floats store 1.005 as 1.00499…', () => {
    expect(roundToMinorUnit(1.005, 'SAR')).toBe(1.01);
    expect(roundToMinorUnit(1.0049, 'SAR')).toBe(1);
    expect(roundToMinorUnit(2.5, 'JPY')).toBe(3);
  });
});

describe('greatCircleKm', () => {
  it('is 0 for the same point and symmetric', () => {
    const riyadh = { latitude: 24.7136, longitude: 46.6753 };
    const jeddah = { latitude: 21.4858, longitude: 39.1925 };
    expect(greatCircleKm(riyadh, riyadh)).toBe(0);
    expect(greatCircleKm(riyadh, jeddah)).toBeCloseTo(greatCircleKm(jeddah, riyadh), 9);
  });

  it('matches known distances (Riyadh-Jeddah about 845 km, one degree of latitude about 111.2 km)', () => {
    expect(greatCircleKm({ latitude: 24.7136, longitude: 46.6753 }, { latitude: 21.4858, longitude: 39.1925 })).toBeCloseTo(846, -1);
    expect(greatCircleKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.19, 1);
  });
});
