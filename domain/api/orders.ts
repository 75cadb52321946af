// Orders (API.md "Orders"): the list query, and (below) the order bodies.
import { Type, type Static, type TSchema } from 'typebox';
import { StrictObject } from './envelope';

/** API.md: `count` at most 200. */
export const ORDER_PAGE_MAX = 200;

/** GET /vendor/{id}/orders query. Every key is optional on the wire; the server fills its defaults. */
export const OrderListQuery = Type.Object({
  from: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix seconds.' })),
  to: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix seconds.' })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: ORDER_PAGE_MAX })),
  pagination_key: Type.Optional(Type.String({ maxLength: 512 })),
  include_outlets: Type.Optional(Type.Boolean()),
  customer_phone_number: Type.Optional(Type.String({ maxLength: 64 })),
  scheduled: Type.Optional(Type.Boolean()),
  // Extension of API.md (server/README.md): the history status filter, as POST /orders/export takes it.
  // A string on the wire, checked by the route, so an unknown value is a 422 business answer, not a 400.
  status: Type.Optional(Type.String({ maxLength: 32, description: 'A status filter (domain/statuses.ts STATUS_FILTERS); absent = ANY.' })),
}, { additionalProperties: false });
export type OrderListQuery = Static<typeof OrderListQuery>;

// The order bodies (SPEC.md §3). The schemas check shapes, types and sizes only; business rules
// (empty name, phone, amounts, payment method...) are the domain's validateOrderForm and answer 422,
// not 400. So they are wider than what the browser builds: null coordinates, a null amount.
const text = (maxLength = 2000) => Type.String({ maxLength });
const Money = Type.Number({ minimum: 0, maximum: 1e9 });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const OrderLocation = StrictObject({
  latitude: nullable(Type.Number()),
  longitude: nullable(Type.Number()),
  address: text(),
  notes: Type.Optional(text(4000)),
});
export type OrderLocation = Static<typeof OrderLocation>;

export const AppliedVoucherBody = StrictObject({ code: text(64), amount: Type.Number(), type: Type.Union([Type.Literal('PERCENT'), Type.Literal('FIXED')]) });

/** POST /order (and the `order` of POST /order/payment/intent). */
export const OrderRequestPayload = StrictObject({
  vendor_id: text(200),
  customer: StrictObject({
    location: OrderLocation, phone_number: text(64), name: text(200),
    // Recipient notifications (issue 26): where e-mails go and the language of every message (else the country's default).
    email_address: Type.Optional(nullable(text(320))),
    language: Type.Optional(nullable(text(16))),
  }),
  order: StrictObject({
    payment_method: text(64),
    amount: nullable(Money),
    description: text(),
    cold_bag_needed: Type.Optional(Type.Literal(false)),
    // The TagIdCheck flag's tag; its shape is the domain's rule (422), this only bounds the size.
    tag_id: Type.Optional(text(200)),
  }),
  vat_number: Type.Optional(nullable(text(32))),
  preordered_for: Type.Optional(nullable(Type.Integer({ description: 'Unix seconds.' }))),
  age_validation_required: Type.Optional(Type.Boolean()),
  login_pickup_estimation: Type.Optional(Type.Number({ minimum: 0, maximum: 1440 })),
  delivery_fee: Money,
  signature: text(4000),
  voucher: Type.Optional(nullable(AppliedVoucherBody)),
  discounted_delivery_fee: Type.Optional(nullable(Money)),
  discounted_delivery_fee_signature: Type.Optional(nullable(text(4000))),
  sender: Type.Optional(nullable(StrictObject({ location: OrderLocation, name: text(200), email: text(320), phone_number: text(64) }))),
});
export type OrderRequestPayload = Static<typeof OrderRequestPayload>;

/** PUT /order/{orderId}: only before pick-up. */
export const UpdateOrderBody = StrictObject({
  vendor_id: text(200),
  payment_method: text(64),
  amount: nullable(Money),
  item_details: text(),
  location: OrderLocation,
  delivery_fee: Money,
  signature: text(4000),
});
export type UpdateOrderBody = Static<typeof UpdateOrderBody>;

/** PUT /order/cancel */
export const CancelOrderBody = StrictObject({
  vendor_id: text(200),
  order_id: text(300),
  reason: Type.String({ minLength: 1, maxLength: 500 }),
});
export type CancelOrderBody = Static<typeof CancelOrderBody>;
