import { describe, expect, it } from 'vitest';
import { LOCALES, isRtl } from '../../domain/locales';
import { catalogueExists, readCatalogue } from '../../scripts/i18n/catalogueFiles';
import { checkCatalogue } from '../../scripts/i18n/checkCatalogue';

const RIGHT_TO_LEFT = ['ur', 'ur_alt', 'ar', 'ar-SA', 'ar-MA', 'ar-TN'];

describe('the 44 catalogues', () => {
  const english = readCatalogue('en');

  it('English has keys, and every English message is valid ICU', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
    expect(checkCatalogue('en', english, english)).toEqual([]);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has exactly en.json keys, valid ICU of the same shape, and no English left', (locale) => {
    expect(catalogueExists(locale), `public/locales/${locale}.json`).toBe(true);
    const problems = checkCatalogue(locale, english, readCatalogue(locale)).map(({ key, problem }) => `${key}: ${problem}`);
    expect(problems).toEqual([]);
  });
});

describe('writing direction', () => {
  it.each(LOCALES)('%s is right to left only for Urdu and Arabic', (locale) => {
    expect(isRtl(locale)).toBe(RIGHT_TO_LEFT.includes(locale));
  });
});
