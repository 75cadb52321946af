// The recipient's optional e-mail and message language (issue 26) as the request draft validates them
// and sends them in the order payload.
import { describe, expect, it } from 'vitest';
import { ORDER_FORM_MESSAGES } from '../../domain';
import { draftErrorsOf, EMPTY_DRAFT, orderPayloadOf, type RequestDraft } from '../../machines/requestDraft';

const valid: RequestDraft = {
  ...EMPTY_DRAFT,
  destinationName: 'Sara Al-Harbi',
  destinationPhoneNumber: '050 123 4567',
  destinationTextAddress: 'Al Malaz Street, Riyadh',
  destinationLatitude: 24.6636,
  destinationLongitude: 46.7369,
  orderAmount: '85',
  paymentMethod: 'CASH_ON_DELIVERY',
};
const rules = { vendorId: 'sa-1001', countryCode: 'SA', availablePaymentMethods: ['CASH_ON_DELIVERY' as const] };
const payloadOf = (draft: RequestDraft) =>
  orderPayloadOf({
    vendorId: 'sa-1001', draft, fee: { fee: 12, signature: 'signed', expires_at: 0 }, voucher: null, discountedFee: null, vatNumber: null, loginPickupEstimation: 15, sender: null,
  });

describe('recipient e-mail and language in the request draft', () => {
  it('are optional: left blank, the draft is valid and the payload carries neither', () => {
    expect(draftErrorsOf({ ...valid, destinationEmail: '  ' }, rules)).toEqual({});
    const customer = payloadOf({ ...valid, destinationEmail: '  ' }).customer;
    expect(customer).not.toHaveProperty('email_address');
    expect(customer).not.toHaveProperty('language');
  });

  it('an address that is no address is shown on the e-mail field with the shared rule\'s message', () => {
    expect(draftErrorsOf({ ...valid, destinationEmail: 'sara@' }, rules)).toEqual({ destinationEmail: ORDER_FORM_MESSAGES.invalidEmail });
    expect(ORDER_FORM_MESSAGES.invalidEmail).toBe('validation.invalid-email');
  });

  it('travel in the payload as the server stores them: the address in the shared spelling, the chosen language', () => {
    const customer = payloadOf({ ...valid, destinationEmail: ' Sara@Example.COM ', destinationLanguage: 'ar-SA' }).customer;
    expect(customer.email_address).toBe('sara@example.com');
    expect(customer.language).toBe('ar-SA');
  });
});
