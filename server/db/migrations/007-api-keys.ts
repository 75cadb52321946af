import type { Kysely, Migration } from 'kysely';

// API keys (Settings → Developers): a key belongs to the account that created it and reaches the
// vendors of its scope (an outlet, or a parent with its outlets) that account still reaches. Only a
// keyed hash of the secret is kept. Dialect-neutral: integers for times and booleans, text ids.
export const apiKeysMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('api_keys')
      .addColumn('key_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('salt', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('can_write', 'integer', (c) => c.notNull())
      .addColumn('created_by_account_id', 'text', (c) => c.notNull())
      .addColumn('created_by_email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('last_used_at', 'integer')
      .addColumn('revoked_at', 'integer')
      .execute();
    await db.schema
      .createTable('api_key_vendors')
      .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.key_id').onDelete('cascade'))
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('api_key_vendors_pk', ['key_id', 'vendor_id'])
      .execute();
    await db.schema.createIndex('api_key_vendors_vendor').on('api_key_vendors').column('vendor_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('api_key_vendors').execute();
    await db.schema.dropTable('api_keys').execute();
  },
};
