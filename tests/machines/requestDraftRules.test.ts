// What requestDraft.ts decides before anything is sent: whether the vendor's own address can be the
// pickup (SPEC.md §4 "the origin address is asked first if the vendor lacks coordinates") and which
// field shows the draft's first broken rule (SPEC §4 payment methods, §5 notes at most 1000 bytes).
// The model's vendors have both coordinates or neither, and its notes are short, so no path tells
// these cases apart.
import { describe, expect, it } from 'vitest';
import { draftErrorsOf, vendorOrigin } from '../../machines/requestDraft';
import { aRequestDraft, aVendor } from './builders';

const draft = aRequestDraft({ riderNotes: '', paymentMethod: 'CASH_ON_DELIVERY' });
const rules = { vendorId: 'vendor-1', countryCode: 'SA', availablePaymentMethods: ['CASH_ON_DELIVERY' as const] };

describe('requestDraft: the pickup from the vendor', () => {
  it.each([
    ['no latitude', { latitude: null, longitude: 46.6 }],
    ['no longitude', { latitude: 24.7, longitude: null }],
  ])('SPEC §4: a vendor with %s has no origin of its own (the pickup is asked)', (_, coordinates) => {
    expect(vendorOrigin(aVendor({}, coordinates))).toBeNull();
  });

  it("SPEC §4: a vendor with both coordinates is the pickup, with its address's parts", () => {
    expect(vendorOrigin(aVendor({}, { latitude: 24.7, longitude: 46.6 }))).toEqual({
      streetAddress: 'Olaya Street 1, Riyadh', building: 'Tower A', unit: '', notes: '', city: 'Riyadh', countryCode: 'SA', postalCode: '12211', latitude: 24.7, longitude: 46.6,
    });
  });
});

describe("requestDraft: the draft's errors", () => {
  it('a draft that keeps every rule has no error', () => {
    expect(draftErrorsOf(draft, rules)).toEqual({});
  });

  it('SPEC §4: a payment method the vendor does not offer is asked again on the payment method', () => {
    expect(draftErrorsOf({ ...draft, paymentMethod: 'ONLINE_PAYMENT' }, rules)).toEqual({ paymentMethod: 'validation.fill-payment-method' });
  });

  it.each([
    ['1000 bytes are allowed', 'é'.repeat(500), {}],
    ['1001 bytes are too long', `${'é'.repeat(500)}!`, { riderNotes: 'address.error.notes-too-long' }],
  ])('SPEC §5: rider notes of %s', (_, riderNotes, errors) => {
    expect(draftErrorsOf({ ...draft, riderNotes }, rules)).toEqual(errors);
  });
});
