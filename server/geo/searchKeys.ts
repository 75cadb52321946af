// Case- and diacritic-insensitive search keys. NFD splits letters from their marks (é -> e + ́, and
// Arabic hamza forms أ/إ/آ -> ا + mark, tashkeel), so dropping \p{M} folds them without a table.
const MARKS = /\p{M}+/gu;
// Apostrophes inside transliterations (Dir'iyah, Ta’if) join a word rather than split it.
const APOSTROPHES = /['’‘ʼʻ`´]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
const ARABIC_ARTICLE = 'ال';

export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').replace(APOSTROPHES, '').toLowerCase().normalize('NFC');
}

/** Words of a folded text, in order. */
export function searchTokens(text: string): string[] {
  return foldForSearch(text).split(SEPARATORS).filter((token) => token.length > 0);
}

/**
 * Tokens to index for a name: its words, plus each Arabic word without its attached article, so
 * "عليا" finds "العليا" as "Olaya" finds "Al Olaya".
 */
export function indexTokens(text: string): string[] {
  const tokens = searchTokens(text);
  const stems = tokens
    .filter((token) => token.startsWith(ARABIC_ARTICLE) && token.length > ARABIC_ARTICLE.length + 1)
    .map((token) => token.slice(ARABIC_ARTICLE.length));
  return [...tokens, ...stems];
}

/** The whole name folded with single spaces, for whole-prefix matches ("al ol" -> "al olaya"). */
export function phraseKey(text: string): string {
  return searchTokens(text).join(' ');
}
