// Verified-token memo: a token's signature, issuer, audience and `typ` never change, so a token
// verified once is not verified again while it is unexpired (HMAC through WebCrypto was the largest
// fixed cost of a request). Only the claims are kept; revocation is not decided here: the principal
// hook still asks the database whether the session and the account are live on every request.
import { BoundedCache } from '../http/boundedCache';
import type { JWTPayload } from 'jose';
import { verifyToken, type TokenKind } from './tokens';

/** Callers that sent a token of one kind recently; far more than one process serves at once. */
const MAX_TOKENS_PER_KIND = 10_000;

export type TokenVerifier = (kind: TokenKind, token: string) => Promise<JWTPayload | null>;

/** verifyToken with a bounded memo of successes (failures are not kept: they cost nothing to store otherwise). */
export function createTokenVerifier(secret: string, nowMs: () => number = Date.now, verifyOnce: typeof verifyToken = verifyToken): TokenVerifier {
  // One memo per kind, keyed by the token itself: no key string is built for each lookup (a signed-in
  // request looks up two tokens of a few hundred characters each).
  const memos = new Map<TokenKind, BoundedCache<string, JWTPayload>>();
  const memoOf = (kind: TokenKind) => {
    let memo = memos.get(kind);
    if (memo === undefined) {
      memo = new BoundedCache<string, JWTPayload>(MAX_TOKENS_PER_KIND);
      memos.set(kind, memo);
    }
    return memo;
  };
  return async (kind, token) => {
    const verified = memoOf(kind);
    const known = verified.get(token);
    // Expiry is checked against the clock on every use, so a memo never outlives its token.
    if (known !== undefined && typeof known.exp === 'number' && known.exp * 1000 > nowMs()) return known;
    if (known !== undefined) verified.delete(token);
    const payload = await verifyOnce(secret, kind, token, Math.floor(nowMs() / 1000));
    if (payload !== null && typeof payload.exp === 'number') verified.set(token, payload);
    return payload;
  };
}
