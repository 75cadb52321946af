// The rules every catalogue must meet against en.json: same keys, valid ICU with the
// English structure and the language's plural forms, a number in every plural `one` branch that
// covers more than 1, and no English left untranslated.
import { LOCALES, type Locale } from '../../domain/locales';
import { catalogueExists, readCatalogue, type Catalogue } from './catalogueFiles';
import { compareMessage } from './compareMessage';
import { englishLeftIn } from './englishWords';
import { glossaryProblems, readGlossary, type Glossary } from './glossary';
import { parseMessage } from './icuShape';
import { bareOneBranchProblems } from './pluralOneBranch';
import { isUntranslatedEnglish } from './sameAsEnglish';

export interface CatalogueProblem {
  locale: Locale;
  key: string | null;
  problem: string;
}

/** `glossary` defaults to the language's file under docs/i18n-glossary (tests pass their own). */
export function checkCatalogue(locale: Locale, english: Catalogue, catalogue: Catalogue, glossary: Glossary | null = locale === 'en' ? null : readGlossary(locale)): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const add = (key: string | null, problem: string) => problems.push({ locale, key, problem });
  for (const key of Object.keys(english)) if (!(key in catalogue)) add(key, 'missing');
  for (const key of Object.keys(catalogue)) if (!(key in english)) add(key, 'not in en.json');
  for (const [key, message] of Object.entries(catalogue)) {
    const source = english[key];
    if (source === undefined) {
      const parsed = parseMessage(message);
      if (!parsed.ok) add(key, `not valid ICU: ${parsed.error}`);
      continue;
    }
    for (const problem of compareMessage(locale, source, message)) add(key, problem);
    for (const problem of bareOneBranchProblems(locale, message)) add(key, problem);
    if (isUntranslatedEnglish(locale, source, message)) add(key, 'identical to English (translate it, or review it onto ALLOWED_SAME_AS_ENGLISH)');
    const englishLeft = englishLeftIn(locale, key, source, message);
    if (englishLeft.length > 0) add(key, `English left in the translation: ${englishLeft.join(', ')} (translate it, or review it onto ALLOWED_LATIN_WORDS)`);
  }
  if (locale !== 'en' && glossary === null) add(null, `docs/i18n-glossary/${locale}.json does not exist (every language keeps a glossary of the core terms)`);
  if (glossary) for (const problem of glossaryProblems(english, catalogue, glossary)) add(null, `glossary: ${problem}`);
  return problems;
}

/** Checks every locale of LOCALES on disk; a missing file is one problem. */
export function checkAllCatalogues(): CatalogueProblem[] {
  const english = readCatalogue('en');
  return LOCALES.flatMap((locale) => {
    if (!catalogueExists(locale)) return [{ locale, key: null, problem: `public/locales/${locale}.json does not exist` }];
    try {
      return checkCatalogue(locale, english, readCatalogue(locale));
    } catch (error) {
      return [{ locale, key: null, problem: error instanceof Error ? error.message : String(error) }];
    }
  });
}
