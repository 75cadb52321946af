// Webhook signatures (issue #25), Stripe-style: `Webhook-Signature: t={unix s},v1={hex}` where v1 is
// HMAC-SHA256 with the endpoint's secret over `{t}.{raw body}`. Receivers recompute it over the bytes
// they received and refuse a timestamp outside the tolerance window, so a captured delivery cannot be
// replayed later. Several v1 values may be sent while a secret rotates (old and new).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Webhook-Signature';
/** How far a delivery's timestamp may be from the receiver's clock (documented for receivers). */
export const SIGNATURE_TOLERANCE_S = 300;

const digest = (secret: string, timestampS: number, body: string): string =>
  createHmac('sha256', secret).update(`${timestampS}.${body}`).digest('hex');

/** The header value for one delivery; one v1 per secret (two while a secret rotates). */
export function signWebhook(secrets: readonly string[], timestampS: number, body: string): string {
  return [`t=${timestampS}`, ...secrets.map((secret) => `v1=${digest(secret, timestampS, body)}`)].join(',');
}

/**
 * What a receiver does (and our tests do): true when some v1 matches `secret` over this body and the
 * timestamp is within `toleranceS` of `nowS`. Malformed headers are false, never an exception.
 */
export function verifyWebhookSignature(secret: string, header: string, body: string, nowS: number, toleranceS = SIGNATURE_TOLERANCE_S): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamps = parts.filter(([name]) => name === 't').map(([, value]) => Number(value));
  const timestampS = timestamps[0];
  if (timestamps.length !== 1 || timestampS === undefined || !Number.isSafeInteger(timestampS)) return false;
  if (Math.abs(nowS - timestampS) > toleranceS) return false;
  const expected = Buffer.from(digest(secret, timestampS, body), 'hex');
  return parts
    .filter(([name, value]) => name === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value ?? '', 'hex'), expected));
}
