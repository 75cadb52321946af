import type { Kysely, Migration } from 'kysely';

// The transactional outbox of order changes (server/orders/changeOutbox.ts): one row per stored
// change, written in the same transaction as the order, so a process that dies after the commit
// still has its webhook events and recipient messages queued by whichever process relays next.
// Dialect-neutral: integers for times, text ids.
export const orderOutboxMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('order_outbox')
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('recorded_at', 'bigint', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_outbox_pk', ['order_id', 'seq'])
      .execute();
    await db.schema.createIndex('order_outbox_recorded').on('order_outbox').columns(['recorded_at', 'order_id', 'seq']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('order_outbox').execute();
  },
};
