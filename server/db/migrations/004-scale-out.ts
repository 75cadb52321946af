import type { Kysely, Migration } from 'kysely';

// Scale-out: durable background jobs shared by every server process, and the spill table
// for live updates too large for one PostgreSQL NOTIFY. Dialect-neutral: times are unix
// milliseconds in bigint columns (read back as numbers on both stores).
export const scaleOutMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('scheduled_jobs')
      .addColumn('job_key', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      // Who runs it now and until when; an expired lease (the process died) frees the job again.
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('scheduled_jobs_kind_due').on('scheduled_jobs').columns(['kind', 'due_at']).execute();

    await db.schema
      .createTable('live_messages')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('live_messages_created').on('live_messages').column('created_at').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('live_messages').execute();
    await db.schema.dropTable('scheduled_jobs').execute();
  },
};
