// "No English left" inside a translated message, not only whole messages left in English: a catalogue in
// a non-Latin script may show Latin words only where they are codes, brand names or values the user must
// type as written; a Latin-script catalogue may not copy a run of four words from the English source.
import { BRANDS } from '../../domain/brands';
import type { Locale } from '../../domain/locales';
import { parseMessage, visibleText } from './icuShape';

interface AllowedLatinWord {
  word: string;
  /** Only in these message keys; every key when absent. */
  keys?: readonly string[];
  reason: string;
}

export const ALLOWED_LATIN_WORDS: readonly AllowedLatinWord[] = [
  { word: 'Excel', reason: 'product name' },
  { word: 'km', reason: 'SI unit symbol' },
  { word: 'kg', reason: 'SI unit symbol' },
  { word: 'instant', keys: ['bulk-order-upload.error.invalid-delivery-type'], reason: "a value of the upload file's delivery type column" },
  { word: 'scheduled', keys: ['bulk-order-upload.error.invalid-delivery-type'], reason: "a value of the upload file's delivery type column" },
  { word: 'lat', keys: ['request.address.placeholder'], reason: 'the coordinate format typed into the search' },
  { word: 'lng', keys: ['request.address.placeholder'], reason: 'the coordinate format typed into the search' },
  { word: 'Google', keys: ['request.search.powered-by-google'], reason: "Google's attribution names the brand as Google writes it" },
];

/** Words of the brands' product and platform names, which every language writes as the brand does. */
const BRAND_WORDS = new Set(
  Object.values(BRANDS)
    .flatMap((brand) => [brand.productName, brand.platformName])
    .flatMap((name) => name.toLowerCase().split(/[\s-]+/)),
);

/** Runs of this many words copied from the English source count as English left in the translation. */
const COPIED_RUN_WORDS = 4;

/** The script a language is written in, from CLDR's likely subtags ("sr" is Cyrillic, "sr-ME" Latin). */
export function scriptOf(locale: Locale | string): string {
  const tag = locale.replace(/_alt$/, '').replace(/_/g, '-');
  return new Intl.Locale(tag).maximize().script ?? 'Latn';
}

function textOf(message: string): string {
  const parsed = parseMessage(message);
  return parsed.ok ? visibleText(parsed.elements) : message;
}

function isAllowedLatinWord(word: string, key: string): boolean {
  // Codes and abbreviations (ID, CSV, CVV, SAR, MM/YY, CASH_ON_DELIVERY) are written in capitals everywhere.
  if (word === word.toUpperCase()) return true;
  if (BRAND_WORDS.has(word.toLowerCase())) return true;
  return ALLOWED_LATIN_WORDS.some((entry) => entry.word === word && (entry.keys === undefined || entry.keys.includes(key)));
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** English runs of the source found in a Latin-script translation, brand names aside. */
function copiedRuns(english: string, translated: string): string[] {
  const source = wordsOf(textOf(english));
  const target = ` ${wordsOf(textOf(translated)).join(' ')} `;
  const copied = (start: number, end: number) => {
    const run = source.slice(start, end);
    return !run.every((word) => BRAND_WORDS.has(word)) && target.includes(` ${run.join(' ')} `);
  };
  const runs: string[] = [];
  let start = 0;
  while (start + COPIED_RUN_WORDS <= source.length) {
    if (!copied(start, start + COPIED_RUN_WORDS)) {
      start += 1;
      continue;
    }
    // Report the longest copied run once, not each of its overlapping four-word windows.
    let end = start + COPIED_RUN_WORDS;
    while (end < source.length && copied(start, end + 1)) end += 1;
    runs.push(source.slice(start, end).join(' '));
    start = end;
  }
  return runs;
}

/**
 * The English a translated message still contains ([] when none): Latin words in a non-Latin-script
 * language, or runs copied from the English source in a Latin-script one. Arguments are not text.
 */
export function englishLeftIn(locale: Locale, key: string, english: string, translated: string): string[] {
  if (locale === 'en' || translated.trim() === english.trim()) return [];
  if (scriptOf(locale) === 'Latn') return copiedRuns(english, translated);
  const latinWords = textOf(translated).match(/\p{Script=Latin}[\p{Script=Latin}\d_]*/gu) ?? [];
  return [...new Set(latinWords.filter((word) => word.length > 1 && !isAllowedLatinWord(word, key)))];
}
