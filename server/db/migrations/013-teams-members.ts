import type { Kysely, Migration } from 'kysely';

// Teams, roles and audit (issue #27). A member is an account linked to a vendor or outlet, so the
// existing link table gains the role and the status: every link made before this migration (a
// single-user account and its vendors) becomes an active Owner, and nothing else changes for it.
// Invitations keep only the hash of their token. Audit events are kept at least a year (nothing
// deletes them today; see server/teams/README.md). Dialect-neutral: integers for times, text ids.
export const teamsMembersMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('account_vendors').addColumn('role', 'text', (c) => c.notNull().defaultTo('owner')).execute();
    await db.schema.alterTable('account_vendors').addColumn('status', 'text', (c) => c.notNull().defaultTo('active')).execute();
    await db.schema
      .createTable('team_invitations')
      .addColumn('invitation_id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.vendor_id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('invited_by_account_id', 'text', (c) => c.notNull())
      .addColumn('invited_by_email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('accepted_at', 'integer')
      .addColumn('revoked_at', 'integer')
      .execute();
    await db.schema.createIndex('team_invitations_vendor').on('team_invitations').columns(['vendor_id', 'created_at']).execute();
    await db.schema
      .createTable('audit_events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('actor_account_id', 'text')
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_events_vendor_time').on('audit_events').columns(['vendor_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('audit_events').execute();
    await db.schema.dropTable('team_invitations').execute();
    await db.schema.alterTable('account_vendors').dropColumn('status').execute();
    await db.schema.alterTable('account_vendors').dropColumn('role').execute();
  },
};
