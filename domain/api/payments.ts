// Online payment (API.md "Vouchers and payment", SPEC.md §7): the wallet, the intent that prices the
// order, and its confirmation, which creates the order once the payment is captured.
import { Type, type Static } from 'typebox';
import { StrictObject } from './envelope';
import { OrderRequestPayload } from './orders';

const text = (maxLength = 512) => Type.String({ maxLength });

/** POST /order/payment/auth/{vendorId} answer. */
export const PaymentWallet = Type.Object({ wallet_id: Type.String(), access_token: Type.String(), expires_in: Type.Integer({ description: 'Seconds.' }) });
export type PaymentWallet = Static<typeof PaymentWallet>;

/** POST /order/payment/intent body: the wallet and the order to price. */
export const PaymentIntentBody = StrictObject({ wallet_id: text(), bearer_token: text(4000), vendor_id: text(200), order: OrderRequestPayload });
export type PaymentIntentBody = Static<typeof PaymentIntentBody>;

/** A card the payer saved before: the provider's token (sent back as payment_instrument_id) and what a payer recognises it by. */
export const SavedPaymentCard = Type.Object({
  id: Type.String(), scheme: Type.String(), last4: Type.String(), expiry_month: Type.Integer(), expiry_year: Type.Integer(), holder_name: Type.String(),
});
export type SavedPaymentCard = Static<typeof SavedPaymentCard>;

/** The public members of the provider's RSA key (JWK) for `encrypted_card`; as an allow-list, no private member (d, p, q...) can ever be sent. */
export const CardEncryptionKey = Type.Object({
  kty: Type.String(), n: Type.String(), e: Type.String(),
  alg: Type.Optional(Type.String()), use: Type.Optional(Type.String()), kid: Type.Optional(Type.String()),
});
export type CardEncryptionKey = Static<typeof CardEncryptionKey>;

/** POST /order/payment/intent answer (saved cards and the key are additions to API.md, server/orders/README.md). */
export const CreatedPaymentIntent = Type.Object({
  payment_methods: Type.Array(Type.String()),
  intent_id: Type.String(),
  saved_cards: Type.Optional(Type.Array(SavedPaymentCard)),
  card_encryption_key: Type.Optional(CardEncryptionKey),
});
export type CreatedPaymentIntent = Static<typeof CreatedPaymentIntent>;

/** A card as typed by the payer, for a provider that takes it raw (the embedded sandbox). */
export const PaymentCardFields = StrictObject({
  number: text(32), expiry_month: Type.Integer(), expiry_year: Type.Integer(), cvc: text(8), holder_name: text(200),
});
export type PaymentCardFields = Static<typeof PaymentCardFields>;

/**
 * POST /order/payment/intent/confirm body: the order's vendor, VAT number and time; the instrument is
 * 'NEW' with the card raw (`card`) or encrypted by the provider's key (`encrypted_card`, a compact JWE
 * of PaymentCardFields), or a saved card's id with no card at all.
 */
export const ConfirmPaymentIntentBody = StrictObject({
  order: StrictObject({
    vendor_id: text(200),
    vat_number: Type.Optional(Type.Union([text(32), Type.Null()])),
    preordered_for: Type.Optional(Type.Union([Type.Integer({ description: 'Unix seconds.' }), Type.Null()])),
  }),
  bearer_token: text(4000),
  purchase_intent_id: text(),
  payment_method: text(64),
  payment_instrument_id: text(),
  card: Type.Optional(PaymentCardFields),
  encrypted_card: Type.Optional(text(8000)),
  save_card: Type.Optional(Type.Boolean({ description: 'Keep the new card for the next payments of this wallet.' })),
  holder_name: Type.Optional(text(200)),
});
export type ConfirmPaymentIntentBody = Static<typeof ConfirmPaymentIntentBody>;

/** POST /order/payment/intent/confirm answer: the order, or the bank's challenge page to open first. */
export const ConfirmedPayment = Type.Object({
  order_id: Type.String(),
  redirect_required: Type.Optional(Type.Object({ redirectUrl: Type.String() })),
});
export type ConfirmedPayment = Static<typeof ConfirmedPayment>;
