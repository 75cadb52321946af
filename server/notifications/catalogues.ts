// The server's read of the browser's message catalogues (public/locales/{locale}.json, ICU
// MessageFormat), for the texts it sends itself: recipient messages and the opt-out page. One
// source of translations for screens and messages; formatted with intl-messageformat, the library
// react-intl formats with in the browser.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { brandNamed } from '../../domain/brands';
import type { Locale } from '../../domain/locales';

export type Translate = (key: string, values?: Record<string, string>) => string;

/** The catalogue directory: the source (public/locales) in a checkout, else the built app's copy. */
export function cataloguesDir(distDir: string): string {
  const source = resolve('public/locales');
  return existsSync(source) ? source : join(distDir, 'locales');
}

/** The product's codes use underscores and a private variant (ur_alt); Intl wants BCP 47 (as src/i18n/bcp47.ts). */
const bcp47 = (locale: string): string => (locale === 'ur_alt' ? 'ur' : locale.replace(/_/g, '-'));

export function createCatalogues(dir: string, brand: string) {
  const loaded = new Map<Locale, Record<string, string>>();
  const catalogue = (locale: Locale): Record<string, string> => {
    let messages = loaded.get(locale);
    if (!messages) {
      messages = JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;
      loaded.set(locale, messages);
    }
    return messages;
  };
  const { productName, platformName } = brandNamed(brand);
  return {
    /** A formatter for `locale`; a key missing there falls back to English (the catalogue tests keep them complete). */
    translator(locale: Locale): Translate {
      return (key, values = {}) => {
        const message = catalogue(locale)[key] ?? catalogue('en')[key];
        if (message === undefined) throw new Error(`no message ${key}`);
        // Western digits, as on the screens (src/i18n/bcp47.ts formattingLocale).
        const formatted = new IntlMessageFormat(message, `${bcp47(locale)}-u-nu-latn`).format({ productName, platformName, ...values });
        return Array.isArray(formatted) ? formatted.join('') : String(formatted);
      };
    },
  };
}
export type Catalogues = ReturnType<typeof createCatalogues>;
