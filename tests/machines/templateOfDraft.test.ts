import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, prefilledDraft, prefillOfTemplate, templateOfDraft, type RequestDraft } from '../../machines';

// "Save as template" (issue #27): what a filled-in request keeps, and that the kept template fills
// the same request in again.

const filled: RequestDraft = {
  ...EMPTY_DRAFT,
  destinationName: ' Sara Ali ',
  destinationPhoneNumber: '+966501234567',
  destinationTextAddress: 'Al Malaz Street, Riyadh',
  destinationUnitNumber: '7',
  destinationBuilding: 'Tower B',
  destinationLatitude: 24.66,
  destinationLongitude: 46.73,
  riderNotes: 'Blue door',
  orderAmount: '85',
  // Spaces typed around the names and the item are not kept.
  orderDescription: ' Anniversary cake ',
  paymentMethod: 'CASH_ON_DELIVERY',
  preorderedFor: 1_800_000_000,
  tagId: 'BAG-1',
};

describe('templateOfDraft', () => {
  it('keeps the drop-off, recipient, item and payment method under the name, never the slot or the tag', () => {
    expect(templateOfDraft(filled, '  Fridays ')).toEqual({
      name: 'Fridays',
      customer_name: 'Sara Ali',
      phone_number: '+966501234567',
      latitude: 24.66,
      longitude: 46.73,
      address: '7, Tower B, Al Malaz Street, Riyadh',
      notes: 'Blue door',
      amount: 85,
      description: 'Anniversary cake',
      payment_method: 'CASH_ON_DELIVERY',
    });
  });

  it('offers nothing while the draft lacks a located drop-off, a recipient, an item or a payment method', () => {
    expect(templateOfDraft({ ...filled, destinationLatitude: null }, 'x')).toBeNull();
    expect(templateOfDraft({ ...filled, destinationName: '  ' }, 'x')).toBeNull();
    expect(templateOfDraft({ ...filled, destinationPhoneNumber: '' }, 'x')).toBeNull();
    expect(templateOfDraft({ ...filled, orderDescription: '' }, 'x')).toBeNull();
    expect(templateOfDraft({ ...filled, orderAmount: 'abc' }, 'x')).toBeNull();
    expect(templateOfDraft({ ...filled, paymentMethod: null }, 'x')).toBeNull();
  });

  it('the saved template fills a new request in with the same drop-off, recipient and item', () => {
    const template = { ...templateOfDraft(filled, 'Fridays')!, id: 't', vendor_id: 'v', created_at: 0, updated_at: 0 };
    const again = prefilledDraft(EMPTY_DRAFT, prefillOfTemplate(template), ['CASH_ON_DELIVERY']);
    expect(again).toMatchObject({
      destinationName: 'Sara Ali',
      destinationPhoneNumber: filled.destinationPhoneNumber,
      destinationTextAddress: '7, Tower B, Al Malaz Street, Riyadh',
      destinationLatitude: 24.66,
      riderNotes: 'Blue door',
      orderAmount: '85',
      orderDescription: 'Anniversary cake',
      paymentMethod: 'CASH_ON_DELIVERY',
      preorderedFor: null,
      tagId: '',
    });
  });
});
