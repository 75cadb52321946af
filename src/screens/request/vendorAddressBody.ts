import type { VendorAddressBody } from '../../../adapters/ports';
import type { OriginAddress } from '../../../machines';

/** PUT /vendor/{id}/address body (API.md) for the origin a vendor without coordinates gave. */
export function vendorAddressBodyOf(origin: OriginAddress): VendorAddressBody {
  return {
    address_text: origin.streetAddress,
    building: origin.building,
    unit: origin.unit,
    city: origin.city,
    country_code: origin.countryCode,
    latitude: origin.latitude ?? 0,
    longitude: origin.longitude ?? 0,
    postal_code: origin.postalCode,
    // The geocoder gives the street line as one text; it is kept whole in address_text.
    street: origin.streetAddress,
    street_number: '',
    rider_instructions: origin.notes,
  };
}
