// The stages the public tracking pages show (tracking.ts derives them from an order's status); their own
// file so the order types can name them without importing the rules.

export const RECIPIENT_STAGES = [
  'preparing',
  'courier-accepted',
  'near-vendor',
  'collected',
  'return-initiated',
  'near-customer',
  'delivered',
  'returned',
] as const;
export type RecipientStage = (typeof RECIPIENT_STAGES)[number];

export const C2C_STAGES = [
  'placed',
  'to-collection',
  'near-collection',
  'to-delivery',
  'near-delivery',
  'delivered',
  'cancelled',
] as const;
export type C2cStage = (typeof C2C_STAGES)[number];
