import { describe, expect, it } from 'vitest';
import { glossaryProblems, type Glossary } from '../../scripts/i18n/glossary';

const russian: Glossary = {
  address: 'formal',
  terms: { 'collection point': ['точк'], rider: ['курьер'] },
  avoid: { сбора: 'collection point is «точка отправки», not an assembly point' },
  exceptions: { rider: ['landing.short'] },
};

describe('the glossary check', () => {
  const english = {
    'collection-point.save': 'Save collection point',
    'request.rider': 'Request a rider',
    'landing.short': 'Fast riders',
    'common.close': 'Close',
  };

  it('passes a catalogue that uses the agreed words', () => {
    const catalogue = { 'collection-point.save': 'Сохранить точку отправки', 'request.rider': 'Вызвать курьера', 'landing.short': 'Быстро', 'common.close': 'Закрыть' };
    expect(glossaryProblems(english, catalogue, russian)).toEqual([]);
  });

  it('names a message whose English uses a term and whose translation lacks the agreed word', () => {
    const catalogue = { 'collection-point.save': 'Сохранить пункт выдачи', 'request.rider': 'Вызвать доставщика', 'landing.short': 'Быстро', 'common.close': 'Закрыть' };
    expect(glossaryProblems(english, catalogue, russian)).toEqual([
      'collection-point.save: "collection point" should be "точк" (Сохранить пункт выдачи)',
      'request.rider: "rider" should be "курьер" (Вызвать доставщика)',
    ]);
  });

  it('refuses a word to avoid anywhere, and a reserved word where the English does not name its term', () => {
    const catalogue = { 'collection-point.save': 'Сохранить точку сбора', 'request.rider': 'Вызвать курьера', 'landing.short': 'Быстро', 'common.close': 'Закрыть' };
    expect(glossaryProblems(english, catalogue, russian)).toEqual([
      'collection-point.save: "сбора" is not used: collection point is «точка отправки», not an assembly point (Сохранить точку сбора)',
    ]);
    const japanese: Glossary = { address: 'formal', terms: {}, reserved: { お客様: ['customer', 'recipient'] } };
    expect(glossaryProblems({ risk: 'At your own risk', who: 'Customer' }, { risk: 'お客様の責任で', who: 'お客様' }, japanese)).toEqual([
      'risk: "お客様" is kept for customer and recipient, which this English does not name (お客様の責任で)',
    ]);
  });

  it('reports an exception for a key that no longer exists', () => {
    expect(glossaryProblems({ 'request.rider': 'Request a rider' }, { 'request.rider': 'Вызвать курьера' }, russian)).toEqual([
      'landing.short: listed as an exception for "rider" but not in en.json',
    ]);
  });
});
