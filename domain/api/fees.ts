// The courier platform's fee, delivery-area and estimation calls (API.md "hurrier").
import { Type, type Static } from 'typebox';
import { StrictObject } from './envelope';
import { Latitude, Longitude, WirePoint } from './geo';

const VendorId = Type.String({ minLength: 1, maxLength: 200 });

/** POST /delivery/fee body. */
export const DeliveryFeeBody = StrictObject({
  source: WirePoint,
  destination: WirePoint,
  vendor_id: VendorId,
  delivery_type: Type.Optional(Type.Literal('food')),
});
export type DeliveryFeeBody = Static<typeof DeliveryFeeBody>;

/** POST /delivery/fee answer: the fee, and a signature binding vendor, route, fee and expiry. */
export const SignedFee = Type.Object({
  fee: Type.Number(),
  signature: Type.String(),
  expires_at: Type.Integer({ description: 'Unix seconds.' }),
});
export type SignedFee = Static<typeof SignedFee>;

/** POST /delivery/area/validate and POST /estimations body. */
export const DeliveryAreaRequest = StrictObject({
  location: StrictObject({ lat: Latitude, lng: Longitude }),
  vendor_location: WirePoint,
  vendor_id: VendorId,
});
export type DeliveryAreaRequest = Static<typeof DeliveryAreaRequest>;

export const DeliveryAreaVerdict = Type.Union([Type.Literal('DELIVERABLE'), Type.Literal('UNDELIVERABLE')]);
export type DeliveryAreaVerdict = Static<typeof DeliveryAreaVerdict>;

export const Estimations = Type.Object({ pickup_min: Type.Number(), dropoff_min: Type.Number() });
export type Estimations = Static<typeof Estimations>;
