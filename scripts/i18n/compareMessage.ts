// Whether a translated message keeps the English message's structure: same arguments of the same
// kind, same select options, and the plural categories the target language needs (CLDR).
import { argumentsOf, parseMessage, type ArgumentUse } from './icuShape';
import { pluralCategoriesOf } from './pluralCategories';

const EXACT_MATCH = /^=\d+$/;

const signature = (use: ArgumentUse) => `${use.name}:${use.kind}`;

function byName(uses: readonly ArgumentUse[]): Map<string, ArgumentUse[]> {
  const map = new Map<string, ArgumentUse[]>();
  for (const use of uses) map.set(signature(use), [...(map.get(signature(use)) ?? []), use]);
  return map;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

function pluralProblems(locale: string, use: ArgumentUse): string[] {
  if (use.kind !== 'plural' && use.kind !== 'selectordinal') return [];
  const categories = pluralCategoriesOf(locale, use.kind);
  const problems: string[] = [];
  const unknown = use.options.filter((option) => !EXACT_MATCH.test(option) && !categories.includes(option));
  if (unknown.length > 0) problems.push(`{${use.name}} uses plural categories ${unknown.join(', ')} that ${locale} does not have (it has ${categories.join(', ')})`);
  const absent = categories.filter((category) => !use.options.includes(category));
  if (absent.length > 0) problems.push(`{${use.name}} lacks the plural categories ${absent.join(', ')} that ${locale} needs`);
  return problems;
}

/** Problems of one translated message against its English source; empty when it is sound. */
export function compareMessage(locale: string, english: string, translated: string): string[] {
  const source = parseMessage(english);
  const target = parseMessage(translated);
  if (!target.ok) return [`not valid ICU: ${target.error}`];
  if (!source.ok) return [`the English message is not valid ICU: ${source.error}`];

  const problems: string[] = [];
  const expected = byName(argumentsOf(source.elements));
  const actual = byName(argumentsOf(target.elements));
  for (const name of expected.keys()) if (!actual.has(name)) problems.push(`missing argument {${name}}`);
  for (const name of actual.keys()) if (!expected.has(name)) problems.push(`argument {${name}} is not in English`);

  for (const uses of actual.values()) {
    for (const use of uses) {
      if (use.kind === 'select') {
        const englishOptions = (expected.get(signature(use)) ?? []).flatMap((english) => english.options);
        if (!sameSet(use.options, englishOptions)) problems.push(`{${use.name}} select options ${use.options.join(', ')} differ from English (${englishOptions.join(', ')})`);
      }
      problems.push(...pluralProblems(locale, use));
    }
  }
  return problems;
}
