import { SignJWT, jwtVerify, errors } from 'jose';
import type { SignedFee } from '../../domain/api';
import type { GeoPoint, UnixSeconds } from '../../domain/types';

/**
 * A fee quote signed by the server, so a browser cannot lower the fee it sends back with POST /order.
 * The signature is a compact HS256 JWS (jose) whose claims carry what it binds: vendor, source,
 * destination, fee, expiry and, for a discounted quote, the voucher code. Keeping the claims inside
 * the token lets /voucher/validate re-sign a discount without the client resending the route.
 */
export interface FeeQuote {
  vendorId: string;
  source: GeoPoint;
  destination: GeoPoint;
  fee: number;
  /** Set on a discounted quote (POST /voucher/validate). */
  voucherCode?: string | null;
}

export type { SignedFee } from '../../domain/api';

export type FeeCheck =
  | { ok: true; quote: FeeQuote; expiresAt: UnixSeconds }
  | { ok: false; reason: 'expired' | 'invalid' };

const AUDIENCE = 'fee-quote';
const TOKEN_TYPE = 'fee+jwt';

interface FeeClaims {
  vid: string;
  src: [number, number];
  dst: [number, number];
  fee: number;
  vc?: string;
}

/** Imported HMAC keys by secret (a process has one or two): jose would import the raw secret again on every call. */
const hmacKeys = new Map<string, Promise<CryptoKey>>();
const MAX_KEPT_KEYS = 16;

function keyOf(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    if (hmacKeys.size >= MAX_KEPT_KEYS) hmacKeys.clear();
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    hmacKeys.set(secret, key);
  }
  return key;
}

export async function signFee(
  quote: FeeQuote,
  opts: { secret: string; ttlSeconds: number; nowUnix: UnixSeconds },
): Promise<SignedFee> {
  const expiresAt = opts.nowUnix + opts.ttlSeconds;
  const claims: FeeClaims = {
    vid: quote.vendorId,
    src: [quote.source.latitude, quote.source.longitude],
    dst: [quote.destination.latitude, quote.destination.longitude],
    fee: quote.fee,
    ...(quote.voucherCode ? { vc: quote.voucherCode } : {}),
  };
  const signature = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: TOKEN_TYPE })
    .setAudience(AUDIENCE)
    .setIssuedAt(opts.nowUnix)
    .setExpirationTime(expiresAt)
    .sign(await keyOf(opts.secret));
  return { fee: quote.fee, signature, expires_at: expiresAt };
}

function isPair(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number');
}

/** Verifies the HMAC first, then the expiry: a tampered token is 'invalid' even when it is also old. */
export async function readFeeSignature(
  signature: string,
  opts: { secret: string; nowUnix: UnixSeconds },
): Promise<FeeCheck> {
  try {
    const { payload } = await jwtVerify(signature, await keyOf(opts.secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      typ: TOKEN_TYPE,
      currentDate: new Date(opts.nowUnix * 1000),
    });
    const { vid, src, dst, fee, vc } = payload as Partial<FeeClaims>;
    if (typeof vid !== 'string' || !isPair(src) || !isPair(dst) || typeof fee !== 'number' || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      expiresAt: payload.exp,
      quote: {
        vendorId: vid,
        source: { latitude: src[0], longitude: src[1] },
        destination: { latitude: dst[0], longitude: dst[1] },
        fee,
        voucherCode: typeof vc === 'string' ? vc : null,
      },
    };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

function samePoint(a: GeoPoint, b: GeoPoint): boolean {
  return a.latitude === b.latitude && a.longitude === b.longitude;
}

/** True when a verified quote is the one the order claims (vendor, route, fee and voucher). */
export function quoteMatches(quote: FeeQuote, expected: FeeQuote): boolean {
  return (
    quote.vendorId === expected.vendorId &&
    samePoint(quote.source, expected.source) &&
    samePoint(quote.destination, expected.destination) &&
    quote.fee === expected.fee &&
    (quote.voucherCode ?? null) === (expected.voucherCode ?? null)
  );
}
