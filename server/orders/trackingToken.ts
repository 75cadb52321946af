import { createHmac, timingSafeEqual } from 'node:crypto';
import { BoundedCache } from '../http/boundedCache';

/** Tokens of recently listed orders: lists are re-read all day (tracking refresh, history pages). */
const recentTokens = new BoundedCache<string, string>(50_000);

/**
 * The `?t=` token of the public tracking and receipt pages: an HMAC of the order id with the link
 * secret, so nothing is stored and a leaked order id alone does not open the page.
 */
export function trackingTokenFor(orderId: string, secret: string): string {
  // Keyed by secret too: one process may run several apps (tests), each with its own secret.
  const key = `${secret}\u0000${orderId}`;
  const known = recentTokens.get(key);
  if (known !== undefined) return known;
  const token = createHmac('sha256', secret).update(`tracking:${orderId}`).digest('base64url').slice(0, 32);
  recentTokens.set(key, token);
  return token;
}

/** Constant-time comparison; a missing token fails like a wrong one. */
export function isValidTrackingToken(orderId: string, token: string | undefined, secret: string): boolean {
  if (typeof token !== 'string' || token === '') return false;
  const expected = Buffer.from(trackingTokenFor(orderId, secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
