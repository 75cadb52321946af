import type { OutletBody } from '../../../adapters/ports';
import type { CollectionPointForm } from '../../../domain/types';

/** POST /outlet and PUT /outlet/{id} body (API.md) from the collection point form (SPEC §3). */
export function outletBodyOf(form: CollectionPointForm): OutletBody {
  const location = form.location;
  return {
    parent_vendor_id: form.parentVendorId,
    client_vendor_id: form.clientVendorId.trim(),
    name: form.name.trim(),
    address: location?.formatted_address ?? '',
    latitude: location?.latitude ?? 0,
    longitude: location?.longitude ?? 0,
    rider_instructions: form.riderInstructions,
    phone_number: form.phone,
    city: location?.city ?? '',
    // Empty owner rows are optional (SPEC §5) and not sent.
    users: form.owners.map((owner) => owner.trim()).filter((owner) => owner !== ''),
    unit: form.unitNo,
    building: form.building,
    street: location?.street ?? '',
    street_number: location?.streetNumber ?? '',
    postal_code: location?.zipcode ?? '',
    country_code: location?.countryCode ?? '',
  };
}
