// The production build ships the catalogues as parsed messages and formats them without react-intl's
// parser (scripts/build/compileCatalogues.ts): every message must read exactly as its text would.
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/locales';
import { readCatalogue } from '../../scripts/i18n/catalogueFiles';
import { compileCatalogue } from '../../scripts/build/compileCatalogues';
import { formattingLocale } from '../../src/i18n/bcp47';

/** Every placeholder answers 1, then 3 (plural "one" and "other" branches, numbers, names). */
const valuesOf = (value: number) => new Proxy({}, { has: () => true, get: () => value });

describe('compiled catalogues', () => {
  it.each(LOCALES)('%s: every compiled message formats as its text does', (locale) => {
    const text = readCatalogue(locale);
    const compiled = compileCatalogue(text);
    expect(Object.keys(compiled)).toEqual(Object.keys(text));
    const tag = formattingLocale(locale);
    const differences: string[] = [];
    for (const [key, message] of Object.entries(text)) {
      for (const value of [1, 3]) {
        const expected = new IntlMessageFormat(message, tag).format(valuesOf(value));
        const actual = new IntlMessageFormat(compiled[key]!, tag).format(valuesOf(value));
        if (actual !== expected) differences.push(`${key} (${value}): ${String(actual)} ≠ ${String(expected)}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('names the message that does not parse', () => {
    expect(() => compileCatalogue({ 'broken.key': 'You have {count, plural, one {# order}' })).toThrow(/broken\.key/);
  });
});
