import type { Kysely, Migration } from 'kysely';

// Recipient notifications: per-outlet settings, the log of every message (one row per
// order, event and channel: its key is what makes a message go out once), and opt-outs per vendor
// and address or number. The per-recipient throttle counts the log's sent rows (index below).
// Dialect-neutral: unix-second integers, JSON as TEXT, text ids.
export const recipientNotificationsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('notification_settings')
      .addColumn('vendor_id', 'text', (c) => c.primaryKey())
      .addColumn('email_events', 'text', (c) => c.notNull())
      .addColumn('sms_events', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('notification_messages')
      .addColumn('message_key', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notification_messages_order').on('notification_messages').column('order_id').execute();
    await db.schema.createIndex('notification_messages_recipient').on('notification_messages').columns(['vendor_id', 'recipient', 'created_at']).execute();
    await db.schema
      .createTable('notification_opt_outs')
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_opt_outs_pk', ['vendor_id', 'recipient'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('notification_opt_outs').execute();
    await db.schema.dropTable('notification_messages').execute();
    await db.schema.dropTable('notification_settings').execute();
  },
};
