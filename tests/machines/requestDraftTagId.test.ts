// The request draft's tag id (TagIdCheck flag, issue #5) as it becomes the order payload.
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, orderFormOf, orderPayloadOf, type RequestDraft } from '../../machines/requestDraft';

const payloadOf = (draft: RequestDraft) =>
  orderPayloadOf({
    vendorId: 'sa-1000',
    draft,
    fee: { fee: 12, signature: 'signed', expires_at: 0 },
    voucher: null,
    discountedFee: null,
    vatNumber: null,
    loginPickupEstimation: 15,
    sender: null,
  });

describe('tag id in the order payload', () => {
  it('travels as order.tag_id without surrounding spaces', () => {
    expect(payloadOf({ ...EMPTY_DRAFT, paymentMethod: 'CASH_ON_DELIVERY', tagId: ' BAG-7 ' }).order.tag_id).toBe('BAG-7');
  });

  it('is left out when none was typed', () => {
    expect(payloadOf({ ...EMPTY_DRAFT, paymentMethod: 'CASH_ON_DELIVERY', tagId: '  ' }).order).not.toHaveProperty('tag_id');
  });

  it('is part of the form the domain validates', () => {
    expect(orderFormOf('sa-1000', { ...EMPTY_DRAFT, tagId: 'BAG 7' }).tagId).toBe('BAG 7');
  });
});
