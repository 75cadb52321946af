// "No English left": a non-English catalogue may repeat the English text only where the text has no
// words (placeholders, numbers, symbols) or where a reviewer put it on this list.
import type { Locale } from '../../domain/locales';
import { parseMessage, visibleText } from './icuShape';

interface AllowedSameText {
  english: string;
  /** The languages in which this text is also the correct translation. */
  locales: 'all' | readonly Locale[];
  reason: string;
}

export const ALLOWED_SAME_AS_ENGLISH: readonly AllowedSameText[] = [
  { english: 'OK', locales: 'all', reason: 'international word' },
  { english: 'CSV', locales: 'all', reason: 'file format name' },
  { english: 'CVV/CVC', locales: 'all', reason: 'card security code names printed on cards' },
  { english: 'Excel (XLSX)', locales: 'all', reason: 'product and file format names' },
  { english: 'ID: {id}', locales: 'all', reason: '"ID" is the international abbreviation, and the value is a code' },
  { english: 'FAQ', locales: ['ms', 'tl', 'ceb', 'sv', 'nb_NO', 'da-DK', 'it', 'fr'], reason: 'the English abbreviation is the usual one' },
  { english: 'Account', locales: ['it'], reason: 'the usual Italian term' },
  { english: 'Password', locales: ['it'], reason: 'the usual Italian term' },
  { english: 'Total', locales: ['fr', 'es', 'pt', 'ro', 'ro-MD'], reason: 'same word in these languages' },
  { english: 'Format', locales: ['fr', 'ro', 'ro-MD', 'pl', 'da-DK', 'nb_NO', 'sv', 'hr', 'sr-ME', 'ms', 'tl', 'ceb'], reason: 'same word in these languages' },
  { english: 'Status', locales: ['ro', 'ro-MD', 'pl', 'da-DK', 'nb_NO', 'sv', 'ms', 'tl', 'ceb', 'hr', 'sr-ME'], reason: 'same word in these languages' },
  { english: 'Voucher', locales: ['pt', 'it', 'ro', 'ro-MD', 'tl', 'ceb'], reason: 'the usual term in these languages' },
  { english: 'Rider', locales: ['it', 'tl', 'ceb'], reason: 'the word couriers are called by in these markets' },
  { english: 'Collection point', locales: ['tl', 'ceb'], reason: 'the English term is the one the product uses in Tagalog and Cebuano (glossary); "Tatak" means brand' },
  { english: 'Description', locales: ['fr'], reason: 'same word in French' },
  { english: 'Date', locales: ['fr'], reason: 'same word in French' },
  { english: 'Notifications', locales: ['fr'], reason: 'same word in French' },
  { english: 'Webhooks', locales: ['fr', 'es', 'pt', 'sv', 'da-DK', 'nb_NO'], reason: 'the technical term developers use in these languages (Settings → Developers)' },
  { english: 'Menu', locales: ['fr', 'it', 'pt', 'pl', 'cs', 'da-DK', 'ms', 'tl', 'ceb', 'hu'], reason: 'same word in these languages' },
];

/** Letters remaining once ICU arguments are taken out, so "{productName} · {country}" has none. */
function hasWords(message: string): boolean {
  const parsed = parseMessage(message);
  const text = parsed.ok ? visibleText(parsed.elements) : message;
  return /\p{L}/u.test(text);
}

export function isAllowedSameAsEnglish(locale: Locale, english: string): boolean {
  if (!hasWords(english)) return true;
  return ALLOWED_SAME_AS_ENGLISH.some((entry) => entry.english === english && (entry.locales === 'all' || entry.locales.includes(locale)));
}

/** True when the translation is the English text left untranslated. */
export function isUntranslatedEnglish(locale: Locale, english: string, translated: string): boolean {
  if (locale === 'en') return false;
  if (translated.trim() !== english.trim()) return false;
  return !isAllowedSameAsEnglish(locale, english);
}
