import type { Kysely, Migration } from 'kysely';

// A registration names a vendor code, but the vendor is bound to the account only once its e-mail
// address is verified (SPEC.md §5 "Vendor code and email must be verified"): until then the claim
// waits here, and an unverified sign-up can no longer take a vendor away from its real owner.
export const pendingVendorClaimsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('pending_vendor_claims')
      .addColumn('account_id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('business_name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('pending_vendor_claims').execute();
  },
};
