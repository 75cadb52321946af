// Lists, per locale, the en.json keys its catalogue lacks (or still has in English), with the
// English text, as a JSON batch to translate. Run: npx tsx scripts/i18n/missing.ts [locale...]
import { LOCALES, isSupportedLocale, type Locale } from '../../domain/locales';
import { catalogueExists, readCatalogue, type Catalogue } from './catalogueFiles';
import { isUntranslatedEnglish } from './sameAsEnglish';

export function keysToTranslate(locale: Locale, english: Catalogue, catalogue: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(english).filter(([key, text]) => !(key in catalogue) || isUntranslatedEnglish(locale, text, catalogue[key] ?? '')));
}

const requested = process.argv.slice(2);
const unknown = requested.filter((locale) => !isSupportedLocale(locale));
if (unknown.length > 0) throw new Error(`Not in LOCALES: ${unknown.join(', ')}`);
const locales = (requested.length > 0 ? requested : LOCALES).filter((locale): locale is Locale => isSupportedLocale(locale) && locale !== 'en');
const english = readCatalogue('en');
const report: Record<string, Catalogue> = {};
for (const locale of locales) {
  const todo = keysToTranslate(locale, english, catalogueExists(locale) ? readCatalogue(locale) : {});
  if (Object.keys(todo).length > 0) report[locale] = todo;
}
console.log(JSON.stringify(report, null, 2));
const counts = Object.entries(report).map(([locale, todo]) => `${locale} ${Object.keys(todo).length}`);
console.error(counts.length === 0 ? 'Nothing to translate.' : `To translate: ${counts.join(', ')}`);
