import type { Kysely, Migration } from 'kysely';
import { orderFactsOf } from '../../../domain/insights';
import type { Order } from '../../../domain/types';
import type { Database } from '../schema';

/** Orders read per batch while filling the table for orders stored before it existed. */
const BACKFILL_BATCH = 500;

// Insights: the order_facts table (server/insights/tables.ts) and the one index its
// aggregates need: every Insights query is "these vendors, created in this period". Types chosen to
// run unchanged on SQLite and PostgreSQL.
export const insightsOrderFactsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('order_facts')
      .addColumn('order_id', 'text', (c) => c.primaryKey())
      .addColumn('vendor_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('promised_at', 'integer', (c) => c.notNull())
      .addColumn('picked_up_at', 'integer')
      .addColumn('delivered_at', 'integer')
      .addColumn('on_time', 'integer')
      .addColumn('request_to_pickup_s', 'integer')
      .addColumn('pickup_to_delivery_s', 'integer')
      .addColumn('cancel_reason', 'text')
      .addColumn('cancelled_by', 'text')
      .addColumn('fee', 'double precision', (c) => c.notNull())
      .addColumn('discount', 'double precision', (c) => c.notNull())
      .addColumn('cash_collected', 'double precision', (c) => c.notNull())
      .addColumn('drop_cell_lat', 'integer')
      .addColumn('drop_cell_lng', 'integer')
      .execute();
    await db.schema.createIndex('order_facts_vendor_created').on('order_facts').columns(['vendor_id', 'created_at']).execute();

    // Orders stored before this migration get their facts from their documents, a batch at a time.
    const store = db as unknown as Kysely<Database>;
    let after = '';
    for (;;) {
      const rows = await store.selectFrom('orders').select(['order_id', 'document']).where('order_id', '>', after)
        .orderBy('order_id').limit(BACKFILL_BATCH).execute();
      if (rows.length === 0) break;
      await store.insertInto('order_facts').values(rows.map((row) => orderFactsOf(JSON.parse(row.document) as Order))).execute();
      after = rows[rows.length - 1]?.order_id ?? after;
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('order_facts').execute();
  },
};
