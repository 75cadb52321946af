import { randomBytes } from 'node:crypto';

/**
 * `${vendorId}-${20 hex digits}`: 80 random bits after the vendor prefix (API.md asks for >= 64), so
 * an order id cannot be guessed or enumerated, and `order_id` still starts with the vendor id.
 */
export function newOrderId(vendorId: string): string {
  return `${vendorId}-${randomBytes(10).toString('hex')}`;
}
