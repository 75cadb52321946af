// Opt-outs (notification_opt_outs): an address or number that asked a vendor for no more messages.
import type { Db } from '../db/connect';

export async function isOptedOut(db: Db, vendorId: string, recipient: string): Promise<boolean> {
  const row = await db.selectFrom('notification_opt_outs').select('recipient').where('vendor_id', '=', vendorId).where('recipient', '=', recipient).executeTakeFirst();
  return row !== undefined;
}

/** Idempotent: a second click on the link changes nothing. */
export async function optOut(db: Db, vendorId: string, recipient: string, nowS: number): Promise<void> {
  await db.insertInto('notification_opt_outs').values({ vendor_id: vendorId, recipient, created_at: nowS })
    .onConflict((oc) => oc.columns(['vendor_id', 'recipient']).doNothing())
    .execute();
}
