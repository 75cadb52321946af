// Orders (API.md "Orders"): the order as it is answered, the list query and page, and the order bodies.
import { Type, type Static, type TSchema } from 'typebox';
import { StrictObject } from './envelope';
import { Voucher } from './vouchers';

export const ORDER_STATUSES = [
  'NEW',
  'STALLED',
  'RECEIVED',
  'WAITING_FOR_TRANSPORT',
  'ASSIGNED_TO_TRANSPORT',
  'COURIER_ACCEPTED_DELIVERY',
  'RECEIVED_BY_VENDOR',
  'ACCEPTED_BY_VENDOR',
  'NEAR_VENDOR',
  'DELAYED',
  'PICKED_UP',
  'NEAR_CUSTOMER',
  'DELIVERED',
  'CANCELLED',
  'COURIER_LEFT_VENDOR',
  'MODIFIED',
  'INITIATED',
  'PAYMENT_INITIATED',
  'PAYMENT_COMMITTED',
  'PAYMENT_FAILED',
  'PAYMENT_CANCELLED',
  'RETURN_INITIATED',
  'RETURNED_TO_VENDOR',
] as const;

export const OrderStatus = Type.Enum(ORDER_STATUSES, { type: 'string' });
export type OrderStatus = Static<typeof OrderStatus>;

/** PAY_AT_PICKUP (behind the PayAtPickup flag): the delivery fee is paid to the rider in cash at collection. */
export const PAYMENT_METHODS = ['NONE', 'PAID', 'CASH_ON_DELIVERY', 'PAYMENT_ON_DELIVERY', 'ONLINE_PAYMENT', 'PAY_AT_PICKUP'] as const;
export const PaymentMethod = Type.Enum(PAYMENT_METHODS, { type: 'string' });
export type PaymentMethod = Static<typeof PaymentMethod>;

const UnixSeconds = Type.Integer({ description: 'Unix seconds.' });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const StatusHistoryEntry = Type.Object({ status: OrderStatus, created_at: UnixSeconds });
export type StatusHistoryEntry = Static<typeof StatusHistoryEntry>;

/** A place an order goes to or is collected from. */
export const CustomerLocation = Type.Object({
  latitude: Type.Number(),
  longitude: Type.Number(),
  address: Type.String(),
  notes: Type.Optional(Type.String()),
});
export type CustomerLocation = Static<typeof CustomerLocation>;

/** The rider now (GET /riders/{orderId}, and inside an order). */
export const Rider = Type.Object({
  name: Type.String(),
  phone: Type.String(),
  latitude: nullable(Type.Number()),
  longitude: nullable(Type.Number()),
  eta_to_vendor_min: nullable(Type.Number()),
  eta_to_customer_min: nullable(Type.Number()),
  updated_at: UnixSeconds,
});
export type Rider = Static<typeof Rider>;

/** One value per proof kind (pickup, delivery, return), each present once that proof arrived. */
const perProofKind = <T extends TSchema>(value: T) => Type.Object({
  pickup: Type.Optional(nullable(value)),
  delivery: Type.Optional(nullable(value)),
  return: Type.Optional(nullable(value)),
});

/**
 * Proofs handed in by the rider: photo URLs per kind (data: URLs from the courier simulator, http(s)
 * URLs from a real courier platform), and with a delivery the receiver's signature (an image URL)
 * and the name the receiver gave.
 */
export const OrderProofs = Type.Object({
  pickup: Type.Optional(nullable(Type.String())),
  delivery: Type.Optional(nullable(Type.String())),
  return: Type.Optional(nullable(Type.String())),
  signatures: Type.Optional(perProofKind(Type.String({ description: "The receiver's signature: an image URL." }))),
  received_by: Type.Optional(perProofKind(Type.String({ description: 'The name of the person who received the item, as the rider recorded it.' }))),
});
export type OrderProofs = Static<typeof OrderProofs>;

/** Who cancelled an order (Insights counts cancellations by it): its vendor, a guest sender, or the courier platform. */
export const CANCELLED_BY = ['vendor', 'sender', 'courier'] as const;
export const CancelledBy = Type.Enum(CANCELLED_BY, { type: 'string' });
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** An order as its owner reads it (GET /order, the list, update, cancel and the live updates). */
export const Order = Type.Object({
  order_id: Type.String(),
  vendor_id: Type.String(),
  created_at: UnixSeconds,
  updated_at: UnixSeconds,
  status: OrderStatus,
  status_history: Type.Array(StatusHistoryEntry),
  preordered_for: nullable(UnixSeconds),
  customer: Type.Object({
    name: Type.String(),
    phone_number: Type.String(),
    location: CustomerLocation,
    email_address: Type.Optional(Type.String({ description: "The recipient's e-mail address for order messages; absent when none was given." })),
    language: Type.Optional(Type.String({ description: "The recipient's language for order messages (a locale of the country); absent: the country's default." })),
  }),
  order: Type.Object({
    amount: Type.Number(),
    description: Type.String(),
    payment_method: PaymentMethod,
    tag_id: Type.Optional(Type.String({ description: 'The bag/parcel tag the rider checks at pick-up (TagIdCheck flag); absent when none was given.' })),
  }),
  // Display fields (SPEC.md §3 "Display also shows").
  outlet_name: Type.Optional(Type.String()),
  unit_number: Type.Optional(Type.String()),
  building: Type.Optional(Type.String()),
  delivery_fee: Type.Optional(Type.Number()),
  discount: Type.Optional(Type.Number()),
  total_amount: Type.Optional(Type.Number()),
  currency: Type.Optional(Type.String()),
  estimated_pickup_min: Type.Optional(nullable(Type.Number())),
  estimated_delivery_min: Type.Optional(nullable(Type.Number())),
  rider: Type.Optional(nullable(Rider)),
  cancel_reason: Type.Optional(nullable(Type.String())),
  // Set when the order is cancelled; absent on orders cancelled before it was recorded.
  cancelled_by: Type.Optional(nullable(CancelledBy)),
  proofs: Type.Optional(OrderProofs),
  tracking_token: Type.Optional(Type.String({ description: 'Token for the public tracking and receipt pages (`?t=`).' })),
  pickup: Type.Optional(nullable(CustomerLocation)),
  sender_name: Type.Optional(nullable(Type.String({ description: "A guest sender's name; tracking shows the first name only." }))),
  voucher: Type.Optional(nullable(Voucher)),
  payment_intent_id: Type.Optional(nullable(Type.String({ description: 'The online payment intent that paid for it.' }))),
});
export type Order = Static<typeof Order>;

/** GET /vendor/{id}/orders answer: a page, and the key of the next one (null on the last). */
export const OrderPage = Type.Object({ data: Type.Array(Order), pagination_key: nullable(Type.String()) });
export type OrderPage = Static<typeof OrderPage>;

/** GET /order query. */
export const OrderQuery = Type.Object({ vendorId: Type.String({ maxLength: 200 }), orderId: Type.String({ maxLength: 300 }) }, { additionalProperties: false });
export type OrderQuery = Static<typeof OrderQuery>;

/** PUT /order/{orderId} path. */
export const OrderIdParams = Type.Object({ orderId: Type.String({ minLength: 1, maxLength: 300 }) }, { additionalProperties: false });
export type OrderIdParams = Static<typeof OrderIdParams>;

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
    // Recipient notifications: where e-mails go and the language of every message (else the country's default).
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
