// A plural `one` branch written without `#` reads as "one": right in English, where `one` is only 1,
// wrong in languages whose `one` also covers other counts (Russian 21 and 31, Tagalog 2, 3, 5 and 7,
// French 0). Such a branch must show the number unless the language's `one` is exactly {1}.
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { toBcp47 } from '../../src/i18n/bcp47';
import { parseMessage } from './icuShape';

/** Counts up to this cover every CLDR rule's pattern (they repeat by 10, 100 or 1 000). */
const HIGHEST_COUNT_CHECKED = 1_100;

/** Whole counts the language's cardinal `one` category takes. */
export function countsCalledOne(locale: string): number[] {
  const rules = new Intl.PluralRules(toBcp47(locale), { type: 'cardinal' });
  const counts: number[] = [];
  for (let count = 0; count <= HIGHEST_COUNT_CHECKED; count += 1) if (rules.select(count) === 'one') counts.push(count);
  return counts;
}

function hasPound(elements: readonly MessageFormatElement[]): boolean {
  return elements.some((element) => {
    if (element.type === TYPE.pound) return true;
    if (element.type === TYPE.tag) return hasPound(element.children);
    return false;
  });
}

/** Names of cardinal plural arguments whose `one` branch lacks `#` (nested plurals included). */
function pluralsWithBareOne(elements: readonly MessageFormatElement[]): string[] {
  const found: string[] = [];
  for (const element of elements) {
    if (element.type === TYPE.plural) {
      const one = element.options.one;
      if (element.pluralType !== 'ordinal' && one && !hasPound(one.value)) found.push(element.value);
      for (const option of Object.values(element.options)) found.push(...pluralsWithBareOne(option.value));
    } else if (element.type === TYPE.select) {
      for (const option of Object.values(element.options)) found.push(...pluralsWithBareOne(option.value));
    } else if (element.type === TYPE.tag) {
      found.push(...pluralsWithBareOne(element.children));
    }
  }
  return found;
}

/** Problems of one message: a bare `one` branch in a language whose `one` is more than {1}. */
export function bareOneBranchProblems(locale: string, message: string): string[] {
  const parsed = parseMessage(message);
  if (!parsed.ok) return [];
  const bare = pluralsWithBareOne(parsed.elements);
  if (bare.length === 0) return [];
  const ones = countsCalledOne(locale);
  if (ones.length === 1 && ones[0] === 1) return [];
  const examples = ones.slice(0, 5).join(', ');
  return bare.map((name) => `plural {${name}}: the 'one' branch has no # but ${locale}'s 'one' also covers ${examples}… (show the number, or use =1 for exactly one)`);
}
