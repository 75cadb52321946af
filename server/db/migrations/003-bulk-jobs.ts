import type { Kysely, Migration } from 'kysely';

// Bulk jobs (SPEC.md §3 "Bulk job"): one row per uploaded file, one row per spreadsheet line. Totals
// are counted from the rows on read, so no counter can drift from them. Types chosen to run
// unchanged on SQLite and PostgreSQL.
export const bulkJobsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('bulk_jobs')
      .addColumn('bulk_job_id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('principal_json', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('placement', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bulk_jobs_vendor_created').on('bulk_jobs').columns(['vendor_id', 'created_at']).execute();
    // The placement queue resumes QUEUED jobs on start.
    await db.schema.createIndex('bulk_jobs_placement').on('bulk_jobs').column('placement').execute();

    await db.schema
      .createTable('bulk_job_rows')
      .addColumn('bulk_job_id', 'text', (c) => c.notNull())
      .addColumn('row_number', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      // Reserved before the order is created, so a retried or resumed placement reuses the same id.
      .addColumn('order_id', 'text')
      .addColumn('outlet_id', 'text')
      .addColumn('document', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('bulk_job_rows_pk', ['bulk_job_id', 'row_number'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('bulk_job_rows').execute();
    await db.schema.dropTable('bulk_jobs').execute();
  },
};
