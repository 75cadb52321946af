import { describe, expect, it } from 'vitest';
import { validateOrderForm, type OrderForm } from '../../domain';
import { aSaudiOrderForm } from './aSaudiOrderForm';

const validSaudiForm: OrderForm = aSaudiOrderForm();
const form = aSaudiOrderForm;

describe('order form validation (SPEC §5, in order, first failure wins)', () => {
  it('accepts a complete form', () => {
    expect(validateOrderForm(validSaudiForm, 'SA')).toBeNull();
  });

  it.each([
    ['no vendor id', { vendorId: null }, 'error.cant-retrieve-vendor-rar'],
    ['empty vendor id', { vendorId: '' }, 'error.cant-retrieve-vendor-rar'],
    ['empty customer name', { destinationName: '  ' }, 'validation.fill-customer-name'],
    ['a customer name with digits', { destinationName: 'Sara 2' }, 'validation.wrong-customer-name'],
    ['a customer name with Arabic-Indic digits', { destinationName: 'سارة ٢' }, 'validation.wrong-customer-name'],
    ['a customer name that is only a zero-width space', { destinationName: '\u200b' }, 'validation.fill-customer-name'],
    ['a customer name that is only U+0000', { destinationName: '\u0000' }, 'validation.fill-customer-name'],
    ['a customer name with U+0000 inside', { destinationName: 'Sara\u0000' }, 'validation.wrong-customer-name'],
    ['a customer name with a lone surrogate', { destinationName: 'Sara \ud800' }, 'validation.wrong-customer-name'],
    ['a customer name with a bidi override', { destinationName: 'Sara\u202e' }, 'validation.wrong-customer-name'],
    ['a customer name without any letter', { destinationName: '-- ..' }, 'validation.wrong-customer-name'],
    ['empty phone', { destinationPhoneNumber: '' }, 'validation.fill-customer-phone'],
    ['an impossible phone', { destinationPhoneNumber: '0501' }, 'validation.phone-incorrect'],
    ['a description of 201 characters', { orderDescription: 'x'.repeat(201) }, 'validation.fill-description'],
    ['empty address', { destinationTextAddress: '' }, 'validation.fill-address'],
    ['no latitude', { destinationLatitude: null }, 'validation.invalid-coordinates'],
    ['no longitude', { destinationLongitude: null }, 'validation.invalid-coordinates'],
    ['no amount', { orderAmount: '' }, 'validation.fill-amount'],
    ['a null amount', { orderAmount: null }, 'validation.fill-amount'],
    ['a non-numeric amount', { orderAmount: 'ten' }, 'validation.fill-amount'],
    ['no payment method', { paymentMethod: null }, 'validation.fill-payment-method'],
    ['an unknown payment method', { paymentMethod: 'BITCOIN' }, 'validation.fill-payment-method'],
  ] as const)('rejects %s', (_case, changes, key) => {
    expect(validateOrderForm(form(changes), 'SA')).toBe(key);
  });

  it('accepts names in any script, with the joiners Persian names need', () => {
    for (const name of ['Sara Al-Harbi', 'سارة الحربي', 'مهر\u200cنوش', "O'Brien", 'Zoë', '李娜']) {
      expect(validateOrderForm({ ...validSaudiForm, destinationName: name }, 'SA'), name).toBeNull();
    }
  });

  it('accepts a description of exactly 200 characters (code points, so emoji count once)', () => {
    expect(validateOrderForm(form({ orderDescription: 'x'.repeat(200) }), 'SA')).toBeNull();
    expect(validateOrderForm(form({ orderDescription: '📦'.repeat(200) }), 'SA')).toBeNull();
    expect(validateOrderForm(form({ orderDescription: '📦'.repeat(201) }), 'SA')).toBe('validation.fill-description');
  });

  it('requires a unit number in Singapore only', () => {
    const sg = form({ destinationPhoneNumber: '81234567', destinationUnitNumber: '' });
    expect(validateOrderForm(sg, 'SG')).toBe('validation.fill-unit-number');
    expect(validateOrderForm({ ...sg, destinationUnitNumber: '#05-12' }, 'SG')).toBeNull();
    expect(validateOrderForm(form({ destinationUnitNumber: '' }), 'SA')).toBeNull();
  });

  it('does not require an amount in Kuwait', () => {
    const kw = form({ destinationPhoneNumber: '50012345', orderAmount: '' });
    expect(validateOrderForm(kw, 'KW')).toBeNull();
    expect(validateOrderForm(kw, 'QA')).not.toBeNull();
  });

  it('requires at least 100 in Pakistan (validation.minimum-amount, "Minimum amount of 100 PKR")', () => {
    const pk = form({ destinationPhoneNumber: '03001234567' });
    expect(validateOrderForm({ ...pk, orderAmount: '99' }, 'PK')).toBe('validation.minimum-amount');
    expect(validateOrderForm({ ...pk, orderAmount: 99.99 }, 'PK')).toBe('validation.minimum-amount');
    expect(validateOrderForm({ ...pk, orderAmount: '100' }, 'PK')).toBeNull();
    expect(validateOrderForm(form({ orderAmount: '99' }), 'SA')).toBeNull();
  });

  it('checks the phone against the country of the form', () => {
    expect(validateOrderForm(form({ destinationPhoneNumber: '0501234567' }), 'SA')).toBeNull();
    expect(validateOrderForm(form({ destinationPhoneNumber: '81234567' }), 'SA')).toBe('validation.phone-incorrect');
  });

  it('reports the first failure when several rules fail', () => {
    const broken = form({ destinationName: '', destinationPhoneNumber: '', orderAmount: '', paymentMethod: null });
    expect(validateOrderForm(broken, 'SA')).toBe('validation.fill-customer-name');
    expect(validateOrderForm({ ...broken, vendorId: null }, 'SA')).toBe('error.cant-retrieve-vendor-rar');
    expect(validateOrderForm({ ...broken, destinationName: 'Sara' }, 'SA')).toBe('validation.fill-customer-phone');
    expect(validateOrderForm(form({ destinationTextAddress: '', destinationLatitude: null }), 'SA')).toBe('validation.fill-address');
    expect(validateOrderForm(form({ destinationLatitude: null, orderAmount: '' }), 'SA')).toBe('validation.invalid-coordinates');
    expect(validateOrderForm(form({ orderAmount: '', paymentMethod: null }), 'SA')).toBe('validation.fill-amount');
  });

  it('can require the method to be one the vendor offers', () => {
    expect(validateOrderForm(validSaudiForm, 'SA', { availablePaymentMethods: ['PAID'] })).toBe('validation.fill-payment-method');
    expect(validateOrderForm(validSaudiForm, 'SA', { availablePaymentMethods: ['PAID', 'CASH_ON_DELIVERY'] })).toBeNull();
  });
});
