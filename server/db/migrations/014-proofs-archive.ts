import type { Kysely, Migration } from 'kysely';

// The proof archive (server/proofs): one row per proof copied into the object store, so the
// downloads find a vendor's proofs of a period and the cleanup finds those past their retention
// without listing the store. Dialect-neutral: integers for times, text ids.
export const proofArchiveMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('proof_archive')
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('proved_at', 'bigint', (c) => c.notNull())
      .addColumn('receiver_name', 'text')
      .addColumn('photo_key', 'text', (c) => c.notNull())
      .addColumn('record_key', 'text', (c) => c.notNull())
      .addColumn('stored_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('proof_archive_pk', ['order_id', 'kind'])
      .execute();
    await db.schema.createIndex('proof_archive_vendor_time').on('proof_archive').columns(['vendor_id', 'proved_at']).execute();
    await db.schema.createIndex('proof_archive_time').on('proof_archive').column('proved_at').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('proof_archive').execute();
  },
};
