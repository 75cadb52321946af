// JSON schemas of the order bodies (SPEC.md §3). They check shapes and types only; business rules
// (empty name, phone, amounts...) are the domain's validateOrderForm and answer 422, not 400.
import { strictObject } from '../http/validation';

const text = (maxLength = 2000) => ({ type: 'string', maxLength }) as const;
const nullable = <T extends object>(schema: T) => ({ anyOf: [schema, { type: 'null' }] }) as const;
const coordinate = nullable({ type: 'number' });
const money = { type: 'number', minimum: 0, maximum: 1e9 } as const;

export const locationSchema = strictObject(
  { latitude: coordinate, longitude: coordinate, address: text(), notes: text(4000) },
  ['latitude', 'longitude', 'address'],
);

export const voucherSchema = strictObject({ code: text(64), amount: { type: 'number' }, type: { type: 'string', enum: ['PERCENT', 'FIXED'] } });

export const orderPayloadSchema = strictObject(
  {
    vendor_id: text(200),
    customer: strictObject({ location: locationSchema, phone_number: text(64), name: text(200) }),
    order: strictObject(
      {
        payment_method: text(64),
        amount: nullable(money),
        description: text(),
        cold_bag_needed: { type: 'boolean', const: false },
        // The TagIdCheck flag's tag; its shape is the domain's rule (422), this only bounds the size.
        tag_id: text(200),
      },
      ['payment_method', 'amount', 'description'],
    ),
    vat_number: nullable(text(32)),
    preordered_for: nullable({ type: 'integer' }),
    age_validation_required: { type: 'boolean' },
    login_pickup_estimation: { type: 'number', minimum: 0, maximum: 1440 },
    delivery_fee: money,
    signature: text(4000),
    voucher: nullable(voucherSchema),
    discounted_delivery_fee: nullable(money),
    discounted_delivery_fee_signature: nullable(text(4000)),
    sender: nullable(strictObject({ location: locationSchema, name: text(200), email: text(320), phone_number: text(64) })),
  },
  ['vendor_id', 'customer', 'order', 'delivery_fee', 'signature'],
);

export const updateOrderSchema = strictObject({
  vendor_id: text(200),
  payment_method: text(64),
  amount: nullable(money),
  item_details: text(),
  location: locationSchema,
  delivery_fee: money,
  signature: text(4000),
});
