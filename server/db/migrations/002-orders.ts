import { sql, type Kysely, type Migration } from 'kysely';

// Orders side: orders, Idempotency-Key reservations, pending online payments, vouchers. Types and indexes chosen to run
// unchanged on SQLite and PostgreSQL.
export const ordersMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('orders')
      .addColumn('order_id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('guest_id', 'text')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('preordered_for', 'integer')
      .addColumn('customer_phone', 'text', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();
    // The list query: one vendor (or a parent and its outlets), newest first, keyset pagination.
    await db.schema.createIndex('orders_vendor_created').on('orders').columns(['vendor_id', 'created_at', 'order_id']).execute();
    await db.schema.createIndex('orders_guest').on('orders').column('guest_id').execute();
    // The courier simulator resumes unfinished orders on start.
    await db.schema.createIndex('orders_status').on('orders').column('status').execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('idem_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('response', 'text')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      // The unique key is what makes 20 parallel requests with one key create one order.
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'idem_key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

    // An online-paid order waits here between intent and capture; its order id is fixed up front,
    // so a capture confirmed twice (or by the challenge page and a retry at once) inserts it once.
    await db.schema
      .createTable('payment_orders')
      .addColumn('intent_id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().unique())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('guest_id', 'text')
      .addColumn('principal_key', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('vouchers')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('amount', 'double precision', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'integer')
      .addColumn('created_at', 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('vouchers').execute();
    await db.schema.dropTable('payment_orders').execute();
    await db.schema.dropTable('idempotency_keys').execute();
    await db.schema.dropTable('orders').execute();
  },
};
