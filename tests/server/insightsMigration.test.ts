// Migration 009 fills order_facts for the orders stored before it (a live database upgraded in place),
// with the same facts the repository writes for new orders.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { orderFactsOf } from '../../domain';
import { createDb } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrations';
import { insightsOrderFactsMigration } from '../../server/db/migrations/009-insights-order-facts';
import { insertOrder } from '../../server/orders/repository';
import { insightsOrders } from './insightsOrders';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-insights-migration-'));
const db = createDb({ dataDir, databaseUrl: null });
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

it('derives the facts of every stored order from its document', async () => {
  await migrateToLatest(db);
  const orders = insightsOrders();
  await db.insertInto('vendors').values([...new Set(orders.map((o) => o.vendor_id))].map((vendorId) => ({
    vendor_id: vendorId, parent_vendor_id: null, client_vendor_id: vendorId, is_parent: 0, is_active: 1, is_registered: 1, name: vendorId,
    business_name: vendorId, vendor_code: null, vat_number: null, currency: 'SAR', contact_phone: '', owners_json: '[]', address_text: '', building: '',
    city: '', country_code: 'SA', latitude: null, longitude: null, postal_code: '', street: '', street_number: '', unit: '', rider_instructions: '',
    payment_methods: 'CASH_ON_DELIVERY', estimation_pick_up_time: 15, created_at: 0, updated_at: 0,
  }))).execute();
  for (const order of orders) await insertOrder(db, order);
  // As before migration 009: the orders without their facts.
  await insightsOrderFactsMigration.down?.(db);
  await insightsOrderFactsMigration.up(db);
  const facts = await db.selectFrom('order_facts').selectAll().orderBy('order_id').execute();
  expect(facts).toEqual(orders.map(orderFactsOf).sort((a, b) => a.order_id.localeCompare(b.order_id)));
});
