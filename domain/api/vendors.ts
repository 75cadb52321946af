// Vendors and collection points (API.md "Vendors and collection points"): the vendor as answered,
// the outlet and address bodies, the help-centre token and the country parameters.
import { Type, type Static } from 'typebox';
import { StrictObject } from './envelope';
import { PaymentMethod } from './orders';
import { RoleName } from './teams';

export const VendorLocation = Type.Object({
  address_text: Type.String(),
  building: Type.String(),
  city: Type.String(),
  country_code: Type.String(),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  postal_code: Type.String(),
  street: Type.String(),
  street_number: Type.String(),
  unit: Type.String(),
  rider_instructions: Type.String(),
});
export type VendorLocation = Static<typeof VendorLocation>;

/** A vendor (a parent or an outlet) as the caller reads it (SPEC.md §3). */
export const Vendor = Type.Object({
  vendor_id: Type.String(),
  parent_vendor_id: Type.Union([Type.String(), Type.Null()]),
  client_vendor_id: Type.String(),
  is_parent: Type.Boolean(),
  is_active: Type.Boolean(),
  is_registered: Type.Boolean(),
  name: Type.String(),
  vendor_information: Type.Object({
    name: Type.String(),
    currency: Type.String(),
    owners: Type.Array(Type.String()),
    contact: Type.Object({ phone: Type.String() }),
    location: VendorLocation,
  }),
  flags: Type.Object({ payment_methods: Type.Array(PaymentMethod) }),
  estimation_pick_up_time: Type.Number({ description: 'Minutes.' }),
  vendor_code: Type.Optional(Type.String()),
  vat_number: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** A team member's role at this vendor (GET /vendors); absent for GoDroid and guest sessions. The app hides what it does not allow. */
  role: Type.Optional(RoleName),
});
export type Vendor = Static<typeof Vendor>;

/** GET /vendors answer: the vendors the caller reaches, parents first. */
export const VendorList = Type.Object({ vendors: Type.Array(Vendor) });
export type VendorList = Static<typeof VendorList>;

const text = (maxLength: number) => Type.String({ maxLength });
const Latitude = Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()]);
const Longitude = Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()]);

/**
 * POST /outlet and PUT /outlet/{vendorId} (SPEC.md §5 "Collection point form"). Coordinates may be
 * null: a collection point without a place is a business rule (422), not a malformed body.
 */
export const OutletBody = StrictObject({
  parent_vendor_id: Type.String({ minLength: 1, maxLength: 128 }),
  client_vendor_id: text(64),
  name: text(200),
  address: text(255),
  latitude: Latitude,
  longitude: Longitude,
  rider_instructions: Type.Optional(text(1000)),
  phone_number: text(32),
  city: Type.Optional(text(200)),
  users: Type.Optional(Type.Array(text(254), { maxItems: 20 })),
  unit: Type.Optional(text(200)),
  building: Type.Optional(text(200)),
  street: Type.Optional(text(255)),
  street_number: Type.Optional(text(32)),
  postal_code: Type.Optional(text(32)),
  country_code: text(2),
});
export type OutletBody = Static<typeof OutletBody>;

/** PUT /vendor/{id}/address */
export const VendorAddressBody = StrictObject({
  address_text: text(255),
  building: Type.Optional(text(200)),
  unit: Type.Optional(text(200)),
  city: text(200),
  country_code: text(2),
  latitude: Latitude,
  longitude: Longitude,
  postal_code: Type.Optional(text(32)),
  street: Type.Optional(text(255)),
  street_number: Type.Optional(text(32)),
  rider_instructions: Type.Optional(text(1000)),
});
export type VendorAddressBody = Static<typeof VendorAddressBody>;

export const COUNTRY_PARAMETER_NAMES = ['serviceHours', 'onlinePaymentActivated', 'orderItemValueExceedLimit', 'paymentMethods', 'allOutletOrders'] as const;
export const CountryParameterName = Type.Enum(COUNTRY_PARAMETER_NAMES, { type: 'string' });
export type CountryParameterName = Static<typeof CountryParameterName>;

/** GET /get-country-parameter/{name}?vendor_id= */
export const CountryParameterParams = StrictObject({ name: CountryParameterName });
export const CountryParameterQuery = Type.Object({ vendor_id: Type.String({ minLength: 1, maxLength: 128 }) });
export type CountryParameterQuery = Static<typeof CountryParameterQuery>;
