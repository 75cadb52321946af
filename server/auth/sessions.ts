// Signed-in sessions: an access token and id token (JWT) living ACCESS_TOKEN_TTL_S (1 h by default), and an opaque refresh token stored
// only as a hash, valid 30 days, revoked on logout and password reset.
import type { Db } from '../db/connect';
import { randomToken, sha256 } from './secureRandom';
import { ACCESS_TOKEN_TTL_S, signToken } from './tokens';

export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;

export interface SessionTokens {
  AccessToken: string;
  IdToken: string;
  /** Unix seconds. */
  Expires: number;
}

/**
 * The session an access token belongs to: the stored hash of its refresh token (a hash of a
 * secret, harmless to reveal). The principal hook refuses the token as soon as that refresh token
 * is revoked, so logout works at once, even within the second the token was issued.
 */
export const sessionIdOf = (refreshToken: string): string => sha256(refreshToken);

export async function issueAccessTokens(
  secret: string,
  account: { account_id: string; email: string },
  nowS: number,
  sessionId?: string,
  ttlS: number = ACCESS_TOKEN_TTL_S,
): Promise<SessionTokens> {
  const claims = { email: account.email, ...(sessionId ? { sid: sessionId } : {}) };
  const access = await signToken(secret, 'access', account.account_id, claims, nowS, ttlS);
  const id = await signToken(secret, 'id', account.account_id, claims, nowS, ttlS);
  return { AccessToken: access.token, IdToken: id.token, Expires: access.expiresAt };
}

export async function issueRefreshToken(db: Db, accountId: string, nowS: number): Promise<string> {
  const token = randomToken();
  await db.insertInto('refresh_tokens').values({
    token_hash: sha256(token), account_id: accountId, created_at: nowS, expires_at: nowS + REFRESH_TOKEN_TTL_S, revoked_at: null,
  }).execute();
  return token;
}

/** The account of a live refresh token, or null. */
export async function accountOfRefreshToken(db: Db, token: string, nowS: number) {
  return db.selectFrom('refresh_tokens')
    .innerJoin('accounts', 'accounts.account_id', 'refresh_tokens.account_id')
    .select(['accounts.account_id', 'accounts.email'])
    .where('refresh_tokens.token_hash', '=', sha256(token))
    .where('refresh_tokens.revoked_at', 'is', null)
    .where('refresh_tokens.expires_at', '>', nowS)
    // A disabled account (accountStatus.ts) refreshes nothing, even with a token revoked too late.
    .where((eb) => eb.or([eb('accounts.sessions_revoked_at', 'is', null), eb('accounts.sessions_revoked_at', '<=', nowS)]))
    .executeTakeFirst();
}

/** Ends every session of the account: refresh tokens revoked, older access tokens refused. */
export async function revokeAllSessions(db: Db, accountId: string, nowS: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: nowS })
    .where('account_id', '=', accountId).where('revoked_at', 'is', null).execute();
  await db.updateTable('accounts').set({ sessions_revoked_at: nowS }).where('account_id', '=', accountId).execute();
}

export { ACCESS_TOKEN_TTL_S };
