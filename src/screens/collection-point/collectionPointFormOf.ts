import type { CollectionPointForm, Vendor } from '../../../domain/types';

/** A blank form for a new collection point under the given parent. */
export function newCollectionPointForm(parentVendorId: string): CollectionPointForm {
  return {
    parentVendorId,
    clientVendorId: '',
    name: '',
    unitNo: '',
    building: '',
    phone: '',
    riderInstructions: '',
    owners: [''],
    location: null,
    isEditMode: false,
    vendorId: '',
  };
}

/** The form of an existing outlet, for editing. */
export function collectionPointFormOf(outlet: Vendor): CollectionPointForm {
  const { location, owners, contact } = outlet.vendor_information;
  return {
    parentVendorId: outlet.parent_vendor_id ?? '',
    clientVendorId: outlet.client_vendor_id,
    name: outlet.name,
    unitNo: location.unit,
    building: location.building,
    phone: contact.phone,
    riderInstructions: location.rider_instructions,
    owners: owners.length > 0 ? [...owners] : [''],
    location:
      location.latitude !== null && location.longitude !== null
        ? {
            formatted_address: location.address_text,
            latitude: location.latitude,
            longitude: location.longitude,
            city: location.city,
            countryCode: location.country_code,
            zipcode: location.postal_code,
            street: location.street,
            streetNumber: location.street_number,
          }
        : null,
    isEditMode: true,
    vendorId: outlet.vendor_id,
  };
}
