// Operations (API.md "Operations", behind `Authorization: Ops {OPS_TOKEN}`): move an order, set flags
// and country parameters, mint GoDroid tokens. Not for browsers.
import { Type, type Static } from 'typebox';
import { StrictObject } from './envelope';
import { OrderStatus } from './orders';

/** Where a flag or a parameter applies: null or absent = every country / vendor. */
const scope = {
  country: Type.Optional(Type.Union([Type.String({ maxLength: 8 }), Type.Null()])),
  vendor_id: Type.Optional(Type.Union([Type.String({ maxLength: 128 }), Type.Null()])),
};

/** `{name}` of a flag or a country parameter. */
export const NameParams = StrictObject({ name: Type.String({ maxLength: 64 }) });
export type NameParams = Static<typeof NameParams>;

/**
 * The proof a rider hands in with a move, as a real courier platform reports it (http(s) URLs the
 * server fetches and archives); without it the simulator makes its own. Only for the statuses that
 * carry a proof (PICKED_UP, DELIVERED, RETURNED_TO_VENDOR).
 */
export const HandedInProof = StrictObject({
  photo: Type.String({ minLength: 1, maxLength: 4096, description: 'The proof photo: a URL.' }),
  signature: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: "The receiver's signature: an image URL." })),
  received_by: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The name the receiver gave the rider.' })),
});
export type HandedInProof = Static<typeof HandedInProof>;

/** POST /ops/orders/{orderId}/status body. */
export const OrderStatusMove = StrictObject({ status: OrderStatus, proof: Type.Optional(HandedInProof) });
export type OrderStatusMove = Static<typeof OrderStatusMove>;

/** PUT /ops/flags/{name} body: a variation (boolean, string, number or JSON) and where it applies. */
export const FlagSetting = StrictObject({ variation: Type.Unknown(), ...scope, brand: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])) });

/** PUT /ops/flags/{name} answer. */
export const FlagSet = Type.Object({ name: Type.String(), variation: Type.Unknown() });

/** PUT /ops/country-parameters/{name} body. */
export const CountryParameterSetting = StrictObject({ value: Type.String({ maxLength: 512 }), ...scope });

/** PUT /ops/country-parameters/{name} answer. */
export const CountryParameterSet = Type.Object({ name: Type.String(), value: Type.String() });

/** POST /ops/godroid-token body. */
export const GodroidTokenBody = StrictObject({ vendor_id: Type.String({ minLength: 1, maxLength: 128 }) });

/** POST /ops/godroid-token answer (no `result` envelope): the token of the embedded mode. */
export const GodroidToken = Type.Object({ token: Type.String() });
export type GodroidToken = Static<typeof GodroidToken>;
