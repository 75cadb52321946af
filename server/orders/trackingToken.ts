import { createHmac, timingSafeEqual } from 'node:crypto';
import { BoundedCache } from '../http/boundedCache';

/** Tokens of recently listed orders per link secret: lists are re-read all day (tracking refresh, history pages). */
const recentTokens = new Map<string, BoundedCache<string, string>>();
const TOKENS_PER_SECRET = 50_000;
/** A process has one link secret; tests build apps with their own. */
const MAX_SECRETS = 16;

function tokensOf(secret: string): BoundedCache<string, string> {
  let tokens = recentTokens.get(secret);
  if (!tokens) {
    if (recentTokens.size >= MAX_SECRETS) recentTokens.clear();
    tokens = new BoundedCache<string, string>(TOKENS_PER_SECRET);
    recentTokens.set(secret, tokens);
  }
  return tokens;
}

/**
 * The `?t=` token of the public tracking and receipt pages: an HMAC of the order id with the link
 * secret, so nothing is stored and a leaked order id alone does not open the page.
 */
export function trackingTokenFor(orderId: string, secret: string): string {
  // Per secret, keyed by the order id alone: no key string is built per lookup (30 per listed page).
  const tokens = tokensOf(secret);
  const known = tokens.get(orderId);
  if (known !== undefined) return known;
  const token = createHmac('sha256', secret).update(`tracking:${orderId}`).digest('base64url').slice(0, 32);
  tokens.set(orderId, token);
  return token;
}

/** Constant-time comparison; a missing token fails like a wrong one. */
export function isValidTrackingToken(orderId: string, token: string | undefined, secret: string): boolean {
  if (typeof token !== 'string' || token === '') return false;
  const expected = Buffer.from(trackingTokenFor(orderId, secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
