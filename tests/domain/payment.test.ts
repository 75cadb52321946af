import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, isCardChoiceValid, parsePaymentMethodsParameter, pickPaymentMethod, type CardChoiceState } from '../../domain';

const base: CardChoiceState = { newOrExistingCard: 'NOT_SET', nameOnCard: '', newCardData: [null, null], selectedCreditCard: null };

describe('payment methods (SPEC §3)', () => {
  it('has NONE, PAID, CASH_ON_DELIVERY, PAYMENT_ON_DELIVERY, the online method and pay at pick-up', () => {
    expect(PAYMENT_METHODS).toEqual(['NONE', 'PAID', 'CASH_ON_DELIVERY', 'PAYMENT_ON_DELIVERY', 'ONLINE_PAYMENT', 'PAY_AT_PICKUP']);
  });

  it('reads the pipe-separated paymentMethods parameter', () => {
    expect(parsePaymentMethodsParameter('CASH_ON_DELIVERY|ONLINE_PAYMENT|BARTER')).toEqual(['CASH_ON_DELIVERY', 'ONLINE_PAYMENT']);
  });

  it('reads a parameter written with spaces around the pipes', () => {
    expect(parsePaymentMethodsParameter(' CASH_ON_DELIVERY | PAY_AT_PICKUP ')).toEqual(['CASH_ON_DELIVERY', 'PAY_AT_PICKUP']);
  });
});

describe('card choice (SPEC §4 Payment)', () => {
  it.each([
    ['nothing chosen', base, false],
    ['new card, name, first provider valid', { ...base, newOrExistingCard: 'NEW', nameOnCard: 'S Ahmed', newCardData: [{ isValid: true }, null] }, true],
    ['new card, name, second provider valid', { ...base, newOrExistingCard: 'NEW', nameOnCard: 'S Ahmed', newCardData: [{ isValid: false }, { isValid: true }] }, true],
    ['new card without a name', { ...base, newOrExistingCard: 'NEW', nameOnCard: ' ', newCardData: [{ isValid: true }, null] }, false],
    ['new card, no provider valid', { ...base, newOrExistingCard: 'NEW', nameOnCard: 'S Ahmed', newCardData: [{ isValid: false }, null] }, false],
    ['existing card selected', { ...base, newOrExistingCard: 'EXISTING', selectedCreditCard: 'card-1' }, true],
    ['existing card, none selected', { ...base, newOrExistingCard: 'EXISTING' }, false],
    ['existing card, an empty selection', { ...base, newOrExistingCard: 'EXISTING', selectedCreditCard: '' }, false],
    ['selected card but choice NOT_SET', { ...base, selectedCreditCard: 'card-1' }, false],
  ] as const)('%s -> %s', (_case, state, valid) => {
    expect(isCardChoiceValid(state as CardChoiceState)).toBe(valid);
  });
});

describe('pickPaymentMethod (SPEC §4 Request flow)', () => {
  it('keeps the current method when available', () => {
    expect(pickPaymentMethod('ONLINE_PAYMENT', ['CASH_ON_DELIVERY', 'ONLINE_PAYMENT'])).toBe('ONLINE_PAYMENT');
  });
  it('falls back to the first available method', () => {
    expect(pickPaymentMethod('PAID', ['CASH_ON_DELIVERY', 'ONLINE_PAYMENT'])).toBe('CASH_ON_DELIVERY');
    expect(pickPaymentMethod(null, ['ONLINE_PAYMENT'])).toBe('ONLINE_PAYMENT');
  });
  it('gives null when nothing is available', () => {
    expect(pickPaymentMethod('PAID', [])).toBeNull();
  });
});
