import { describe, expect, it } from 'vitest';
import { englishLeftIn, scriptOf } from '../../scripts/i18n/englishWords';

describe('English left inside a translation', () => {
  it('knows each language’s script from CLDR, Serbian Cyrillic and Montenegrin Latin included', () => {
    expect(scriptOf('ru')).toBe('Cyrl');
    expect(scriptOf('sr')).toBe('Cyrl');
    expect(scriptOf('sr-ME')).toBe('Latn');
    expect(scriptOf('ur_alt')).toBe('Arab');
    expect(scriptOf('zh_Hant_TW')).toBe('Hant');
    expect(scriptOf('th_TH')).toBe('Thai');
  });

  it('flags Latin words in a non-Latin-script message', () => {
    expect(englishLeftIn('ru', 'collection-point.owner-add', 'Add email', 'Добавить email')).toEqual(['email']);
    expect(englishLeftIn('el', 'payment-method.ONLINE_PAYMENT', 'Paid online', 'Πληρώθηκε online')).toEqual(['online']);
  });

  it('lets codes, brand names, arguments and reviewed words through', () => {
    expect(englishLeftIn('ja', 'k', 'Download as CSV', 'CSVでダウンロード')).toEqual([]);
    expect(englishLeftIn('ar-SA', 'k', 'Welcome to {productName}', 'مرحبًا بك في HungerStation Send')).toEqual([]);
    expect(englishLeftIn('ar-SA', 'k', 'Hello {name}', 'مرحبًا {name}')).toEqual([]);
    expect(englishLeftIn('el', 'k', 'Up to 15 km', 'Έως 15 km')).toEqual([]);
    expect(englishLeftIn('ja', 'request.address.placeholder', 'Search or type lat,lng', '住所を検索するか、lat,lng を入力')).toEqual([]);
    // A reviewed word is allowed only in the message it was reviewed for.
    expect(englishLeftIn('ja', 'other.key', 'Search or type lat,lng', '住所を検索するか、lat,lng を入力')).toEqual(['lat', 'lng']);
  });

  it('flags a run of four English words copied into a Latin-script message', () => {
    expect(englishLeftIn('fr', 'k', 'Your order is on its way', 'Votre commande: order is on its way')).toEqual(['order is on its way']);
    expect(englishLeftIn('fr', 'k', 'Your order is on its way', 'Votre commande est en route')).toEqual([]);
  });
});
