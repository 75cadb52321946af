import { describe, expect, it } from 'vitest';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import { BRANDS, COUNTRIES, COUNTRY_CODES, LOCALES, PAYMENT_METHODS, countryConfig, isSupportedCountry } from '../../domain';

describe('Saudi Arabia, the reference build (SPEC §1)', () => {
  it('is exactly as the spec says', () => {
    const sa = countryConfig('SA');
    expect(sa).toMatchObject({
      code: 'SA',
      currency: 'SAR',
      phonePrefix: '+966',
      defaultPaymentMethod: 'CASH_ON_DELIVERY',
      timeZone: 'Asia/Dubai',
      languages: ['en', 'ar-SA'],
      defaultLanguage: 'en',
      minimumEta: 15,
      registrationType: 'PV',
      environments: ['san', 'stg', 'prd'],
    });
  });
});

describe('countries (SPEC §1)', () => {
  const named = ['SG', 'PH', 'TH', 'MY', 'PK', 'TW', 'HK', 'MM', 'BH', 'EG', 'JO', 'KW', 'OM', 'QA', 'AE', 'BD', 'KH', 'SE', 'LA', 'HU', 'JP', 'NO', 'FI', 'DE', 'CZ', 'SA', 'GR', 'CY', 'DK'];
  const glovo = ['ES', 'IT', 'PT', 'PL', 'RO', 'HR', 'BG', 'RS', 'ME', 'UA', 'GE', 'AM', 'KZ', 'KG', 'MA', 'TN', 'FR', 'MD'];

  it('supports about 50 ISO codes, including every country the spec names and the Glovo countries', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(47);
    expect(COUNTRY_CODES.length).toBeLessThanOrEqual(55);
    for (const code of [...named, ...glovo]) expect(isSupportedCountry(code)).toBe(true);
    for (const code of glovo) expect(countryConfig(code).brand).toBe('GLOVO');
  });

  it('refuses an unsupported code', () => {
    expect(isSupportedCountry('US')).toBe(false);
    expect(() => countryConfig('US')).toThrow(RangeError);
    expect(() => countryConfig('US')).toThrow('Unsupported country code: US');
  });

  it('accepts lower-case codes', () => expect(countryConfig('sa').code).toBe('SA'));

  it.each(Object.values(COUNTRIES).map((c) => [c.code, c]))('%s is complete and consistent', (_code, config) => {
    expect(config.currency).toMatch(/^[A-Z]{3}$/);
    expect(() => new Intl.NumberFormat('en', { style: 'currency', currency: config.currency })).not.toThrow();
    expect(config.phonePrefix).toMatch(/^\+\d{1,4}$/);
    expect(config.languages.length).toBeGreaterThan(0);
    for (const language of config.languages) expect(LOCALES).toContain(language);
    expect(config.languages).toContain(config.defaultLanguage);
    expect(PAYMENT_METHODS).toContain(config.defaultPaymentMethod);
    expect(config.minimumEta).toBeGreaterThan(0);
    expect(Math.abs(config.mapCentre.latitude)).toBeLessThanOrEqual(90);
    expect(Math.abs(config.mapCentre.longitude)).toBeLessThanOrEqual(180);
    expect(Object.keys(BRANDS)).toContain(config.brand);
    expect(['PV', 'CONTACT_FORM']).toContain(config.registrationType);
    expect(config.distanceLimitKm).toBeGreaterThan(0);
    // Other sites over https; the API reference is the portal's own page (/api-docs), checked below.
    const { apiDocs: _ownPage, ...external } = config.links;
    for (const url of Object.values(external)) expect(new URL(url).protocol).toBe('https:');
  });

  it('every locale is spoken somewhere', () => {
    const spoken = new Set(Object.values(COUNTRIES).flatMap((c) => c.languages));
    for (const locale of LOCALES) expect(spoken.has(locale)).toBe(true);
  });

  it('has the per-country links of SPEC §2', () => {
    expect(countryConfig('GR').links.logisticsApiSpec).toBeDefined();
    expect(countryConfig('CY').links.logisticsApiSpec).toBeDefined();
    expect(countryConfig('SA').links.logisticsApiSpec).toBeUndefined();
    expect(countryConfig('TW').links.vendorPage).toBeDefined();
    expect(countryConfig('JP').links.vendorFile).toBeDefined();
    for (const config of Object.values(COUNTRIES)) {
      expect(config.links.partnerSignUp).toBeTruthy();
      expect(config.links.privacyPolicy).toBeTruthy();
      expect(config.links.apiDocs).toBe('/api-docs');
    }
  });

  it('carries the marketing limits of SPEC §9 where given', () => {
    expect(countryConfig('HK').itemValueLimit).toBe(1000);
    expect(countryConfig('MM').itemValueLimit).toBe(300_000);
    expect(countryConfig('PH').itemValueLimit).toBe(10_000);
    expect(countryConfig('MY').itemValueLimit).toBe(200);
    expect(countryConfig('TW')).toMatchObject({ itemValueLimit: 5000, weightLimitKg: 20 });
    expect(countryConfig('SA').weightLimitKg).toBe(5);
  });
});

describe('phone prefixes', () => {
  it("are each country's calling code as libphonenumber-js knows it", () => {
    for (const code of COUNTRY_CODES) expect(countryConfig(code).phonePrefix, code).toBe(`+${getCountryCallingCode(code as CountryCode)}`);
  });
});
