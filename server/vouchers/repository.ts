import type { UnixSeconds, Voucher, VoucherType } from '../../domain/types';
import type { Db } from '../db/connect';

/** The demo vouchers (DESIGN.md): 10 % off, 5 off, and one that expired long ago. */
export const DEMO_VOUCHERS: readonly Voucher[] = [
  { code: 'WELCOME10', amount: 10, type: 'PERCENT', expires_at: null },
  { code: 'FLAT5', amount: 5, type: 'FIXED', expires_at: null },
  { code: 'OLD2020', amount: 20, type: 'PERCENT', expires_at: 1_609_459_199 }, // 2020-12-31T23:59:59Z
];

/** Codes are case-insensitive for people typing them; stored upper-case. */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Idempotent: inserts the demo vouchers that are missing, leaves existing rows alone. */
export async function seedVouchers(db: Db, nowUnix: UnixSeconds = Math.floor(Date.now() / 1000)): Promise<void> {
  for (const voucher of DEMO_VOUCHERS) {
    await db.insertInto('vouchers')
      .values({ code: voucher.code, amount: voucher.amount, type: voucher.type, expires_at: voucher.expires_at ?? null, created_at: nowUnix })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}

export async function findVoucher(db: Db, code: string): Promise<Voucher | null> {
  const row = await db.selectFrom('vouchers').select(['code', 'amount', 'type', 'expires_at'])
    .where('code', '=', normaliseVoucherCode(code)).executeTakeFirst();
  return row ? { code: row.code, amount: row.amount, type: row.type as VoucherType, expires_at: row.expires_at } : null;
}

/** A voucher that exists and has not expired at `nowUnix`, else null. */
export async function findUsableVoucher(db: Db, code: string, nowUnix: UnixSeconds): Promise<Voucher | null> {
  const voucher = await findVoucher(db, code);
  if (!voucher) return null;
  return voucher.expires_at !== null && voucher.expires_at !== undefined && voucher.expires_at <= nowUnix ? null : voucher;
}
