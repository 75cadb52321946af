// Opaque random secrets and their stored form (only hashes are stored).
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A 6-digit code, leading zeros kept. */
export const randomDigits = (length = 6): string =>
  Array.from({ length }, () => String(randomInt(10))).join('');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
