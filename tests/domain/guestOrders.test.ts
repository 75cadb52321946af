import { describe, expect, it } from 'vitest';
import { guestOrderIdOf, isGuestOrder, isShownGuestOrderId, shownCollectionPoint, shownOrderId } from '../../domain/guestOrders';
import { receiptOf } from '../../server/orders/receipt';
import { anOrder } from './anOrder';

describe('what a guest order shows instead of the placeholder vendor', () => {
  it('shows the id without the placeholder prefix, and finds the stored id from what was shown', () => {
    expect(shownOrderId('vendorID-0a1b2c')).toBe('0a1b2c');
    expect(shownOrderId('sa-1001-0a1b2c')).toBe('sa-1001-0a1b2c');
    expect(guestOrderIdOf(' 0a1b2c ')).toBe('vendorID-0a1b2c');
    expect(guestOrderIdOf('vendorID-0a1b2c')).toBe('vendorID-0a1b2c');
  });

  it("names the sender where a vendor's order names its outlet", () => {
    expect(shownCollectionPoint({ vendor_id: 'vendorID', outlet_name: 'guest', sender_name: 'Nora Guest' })).toBe('Nora Guest');
    expect(shownCollectionPoint({ vendor_id: 'vendorID', outlet_name: 'guest', sender_name: null })).toBeNull();
    expect(shownCollectionPoint({ vendor_id: 'sa-1001', outlet_name: 'Olaya', sender_name: null })).toBe('Olaya');
  });

  it("heads a parcel's delivery receipt with its sender's first name, not 'guest'", () => {
    const parcel = { ...anOrder().withStatus('DELIVERED').build(), vendor_id: 'vendorID', outlet_name: 'guest', sender_name: 'Nora Guest' };
    expect(receiptOf(parcel).vendor_name).toBe('Nora');
    expect(receiptOf({ ...parcel, vendor_id: 'sa-1001', outlet_name: 'Olaya', sender_name: null }).vendor_name).toBe('Olaya');
  });

  it("is a guest's order exactly when it belongs to the placeholder vendor 'vendorID' (SPEC §3)", () => {
    expect(isGuestOrder({ vendor_id: 'vendorID' })).toBe(true);
    expect(isGuestOrder({ vendor_id: 'sa-1001' })).toBe(false);
    expect(isGuestOrder({ vendor_id: 'vendorID-2' })).toBe(false);
  });

  it('accepts a typed guest order id of at least 16 hex digits, in any case and with stray spaces', () => {
    expect(isShownGuestOrderId('0a1b2c3d4e5f6a7b')).toBe(true);
    expect(isShownGuestOrderId(' 0A1B2C3D4E5F6A7B8C ')).toBe(true);
    expect(isShownGuestOrderId('0a1b2c3d4e5f6a7')).toBe(false);
    expect(isShownGuestOrderId('0a1b2c3d4e5f6a7g')).toBe(false);
    expect(isShownGuestOrderId('x0a1b2c3d4e5f6a7b')).toBe(false);
    expect(isShownGuestOrderId('0a1b2c3d4e5f6a7b-')).toBe(false);
  });
});
