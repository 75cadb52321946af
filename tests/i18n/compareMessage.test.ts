import { describe, expect, it } from 'vitest';
import { checkCatalogue } from '../../scripts/i18n/checkCatalogue';
import { compareMessage } from '../../scripts/i18n/compareMessage';
import { isUntranslatedEnglish } from '../../scripts/i18n/sameAsEnglish';

describe('compareMessage', () => {
  it('accepts a translation with the same arguments in another order', () => {
    expect(compareMessage('fr', '{productName} by {platformName}', '{platformName} : {productName}')).toEqual([]);
  });

  it('rejects invalid ICU', () => {
    expect(compareMessage('fr', 'Hello {name}', 'Bonjour {name')[0]).toMatch(/not valid ICU/);
  });

  it('rejects a missing, a renamed or an extra argument', () => {
    expect(compareMessage('fr', 'ID: {id}', 'Identifiant')).toEqual(['missing argument {id:text}']);
    expect(compareMessage('fr', 'ID: {id}', 'ID : {identifiant}')).toEqual(['missing argument {id:text}', 'argument {identifiant:text} is not in English']);
  });

  it('rejects an argument whose kind changed', () => {
    expect(compareMessage('fr', '{count, number} items', '{count} articles')).toEqual(['missing argument {count:number}', 'argument {count:text} is not in English']);
  });

  it('requires the plural categories of the target language (CLDR)', () => {
    const english = '{count, plural, one {# order} other {# orders}}';
    expect(compareMessage('ru', english, '{count, plural, one {# заказ} few {# заказа} many {# заказов} other {# заказа}}')).toEqual([]);
    expect(compareMessage('ru', english, '{count, plural, one {# заказ} other {# заказов}}')).toEqual(['{count} lacks the plural categories few, many that ru needs']);
    expect(compareMessage('ja', english, '{count, plural, other {#件の注文}}')).toEqual([]);
    expect(compareMessage('ja', english, '{count, plural, one {#件} other {#件}}')[0]).toMatch(/categories one that ja does not have/);
  });

  it('keeps exact matches allowed in plurals', () => {
    expect(compareMessage('ja', '{count, plural, =0 {none} one {# order} other {# orders}}', '{count, plural, =0 {なし} other {#件}}')).toEqual([]);
  });

  it('requires the same select options as English', () => {
    const english = '{kind, select, pickup {Pick-up} other {Drop-off}}';
    expect(compareMessage('fr', english, '{kind, select, pickup {Retrait} other {Livraison}}')).toEqual([]);
    expect(compareMessage('fr', english, '{kind, select, retrait {Retrait} other {Livraison}}')[0]).toMatch(/select options/);
  });
});

describe('English left in a catalogue', () => {
  it('flags a text identical to English', () => {
    expect(isUntranslatedEnglish('fr', 'Log out', 'Log out')).toBe(true);
    expect(isUntranslatedEnglish('fr', 'Log out', 'Se déconnecter')).toBe(false);
  });

  it('allows texts without words and reviewed exceptions', () => {
    expect(isUntranslatedEnglish('fr', '{productName} · {country}', '{productName} · {country}')).toBe(false);
    expect(isUntranslatedEnglish('ja', 'OK', 'OK')).toBe(false);
    expect(isUntranslatedEnglish('fr', 'ID: {id}', 'ID: {id}')).toBe(false);
    expect(isUntranslatedEnglish('ja', 'ID: {id}', 'ID: {id}')).toBe(false);
    expect(isUntranslatedEnglish('fr', 'Menu', 'Menu')).toBe(false);
    expect(isUntranslatedEnglish('ru', 'Menu', 'Menu')).toBe(true);
  });
});

describe('checkCatalogue', () => {
  it('reports missing and extra keys', () => {
    const problems = checkCatalogue('fr', { a: 'Close', b: 'Open' }, { a: 'Fermer', c: 'Autre' }, { address: 'formal', terms: {} });
    expect(problems).toEqual([
      { locale: 'fr', key: 'b', problem: 'missing' },
      { locale: 'fr', key: 'c', problem: 'not in en.json' },
    ]);
  });
});
