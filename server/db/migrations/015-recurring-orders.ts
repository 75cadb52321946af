import type { Kysely, Migration } from 'kysely';

// Recurring orders (issue #27): a saved template placed on a schedule, and one row per run. A run's
// key is (schedule, planned instant): the runner inserts it in the same transaction as the order it
// places, so two processes, or one restarted mid-run, never place one run twice. Dialect-neutral:
// integers for times (unix seconds), JSON as text, text ids.
export const recurringOrdersMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('recurring_schedules')
      .addColumn('schedule_id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.vendor_id').onDelete('cascade'))
      // A template's schedules go with it: nothing is left to place.
      .addColumn('template_id', 'text', (c) => c.notNull().references('order_templates.template_id').onDelete('cascade'))
      // domain/recurringSchedule.ts's ScheduleRepeat as JSON, and the rest of its RecurringSchedule.
      .addColumn('repeat', 'text', (c) => c.notNull())
      .addColumn('local_time', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('starts_on', 'text', (c) => c.notNull())
      .addColumn('until', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      // The next run's instant; null once the schedule has ended.
      .addColumn('next_run_at', 'integer')
      // Who set it up: runs act as them, and refused or skipped runs are mailed to them in `language`.
      .addColumn('created_by_account_id', 'text', (c) => c.notNull())
      .addColumn('created_by_email', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recurring_schedules_vendor').on('recurring_schedules').columns(['vendor_id', 'created_at']).execute();
    await db.schema.createIndex('recurring_schedules_due').on('recurring_schedules').columns(['status', 'next_run_at']).execute();
    await db.schema
      .createTable('recurring_runs')
      .addColumn('schedule_id', 'text', (c) => c.notNull().references('recurring_schedules.schedule_id').onDelete('cascade'))
      .addColumn('planned_at', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      // The refusal's or the skip's translation key; null when placed.
      .addColumn('reason', 'text')
      .addColumn('order_id', 'text')
      .addColumn('ran_at', 'integer', (c) => c.notNull())
      // Refused and skipped runs are mailed after the commit; null until the mail went out.
      .addColumn('notified_at', 'integer')
      .addPrimaryKeyConstraint('recurring_runs_once', ['schedule_id', 'planned_at'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('recurring_runs').execute();
    await db.schema.dropTable('recurring_schedules').execute();
  },
};
