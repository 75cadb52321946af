import { describe, expect, it } from 'vitest';
import { BRANDS, BRAND_KEYS, LOCALES, countryConfig, isRtl, resolveLocale } from '../../domain';

describe('locales (SPEC §1)', () => {
  it('has the 44 language codes of the spec', () => {
    expect(LOCALES).toEqual([
      'en', 'ur', 'ur_alt', 'zh_Hant_TW', 'zh_HK', 'zh_MY', 'th_TH', 'tl', 'ar', 'ar-SA', 'ceb', 'bn', 'my', 'ms', 'km', 'lo',
      'ja', 'sv', 'nb_NO', 'fi', 'hu', 'cs', 'el', 'el-CY', 'da-DK', 'sr', 'pl', 'ro', 'kk', 'ru', 'it', 'ka', 'bg', 'pt',
      'ar-MA', 'uk', 'hy', 'fr', 'hr', 'ky', 'ro-MD', 'sr-ME', 'ar-TN', 'es',
    ]);
    expect(new Set(LOCALES).size).toBe(44);
  });

  it('is right-to-left for Urdu, Arabic and every Arabic variant only', () => {
    const rtl = LOCALES.filter(isRtl);
    expect(rtl.sort()).toEqual(['ar', 'ar-MA', 'ar-SA', 'ar-TN', 'ur', 'ur_alt'].sort());
  });

  it('writes every Arabic variant right to left, in either separator, and nothing that only ends in ar', () => {
    expect(isRtl('ar_EG')).toBe(true);
    expect(isRtl('ar-EG')).toBe(true);
    expect(isRtl('mar_')).toBe(false);
  });

  it.each([
    ['ar-SA', 'SA', 'ar-SA'],
    ['en', 'SA', 'en'],
    ['ar', 'SA', 'en'],
    ['de', 'SA', 'en'],
    [null, 'SA', 'en'],
    ['', 'SA', 'en'],
    ['th_TH', 'SA', 'en'],
    ['ur', 'PK', 'ur'],
    ['de', 'TH', 'th_TH'],
  ])('resolveLocale(%j, %s) -> %s', (requested, country, expected) => {
    expect(resolveLocale(requested, countryConfig(country))).toBe(expected);
  });
});

describe('brands (SPEC §1)', () => {
  it('has the 8 brand keys, each with a product and a platform name', () => {
    expect(BRAND_KEYS).toEqual(['TALABAT', 'FOODPANDA', 'FOODORA', 'PANDASEND', 'HUNGER_STATION', 'EFOOD', 'FOODY', 'GLOVO']);
    for (const key of BRAND_KEYS) {
      expect(BRANDS[key].key).toBe(key);
      expect(BRANDS[key].productName).not.toBe('');
      expect(BRANDS[key].platformName).not.toBe('');
    }
  });
});
