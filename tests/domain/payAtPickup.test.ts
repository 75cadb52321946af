// PAY_AT_PICKUP (issue #5, SPEC §3 "pay at pickup in texts"): the delivery fee is paid to the rider in
// cash at collection. Amount and description follow the same rules as PAID; it carries no cash-on-
// delivery surcharge and bulk files cannot use it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BULK_PAYMENT_TYPES,
  deliveryFee,
  isPaymentMethod,
  parsePaymentMethodsParameter,
  validateOrderForm,
  type OrderForm,
} from '../../domain';
import { aSaudiOrderForm } from './aSaudiOrderForm';

const saudiForm: OrderForm = aSaudiOrderForm({ paymentMethod: 'PAY_AT_PICKUP' });

describe('PAY_AT_PICKUP', () => {
  it('is a payment method the pipe-separated parameter keeps', () => {
    expect(isPaymentMethod('PAY_AT_PICKUP')).toBe(true);
    expect(parsePaymentMethodsParameter('CASH_ON_DELIVERY|PAY_AT_PICKUP')).toEqual(['CASH_ON_DELIVERY', 'PAY_AT_PICKUP']);
  });

  it('passes a complete form', () => {
    expect(validateOrderForm(saudiForm, 'SA')).toBeNull();
  });

  it('is refused when the vendor does not have it available', () => {
    expect(validateOrderForm(saudiForm, 'SA', { availablePaymentMethods: ['CASH_ON_DELIVERY'] })).toBe('validation.fill-payment-method');
  });

  it('answers what PAID answers for any amount, description and country', () => {
    const amount = fc.oneof(fc.constant(''), fc.constant(null), fc.integer({ min: -5, max: 500 }).map(String), fc.string({ maxLength: 6 }));
    const description = fc.string({ maxLength: 220 });
    const country = fc.constantFrom('SA', 'KW', 'PK', 'SG', 'SE');
    fc.assert(
      fc.property(amount, description, country, (orderAmount, orderDescription, code) => {
        const paid = validateOrderForm({ ...saudiForm, orderAmount, orderDescription, paymentMethod: 'PAID' }, code);
        const atPickup = validateOrderForm({ ...saudiForm, orderAmount, orderDescription, paymentMethod: 'PAY_AT_PICKUP' }, code);
        expect(atPickup).toBe(paid);
      }),
    );
  });

  it('prices like PAID: no cash-on-delivery surcharge', () => {
    expect(deliveryFee('TW', 4, 'PAY_AT_PICKUP')).toBe(deliveryFee('TW', 4, 'PAID'));
    expect(deliveryFee('TW', 4, 'PAY_AT_PICKUP')).toBeLessThan(deliveryFee('TW', 4, 'CASH_ON_DELIVERY'));
  });

  it('is not a bulk payment type', () => {
    expect(BULK_PAYMENT_TYPES).not.toContain('PAY_AT_PICKUP');
  });
});
