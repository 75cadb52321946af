import { describe, expect, it } from 'vitest';
import { isRtl } from '../../domain/locales';
import { createIntl } from 'react-intl';
import { directionOf, formattingLocale, toBcp47 } from '../../src/i18n/bcp47';
import { formatDateTime, formatMoney, formatNumber, languageName, regionName } from '../../src/i18n/format';

describe('locale formatting through Intl', () => {
  it('maps the product codes to BCP 47 tags', () => {
    expect(toBcp47('zh_Hant_TW')).toBe('zh-Hant-TW');
    expect(toBcp47('nb_NO')).toBe('nb-NO');
    expect(toBcp47('ur_alt')).toBe('ur');
    expect(toBcp47('ar-SA')).toBe('ar-SA');
  });

  it.each([
    ['ur', 'rtl'],
    ['ur_alt', 'rtl'],
    ['ar', 'rtl'],
    ['ar-SA', 'rtl'],
    ['ar-TN', 'rtl'],
    ['en', 'ltr'],
    ['zh_HK', 'ltr'],
  ])('%s is written %s', (locale, direction) => {
    expect(directionOf(isRtl(locale))).toBe(direction);
  });

  it('formats money in the locale and the currency', () => {
    expect(formatMoney(12.5, { locale: 'en', currency: 'SAR' })).toMatch(/^SAR\s12\.50$/);
    expect(formatMoney(12.5, { locale: 'ar-SA', currency: 'SAR' })).toMatch(/12[.٫]50/);
  });

  it('writes every number of a locale in one numbering system: money, times, counts in messages and plurals', () => {
    const NON_WESTERN_DIGITS = /[٠-٩۰-۹০-৯၀-၉]/;
    for (const locale of ['ar-SA', 'ar', 'ur', 'bn', 'my']) {
      const shown = [
        formatMoney(1234.5, { locale, currency: 'SAR' }),
        formatNumber(1234, { locale }),
        formatDateTime(1767225600, { locale, timeZone: 'Asia/Dubai' }),
        createIntl({ locale: formattingLocale(locale), messages: { m: '{count} / {limit}: {count, plural, one {# order} other {# orders}}' } }).formatMessage({ id: 'm' }, { count: 12, limit: 200 }),
      ];
      for (const text of shown) expect({ locale, text, mixed: NON_WESTERN_DIGITS.test(text) }).toEqual({ locale, text, mixed: false });
    }
    // Still the locale's own words and separators around the digits.
    expect(formatDateTime(1767225600, { locale: 'ar-SA', timeZone: 'Asia/Dubai' })).toMatch(/[\u0600-\u06FF]/);
  });

  it("shows times on the country's wall clock, not the machine's", () => {
    // 2026-01-01T00:00:00Z is 04:00 in Asia/Dubai (SA's configured zone).
    expect(formatDateTime(1767225600, { locale: 'en', timeZone: 'Asia/Dubai' }, { dateStyle: undefined, timeStyle: 'short', hourCycle: 'h23' })).toBe(
      '04:00',
    );
  });

  it('names languages in themselves and countries in the user language', () => {
    expect(languageName('ar-SA')).toBe('العربية');
    expect(languageName('en')).toBe('English');
    expect(regionName('SA', 'en')).toBe('Saudi Arabia');
  });
});
