// The request draft as the bodies the API receives: SPEC.md §3 "Order request payload" and API.md's
// order update, field by field (the model's oracles read the fee, the voucher and the sender's phone only).
import { describe, expect, it } from 'vitest';
import { orderPayloadOf, updateBodyOf } from '../../machines/requestDraft';
import { aRequestDraft } from './builders';

const draft = aRequestDraft();
const fee = { fee: 15, signature: 'sig-1', expires_at: 0 };
const origin = { streetAddress: 'Olaya Street 1', building: '', unit: '', notes: 'Back door', city: 'Riyadh', countryCode: 'SA', postalCode: '', latitude: 24.7, longitude: 46.6 };

describe('the request draft as the API bodies', () => {
  it('SPEC §3: the order payload carries the method chosen, the amount as a number, no cold bag, the discounted fee and the sender located at the origin', () => {
    const payload = orderPayloadOf({
      vendorId: 'vendor-1',
      draft,
      fee,
      voucher: { code: 'WELCOME10', amount: 10, type: 'PERCENT' },
      discountedFee: { fee: 13.5, signature: 'sig-v', expires_at: 0 },
      vatNumber: null,
      loginPickupEstimation: 15,
      sender: { origin, credentials: { name: 'Guest', email: 'g@example.com', phoneNumber: '+966 50 111 2222' } },
    });
    expect(payload.order).toEqual({ payment_method: 'ONLINE_PAYMENT', amount: 50, description: 'Cake box', cold_bag_needed: false });
    expect(payload.discounted_delivery_fee).toBe(13.5);
    expect(payload.sender).toEqual({
      location: { latitude: 24.7, longitude: 46.6, address: 'Olaya Street 1', notes: 'Back door' },
      name: 'Guest',
      email: 'g@example.com',
      phone_number: '+966501112222',
    });
  });

  it('API.md order update: the method, the amount and the located drop-off of the draft', () => {
    expect(updateBodyOf('vendor-1', draft, fee)).toEqual({
      vendor_id: 'vendor-1',
      payment_method: 'ONLINE_PAYMENT',
      amount: 50,
      item_details: 'Cake box',
      location: { address: 'King Fahd Road', notes: 'Gate 2', latitude: 24.71, longitude: 46.67 },
      delivery_fee: 15,
      signature: 'sig-1',
    });
  });
});
