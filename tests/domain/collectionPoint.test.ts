import { describe, expect, it } from 'vitest';
import { isOutletEditable, validateCollectionPoint, type CollectionPointForm } from '../../domain';

const valid: CollectionPointForm = {
  parentVendorId: 'v-sa-1',
  clientVendorId: 'OUT-7',
  name: 'Olaya branch',
  unitNo: '',
  building: '',
  phone: '+966501234567',
  riderInstructions: '',
  owners: [],
  location: {
    formatted_address: 'Olaya St, Riyadh',
    latitude: 24.69,
    longitude: 46.68,
    city: 'Riyadh',
    countryCode: 'SA',
    zipcode: '12211',
    street: 'Olaya St',
    streetNumber: '1',
  },
  isEditMode: false,
  vendorId: '',
};

describe('collection point form (SPEC §5)', () => {
  it('returns {} for a valid form, owner emails being optional', () => {
    expect(validateCollectionPoint(valid)).toEqual({});
    expect(validateCollectionPoint({ ...valid, owners: ['', '  '] })).toEqual({});
  });

  it('reports every failing field at once', () => {
    expect(validateCollectionPoint({ ...valid, clientVendorId: '', name: ' ', phone: '', location: null, owners: ['ok@shop.sa', 'not-an-email', ''] })).toEqual({
      clientVendorId: 'collection-point.error.fill-id',
      name: 'collection-point.error.fill-label',
      phone: 'collection-point.error.fill-phone',
      location: 'collection-point.error.select-address',
      'owners.1': 'collection-point.error.invalid-email',
    });
  });

  it.each(['a@b.co', 'owner.name+tag@shop.com.sa'])('accepts the email %s', (email) => {
    expect(validateCollectionPoint({ ...valid, owners: [email] })).toEqual({});
  });

  it.each(['a@b', 'a b@c.de', '@shop.sa', 'owner@'])('refuses the email %s', (email) => {
    expect(validateCollectionPoint({ ...valid, owners: [email] })).toEqual({ 'owners.0': 'collection-point.error.invalid-email' });
  });

  it("refuses edits of outlets whose id begins 'a-' or 'b-'", () => {
    expect(isOutletEditable('a-123')).toBe(false);
    expect(isOutletEditable('b-123')).toBe(false);
    expect(isOutletEditable('c-123')).toBe(true);
    expect(isOutletEditable('ab-1')).toBe(true);
  });
});
