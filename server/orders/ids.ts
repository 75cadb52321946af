import { createHmac, randomBytes } from 'node:crypto';

/**
 * `${vendorId}-${20 hex digits}`: 80 random bits after the vendor prefix (API.md asks for >= 64), so
 * an order id cannot be guessed or enumerated, and `order_id` still starts with the vendor id.
 */
export function newOrderId(vendorId: string): string {
  return `${vendorId}-${randomBytes(10).toString('hex')}`;
}

/**
 * The id of an order created under an Idempotency-Key: the same 80 bits for the same (caller,
 * vendor, key, body), keyed with a server secret so it is as unguessable as a random one. A re-run of
 * the request after a crash (the key's reservation lost its answer) finds the order instead of
 * creating a second one.
 */
export function orderIdForKey(vendorId: string, secret: string, material: string): string {
  return `${vendorId}-${createHmac('sha256', secret).update(material).digest('hex').slice(0, 20)}`;
}
