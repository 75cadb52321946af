// The CLDR plural categories a language distinguishes, from the runtime's own CLDR data (Intl).
import { toBcp47 } from '../../src/i18n/bcp47';

export type PluralKind = 'plural' | 'selectordinal';

export function pluralCategoriesOf(locale: string, kind: PluralKind): string[] {
  const type = kind === 'selectordinal' ? 'ordinal' : 'cardinal';
  return new Intl.PluralRules(toBcp47(locale), { type }).resolvedOptions().pluralCategories;
}
