// Accounts, vendors and everything the platform routes store. Dialect-neutral DDL only.
import type { Kysely, Migration } from 'kysely';

// Migrations must not depend on the evolving Database interface.
type AnyDb = Kysely<unknown>;

export const migration001AccountsVendors: Migration = {
  async up(db: AnyDb) {
    await db.schema.createTable('vendors')
      .addColumn('vendor_id', 'text', (c) => c.primaryKey())
      .addColumn('parent_vendor_id', 'text', (c) => c.references('vendors.vendor_id'))
      .addColumn('client_vendor_id', 'text', (c) => c.notNull())
      .addColumn('is_parent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_registered', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('business_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('vendor_code', 'text', (c) => c.unique())
      .addColumn('vat_number', 'text')
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('contact_phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('owners_json', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('address_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('building', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('country_code', 'text', (c) => c.notNull())
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('postal_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('street', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('street_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('rider_instructions', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('payment_methods', 'text', (c) => c.notNull().defaultTo('CASH_ON_DELIVERY'))
      .addColumn('estimation_pick_up_time', 'integer', (c) => c.notNull().defaultTo(15))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('vendors_parent_idx').on('vendors').column('parent_vendor_id').execute();
    await db.schema.createIndex('vendors_client_id_idx').on('vendors').columns(['parent_vendor_id', 'client_vendor_id']).execute();

    await db.schema.createTable('accounts')
      .addColumn('account_id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('verified_at', 'integer')
      .addColumn('sessions_revoked_at', 'integer')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();

    await db.schema.createTable('account_vendors')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.account_id').onDelete('cascade'))
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.vendor_id').onDelete('cascade'))
      .addPrimaryKeyConstraint('account_vendors_pk', ['account_id', 'vendor_id'])
      .execute();
    await db.schema.createIndex('account_vendors_vendor_idx').on('account_vendors').column('vendor_id').execute();

    await db.schema.createTable('email_verifications')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.account_id').onDelete('cascade'))
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('used_at', 'integer')
      .execute();

    await db.schema.createTable('refresh_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.account_id').onDelete('cascade'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('revoked_at', 'integer')
      .execute();

    await db.schema.createTable('password_reset_codes')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.account_id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema.createTable('guest_sessions')
      .addColumn('guest_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('country_code', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .execute();

    await db.schema.createTable('address_book')
      .addColumn('entry_id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.vendor_id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('address_book_vendor_idx').on('address_book').column('vendor_id').execute();

    await db.schema.createTable('country_parameters')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('country_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('vendor_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('value', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('country_parameters_pk', ['name', 'country_code', 'vendor_id'])
      .execute();

    await db.schema.createTable('feature_flags')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('brand', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('vendor_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('variation_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('feature_flags_pk', ['name', 'country', 'brand', 'vendor_id'])
      .execute();

    await db.schema.createTable('rate_limit_hits')
      .addColumn('bucket_key', 'text', (c) => c.notNull())
      .addColumn('window_start', 'integer', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_limit_hits_pk', ['bucket_key', 'window_start'])
      .execute();
  },

  async down(db: AnyDb) {
    for (const table of ['rate_limit_hits', 'feature_flags', 'country_parameters', 'address_book', 'guest_sessions',
      'password_reset_codes', 'refresh_tokens', 'email_verifications', 'account_vendors', 'accounts', 'vendors']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
