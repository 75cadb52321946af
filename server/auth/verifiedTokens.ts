// Verified-token memo: a token's signature, issuer, audience and `typ` never change, so a token
// verified once is not verified again while it is unexpired (HMAC through WebCrypto was the largest
// fixed cost of a request). Only the claims are kept; revocation is not decided here: the principal
// hook still asks the database whether the session and the account are live on every request.
import { BoundedCache } from '../http/boundedCache';
import type { JWTPayload } from 'jose';
import { verifyToken, type TokenKind } from './tokens';

/** Callers that sent a token recently; far more than one process serves at once. */
const MAX_TOKENS = 10_000;

export type TokenVerifier = (kind: TokenKind, token: string) => Promise<JWTPayload | null>;

/** verifyToken with a bounded memo of successes (failures are not kept: they cost nothing to store otherwise). */
export function createTokenVerifier(secret: string, nowMs: () => number = Date.now, verifyOnce: typeof verifyToken = verifyToken): TokenVerifier {
  const verified = new BoundedCache<string, JWTPayload>(MAX_TOKENS);
  return async (kind, token) => {
    const key = `${kind} ${token}`;
    const known = verified.get(key);
    // Expiry is checked against the clock on every use, so a memo never outlives its token.
    if (known !== undefined && typeof known.exp === 'number' && known.exp * 1000 > nowMs()) return known;
    if (known !== undefined) verified.delete(key);
    const payload = await verifyOnce(secret, kind, token, Math.floor(nowMs() / 1000));
    if (payload !== null && typeof payload.exp === 'number') verified.set(key, payload);
    return payload;
  };
}
