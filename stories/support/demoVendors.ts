// The vendors stories show: the Saudi reference build's parent vendor and one of its outlets, and the
// guest placeholder (SPEC §3). Plain data shaped like GET /vendors answers.
import { GUEST_VENDOR_ID, type Vendor, type VendorLocation } from '../../domain/types';

const riyadhOlaya: VendorLocation = {
  address_text: 'King Fahd Road, Al Olaya, Riyadh',
  building: 'Tower B',
  city: 'Riyadh',
  country_code: 'SA',
  latitude: 24.7136,
  longitude: 46.6753,
  postal_code: '12211',
  street: 'King Fahd Road',
  street_number: '7421',
  unit: '12',
  rider_instructions: 'Counter at the back entrance',
};

export const PARENT_VENDOR: Vendor = {
  vendor_id: 'sa-1000',
  parent_vendor_id: null,
  client_vendor_id: 'HS-1000',
  is_parent: true,
  is_active: true,
  is_registered: true,
  name: 'Riyadh Fresh Bakery',
  vendor_information: {
    name: 'Riyadh Fresh Bakery',
    currency: 'SAR',
    owners: ['owner@riyadhbakery.example'],
    contact: { phone: '+966112345678' },
    location: riyadhOlaya,
  },
  flags: { payment_methods: ['CASH_ON_DELIVERY', 'PAID', 'ONLINE_PAYMENT'] },
  estimation_pick_up_time: 10,
  vendor_code: 'SA-1000',
  vat_number: null,
};

export const OUTLET_VENDOR: Vendor = {
  ...PARENT_VENDOR,
  vendor_id: 'sa-1001',
  parent_vendor_id: 'sa-1000',
  client_vendor_id: 'HS-1001',
  is_parent: false,
  name: 'Riyadh Fresh Bakery – Al Malqa',
  vendor_information: {
    ...PARENT_VENDOR.vendor_information,
    name: 'Riyadh Fresh Bakery – Al Malqa',
    location: { ...riyadhOlaya, address_text: 'Anas Ibn Malik Road, Al Malqa, Riyadh', latitude: 24.8106, longitude: 46.6185, building: '', unit: '' },
  },
};

/** A vendor that has not set its collection point yet: the flow starts at the origin address step. */
export const VENDOR_WITHOUT_ADDRESS: Vendor = {
  ...PARENT_VENDOR,
  vendor_id: 'sa-2000',
  name: 'Jeddah Flowers',
  vendor_information: {
    ...PARENT_VENDOR.vendor_information,
    name: 'Jeddah Flowers',
    location: { ...riyadhOlaya, address_text: '', street: '', street_number: '', building: '', unit: '', city: 'Jeddah', latitude: null, longitude: null, rider_instructions: '' },
  },
};

/** The guest placeholder the server builds from the guest's country. */
export const GUEST_VENDOR: Vendor = {
  ...PARENT_VENDOR,
  vendor_id: GUEST_VENDOR_ID,
  client_vendor_id: '',
  name: 'guest',
  vendor_information: { ...VENDOR_WITHOUT_ADDRESS.vendor_information, name: 'guest', owners: [] },
  flags: { payment_methods: ['CASH_ON_DELIVERY', 'ONLINE_PAYMENT'] },
};

export const DEMO_VENDORS: readonly Vendor[] = [PARENT_VENDOR, OUTLET_VENDOR, VENDOR_WITHOUT_ADDRESS];
