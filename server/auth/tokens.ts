// Signed tokens (jose, HS256 with the server secret). Every verification pins the algorithm
// (so `alg: none` and asymmetric tricks fail), checks issuer, audience, the header `typ` that
// names the token kind, and expiry.
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

export const ISSUER = 'courier-portal';
/** Default life of access and id tokens; the server's ACCESS_TOKEN_TTL_S setting overrides it. */
export const ACCESS_TOKEN_TTL_S = 3600;
export const GUEST_TOKEN_TTL_S = 24 * 3600;
export const HELP_CENTRE_TOKEN_TTL_S = 3600;
/** The courier app keeps its GoDroid token; a year, revocable by rotating the secret. */
export const GODROID_TOKEN_TTL_S = 365 * 24 * 3600;

/** Each kind has its own audience and header `typ`, so one kind never passes for another. */
export const TOKEN_KINDS = {
  access: { audience: 'portal', typ: 'at+jwt', ttlS: ACCESS_TOKEN_TTL_S },
  id: { audience: 'portal', typ: 'id+jwt', ttlS: ACCESS_TOKEN_TTL_S },
  guest: { audience: 'guest', typ: 'guest+jwt', ttlS: GUEST_TOKEN_TTL_S },
  godroid: { audience: 'godroid', typ: 'godroid+jwt', ttlS: GODROID_TOKEN_TTL_S },
  helpCentre: { audience: 'help-centre', typ: 'hc+jwt', ttlS: HELP_CENTRE_TOKEN_TTL_S },
} as const;

export type TokenKind = keyof typeof TOKEN_KINDS;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(
  secret: string,
  kind: TokenKind,
  subject: string,
  claims: JWTPayload,
  /** The server clock's now (app.clock). */
  nowS: number,
  /** Overrides the kind's default life (the configured access-token life). */
  ttlS: number = TOKEN_KINDS[kind].ttlS,
): Promise<{ token: string; expiresAt: number }> {
  const { audience, typ } = TOKEN_KINDS[kind];
  const expiresAt = nowS + ttlS;
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt(nowS)
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
  return { token, expiresAt };
}

/** The payload when the token is a valid token of `kind`, unexpired at `nowS` (the server clock); null otherwise. */
export async function verifyToken(secret: string, kind: TokenKind, token: string, nowS: number): Promise<JWTPayload | null> {
  const { audience, typ } = TOKEN_KINDS[kind];
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience,
      typ,
      requiredClaims: ['sub', 'exp'],
      currentDate: new Date(nowS * 1000),
    });
    return payload;
  } catch {
    return null;
  }
}
