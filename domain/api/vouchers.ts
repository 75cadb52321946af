// Vouchers (API.md "Vouchers and payment"): validate one against a signed fee, read one.
import { Type, type Static } from 'typebox';
import { StrictObject } from './envelope';

export const VoucherKind = Type.Union([Type.Literal('PERCENT'), Type.Literal('FIXED')]);

/** GET /voucher/{code} answer. */
export const Voucher = Type.Object({
  code: Type.String(),
  amount: Type.Number(),
  type: VoucherKind,
  expires_at: Type.Optional(Type.Union([Type.Integer({ description: 'Unix seconds.' }), Type.Null()])),
});
export type Voucher = Static<typeof Voucher>;

/** POST /voucher/validate body: the code and the signed fee it discounts. */
export const VoucherValidationBody = StrictObject({
  code: Type.String({ maxLength: 64 }),
  order: StrictObject({
    order_time: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    delivery_fee: Type.Number({ minimum: 0 }),
    signature: Type.String({ maxLength: 4000 }),
  }),
  vendor_id: Type.String({ maxLength: 200 }),
});
export type VoucherValidationBody = Static<typeof VoucherValidationBody>;

/** POST /voucher/validate answer: the discounted fee with its own signature (binding the code) and that signature's expiry. */
export const VoucherValidation = Type.Object({
  voucher: Type.Object({ code: Type.String(), amount: Type.Number(), type: VoucherKind }),
  delivery_fee: Type.Number(),
  signature: Type.String(),
  expires_at: Type.Integer({ description: 'Unix seconds.' }),
});
export type VoucherValidation = Static<typeof VoucherValidation>;
