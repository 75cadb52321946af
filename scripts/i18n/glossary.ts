// The agreed words for the product's core terms, per language, and the check that every message
// whose English uses a term uses the agreed translation (a review found "assembly point" for
// collection point in Russian and Ukrainian, お客様 for the vendor in Japanese, 你 beside 您 in
// Traditional Chinese). Glossaries live in docs/i18n-glossary/{locale}.json.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Catalogue } from './catalogueFiles';

/** How a core term shows in the English source. */
export const GLOSSARY_TERMS = {
  rider: /\briders?\b/i,
  'collection point': /\bcollection points?\b/i,
  vendor: /\bvendors?\b/i,
  customer: /\bcustomers?\b/i,
  recipient: /\brecipients?\b/i,
  order: /\borders?\b/i,
  track: /\btrack(s|ed|ing)?\b/i,
  cancel: /\bcancel(s|led|ling|lation)?\b/i,
  voucher: /\bvouchers?\b/i,
  scheduled: /\bscheduled\b/i,
} as const;
export type GlossaryTerm = keyof typeof GLOSSARY_TERMS;

export interface Glossary {
  /** How the user is addressed (formal or informal "you"); `avoid` holds the other form's words. */
  address: 'formal' | 'informal';
  /** For each term, the words (or word stems) that count as its agreed translation; any one will do. */
  terms: Partial<Record<GlossaryTerm, string[]>>;
  /** Words that must not appear in any message, with the reason (a wrong term, the other register). */
  avoid?: Record<string, string>;
  /** Words kept for some terms only: they may appear only where the English uses one of those terms
   * (Japanese お客様 is the end customer, never the vendor). */
  reserved?: Record<string, GlossaryTerm[]>;
  /** Keys where the term is left out on purpose (a short button, a sentence that needs no repeat). */
  exceptions?: Partial<Record<GlossaryTerm, string[]>>;
}

export const GLOSSARY_DIR = fileURLToPath(new URL('../../docs/i18n-glossary/', import.meta.url));

export function readGlossary(locale: string): Glossary | null {
  const file = `${GLOSSARY_DIR}${locale}.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Glossary) : null;
}

const withoutArguments = (message: string) => message.replace(/\{[\w-]+\}/g, ' ');

/** Problems of one catalogue against its glossary. */
export function glossaryProblems(english: Catalogue, catalogue: Catalogue, glossary: Glossary): string[] {
  const problems: string[] = [];
  for (const [key, source] of Object.entries(english)) {
    const translation = catalogue[key];
    if (translation === undefined) continue;
    const text = withoutArguments(translation).toLocaleLowerCase();
    for (const [term, pattern] of Object.entries(GLOSSARY_TERMS) as [GlossaryTerm, RegExp][]) {
      const agreed = glossary.terms[term];
      if (!agreed || !pattern.test(withoutArguments(source))) continue;
      if (glossary.exceptions?.[term]?.includes(key)) continue;
      if (!agreed.some((word) => text.includes(word.toLocaleLowerCase()))) {
        problems.push(`${key}: "${term}" should be ${agreed.map((word) => `"${word}"`).join(' or ')} (${translation})`);
      }
    }
    for (const [word, terms] of Object.entries(glossary.reserved ?? {})) {
      if (text.includes(word.toLocaleLowerCase()) && !terms.some((term) => GLOSSARY_TERMS[term].test(withoutArguments(source)))) {
        problems.push(`${key}: "${word}" is kept for ${terms.join(' and ')}, which this English does not name (${translation})`);
      }
    }
    for (const [word, reason] of Object.entries(glossary.avoid ?? {})) {
      if (text.includes(word.toLocaleLowerCase())) problems.push(`${key}: "${word}" is not used: ${reason} (${translation})`);
    }
  }
  for (const [term, keys] of Object.entries(glossary.exceptions ?? {})) {
    for (const key of keys ?? []) if (!(key in english)) problems.push(`${key}: listed as an exception for "${term}" but not in en.json`);
  }
  return problems;
}
