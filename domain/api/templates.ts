// Saved order templates of an outlet (issue #27): what "Order again" copies from a past order, kept
// under a name, offered in the request flow next to the address book. The fee is never kept: it is
// quoted afresh each time a template fills in the request.
import { Type, type Static, type TLiteral } from 'typebox';
import { PAYMENT_METHODS, type PaymentMethod } from '../types';
import { StrictObject } from './envelope';
import { Latitude, Longitude } from './geo';

// One literal per method; the cast keeps the union's type, which a mapped array loses.
const PaymentMethodSchema = Type.Union(PAYMENT_METHODS.map((method) => Type.Literal(method)) as [TLiteral<PaymentMethod>]);

/** The fields a vendor writes (POST and PUT bodies). */
const templateFields = {
  name: Type.String({ minLength: 1, maxLength: 100, description: 'What the vendor calls the template.' }),
  customer_name: Type.String({ minLength: 1, maxLength: 200 }),
  phone_number: Type.String({ minLength: 1, maxLength: 32 }),
  latitude: Latitude,
  longitude: Longitude,
  /** Comma-separated: unit number, building, then the rest (as an order stores it). */
  address: Type.String({ minLength: 1, maxLength: 1000, description: 'Comma-separated: unit number, building, then the rest.' }),
  notes: Type.String({ maxLength: 2000 }),
  amount: Type.Number({ minimum: 0, maximum: 1_000_000 }),
  description: Type.String({ minLength: 1, maxLength: 1000 }),
  payment_method: PaymentMethodSchema,
};

export const OrderTemplateBody = StrictObject(templateFields);
export type OrderTemplateBody = Static<typeof OrderTemplateBody>;

export const OrderTemplate = Type.Object({
  id: Type.String(),
  vendor_id: Type.String(),
  ...templateFields,
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type OrderTemplate = Static<typeof OrderTemplate>;

/** /templates/{vendorId}/{templateId} */
export const TemplateParams = Type.Object(
  { vendorId: Type.String({ minLength: 1, maxLength: 128 }), templateId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type TemplateParams = Static<typeof TemplateParams>;
