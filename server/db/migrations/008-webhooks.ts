import type { Kysely, Migration } from 'kysely';

// Webhooks (Settings → Developers → Webhooks): endpoints per vendor (a parent's endpoint hears its
// outlets' orders too), one delivery row per event and endpoint, and every attempt of it. The
// signing secret must be usable to sign, so it cannot be hashed: it is kept encrypted (AES-256-GCM
// under a key derived from LINK_SIGNING_SECRET, server/webhooks/secretBox.ts). While a secret
// rotates the previous one stays until `previous_secret_expires_at` and both sign.
// Dialect-neutral: integers for times (deliveries and attempts in ms, the rest in s), text ids.
export const webhooksMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('endpoint_id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('secret_box', 'text', (c) => c.notNull())
      .addColumn('previous_secret_box', 'text')
      .addColumn('previous_secret_expires_at', 'integer')
      .addColumn('created_by_email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .addColumn('failing_since', 'integer')
      .execute();
    await db.schema.createIndex('webhook_endpoints_vendor').on('webhook_endpoints').column('vendor_id').execute();
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('delivery_id', 'text', (c) => c.primaryKey())
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.endpoint_id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('order_seq', 'integer', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('window_started_at', 'bigint', (c) => c.notNull())
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('last_status_code', 'integer')
      .addUniqueConstraint('webhook_deliveries_event_once', ['endpoint_id', 'event_id'])
      .execute();
    await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['endpoint_id', 'state', 'next_attempt_at']).execute();
    await db.schema.createIndex('webhook_deliveries_state_due').on('webhook_deliveries').columns(['state', 'next_attempt_at']).execute();
    await db.schema
      .createTable('webhook_attempts')
      .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.delivery_id').onDelete('cascade'))
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('latency_ms', 'integer', (c) => c.notNull())
      .addColumn('excerpt', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addPrimaryKeyConstraint('webhook_attempts_pk', ['delivery_id', 'attempt'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('webhook_attempts').execute();
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhook_endpoints').execute();
  },
};
