import type { Kysely, Migration } from 'kysely';

// The sandbox payment provider's state: wallets, intents, saved cards, the money ledger and
// the card-encryption key pair, in the database so every server process sees one sandbox. Nested
// values are JSON text, as orders are; columns a query filters on are their own. Column docs in
// server/payments/tables.ts.
export const paymentsSandboxMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('payment_wallets')
      .addColumn('wallet_id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().unique())
      .addColumn('tokens', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('payment_intents')
      .addColumn('intent_id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('payment_saved_cards')
      .addColumn('card_id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'bigint', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payment_saved_cards_vendor').on('payment_saved_cards').columns(['vendor_id', 'saved_at']).execute();
    await db.schema
      .createTable('payment_ledger')
      .addColumn('intent_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount', 'double precision', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('at', 'integer', (c) => c.notNull())
      // At most one capture and one refund per intent, whatever the code above does.
      .addPrimaryKeyConstraint('payment_ledger_pk', ['intent_id', 'kind'])
      .execute();
    await db.schema
      .createTable('payment_sandbox_keys')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('key_pair', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['payment_sandbox_keys', 'payment_ledger', 'payment_saved_cards', 'payment_intents', 'payment_wallets']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
