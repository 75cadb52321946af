// Disabling an account (ops) without a schema change: its sessions are revoked "until" the largest
// time a 32-bit integer column holds, so every token issued before then (every token) is refused by
// the principal hook on the very next request, the refresh tokens are revoked, and login, refresh
// and password reset refuse it. Enabling moves the revocation back to now (old tokens stay dead).
import type { Db } from '../db/connect';
import { revokeAllSessions } from './sessions';

/** 2038-01-19T03:14:07Z: fits PostgreSQL's `integer` as well as SQLite's. */
export const DISABLED_SESSIONS_MARK = 2_147_483_647;

export function isDisabled(account: { sessions_revoked_at: number | null }): boolean {
  return account.sessions_revoked_at !== null && account.sessions_revoked_at >= DISABLED_SESSIONS_MARK;
}

export async function disableAccount(db: Db, accountId: string, nowS: number): Promise<void> {
  await revokeAllSessions(db, accountId, nowS);
  await db.updateTable('accounts').set({ sessions_revoked_at: DISABLED_SESSIONS_MARK }).where('account_id', '=', accountId).execute();
  await db.deleteFrom('password_reset_codes').where('account_id', '=', accountId).execute();
}

export async function enableAccount(db: Db, accountId: string, nowS: number): Promise<void> {
  await db.updateTable('accounts').set({ sessions_revoked_at: nowS }).where('account_id', '=', accountId).execute();
}
