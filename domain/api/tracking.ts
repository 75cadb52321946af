// The public pages of an order (API.md GET /tracking/{orderId} and GET /order/{orderId}/receipt),
// opened by anyone holding the link: first names only, no phone unless the vendor's flag shows it.
import { Type, type Static } from 'typebox';
import { C2C_STAGES, RECIPIENT_STAGES } from '../trackingStages';
import { OrderStatus, PaymentMethod, StatusHistoryEntry } from './orders';

const UnixSeconds = Type.Integer({ description: 'Unix seconds.' });
const Point = Type.Object({ latitude: Type.Number(), longitude: Type.Number() });

/** `?t=` the order's tracking token; `locale` for the printable receipt. */
export const TrackingTokenQuery = Type.Object({ t: Type.Optional(Type.String({ maxLength: 128 })), locale: Type.Optional(Type.String({ maxLength: 16 })) });
export type TrackingTokenQuery = Static<typeof TrackingTokenQuery>;

/** GET /tracking/{orderId} answer: stage, rider position, ETA. */
export const PublicTrackingView = Type.Object({
  order_id: Type.String(),
  status: OrderStatus,
  kind: Type.Enum(['recipient', 'c2c'], { type: 'string', description: "'c2c' for a guest sender's parcel (consumer to consumer)." }),
  stage: Type.Union([Type.Enum(RECIPIENT_STAGES, { type: 'string' }), Type.Enum(C2C_STAGES, { type: 'string' }), Type.Null()]),
  created_at: UnixSeconds,
  updated_at: UnixSeconds,
  preordered_for: Type.Union([UnixSeconds, Type.Null()]),
  vendor_name: Type.String(),
  sender_first_name: Type.Union([Type.String(), Type.Null()]),
  customer_first_name: Type.String(),
  destination: Point,
  pickup: Type.Union([Point, Type.Null()]),
  rider: Type.Union([Type.Object({
    first_name: Type.String(),
    phone: Type.Optional(Type.String({ description: "Only where the TrackingPageSettings flag's showRiderPhone is on for the order's vendor." })),
    latitude: Type.Union([Type.Number(), Type.Null()]),
    longitude: Type.Union([Type.Number(), Type.Null()]),
    updated_at: UnixSeconds,
  }), Type.Null()]),
  eta_to_vendor_min: Type.Union([Type.Number(), Type.Null()]),
  eta_to_customer_min: Type.Union([Type.Number(), Type.Null()]),
  status_history: Type.Array(StatusHistoryEntry),
});
export type PublicTrackingView = Static<typeof PublicTrackingView>;

/** GET /order/{orderId}/receipt answer, asked for JSON (`Accept: application/json`; otherwise a printable page). */
export const Receipt = Type.Object({
  order_id: Type.String(),
  status: OrderStatus,
  vendor_name: Type.String(),
  customer_first_name: Type.String(),
  created_at: UnixSeconds,
  delivered_at: Type.Union([UnixSeconds, Type.Null()]),
  currency: Type.String(),
  order_amount: Type.Number(),
  delivery_fee: Type.Number(),
  discount: Type.Number(),
  total_amount: Type.Number(),
  payment_method: PaymentMethod,
  voucher_code: Type.Union([Type.String(), Type.Null()]),
});
export type Receipt = Static<typeof Receipt>;
