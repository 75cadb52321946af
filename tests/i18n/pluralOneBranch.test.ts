import { describe, expect, it } from 'vitest';
import { bareOneBranchProblems, countsCalledOne } from '../../scripts/i18n/pluralOneBranch';

describe("a plural 'one' branch without #", () => {
  it.each([
    ['en', [1]],
    ['ja', []],
    ['ru', [1, 21, 31]],
    ['fr', [0, 1]],
    ['tl', [0, 1, 2, 3, 5]],
  ] as const)("reads %s's 'one' counts from Intl.PluralRules", (locale, firstCounts) => {
    expect(countsCalledOne(locale).slice(0, firstCounts.length)).toEqual(firstCounts);
  });

  it('is fine where one is exactly {1}', () => {
    expect(bareOneBranchProblems('en', '{count, plural, one {Place order} other {Place # orders}}')).toEqual([]);
    expect(bareOneBranchProblems('de', '{n, plural, one {eine Zeile} other {# Zeilen}}')).toEqual([]);
  });

  it('is refused where one also covers 21 (ru), 0 (fr) or 2 (tl)', () => {
    expect(bareOneBranchProblems('ru', '{count, plural, one {Оформить заказ} few {Оформить # заказа} many {Оформить # заказов} other {Оформить # заказа}}')).toHaveLength(1);
    expect(bareOneBranchProblems('fr', '{count, plural, one {Passer la commande} other {Passer # commandes}}')).toHaveLength(1);
    expect(bareOneBranchProblems('tl', '{count, plural, one {Ilagay ang order} other {Ilagay ang # order}}')[0]).toMatch(/tl's 'one' also covers 0, 1, 2/);
  });

  it('accepts =1 for exactly one and # in the one branch, nested plurals and tags included', () => {
    expect(bareOneBranchProblems('ru', '{count, plural, =1 {Оформить заказ} one {Оформить # заказ} few {# заказа} many {# заказов} other {# заказа}}')).toEqual([]);
    expect(bareOneBranchProblems('ru', '{kind, select, a {{count, plural, one {заказ} other {# заказа}}} other {x}}')).toHaveLength(1);
    expect(bareOneBranchProblems('ru', '{count, plural, one {<b>#</b> заказ} other {<b>#</b> заказа}}')).toEqual([]);
  });

  it('leaves ordinals alone', () => {
    expect(bareOneBranchProblems('ru', '{n, selectordinal, other {#-й}}')).toEqual([]);
  });
});
