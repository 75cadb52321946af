// Writes an order's Insights facts (domain/insights/orderFacts.ts) beside the order, in the same
// transaction (server/orders/repository.ts), so the aggregates always match the order list.
import { orderFactsOf } from '../../domain/insights';
import type { Order } from '../../domain/types';
import type { Db } from '../db/connect';

export async function upsertOrderFacts(db: Db, order: Order): Promise<void> {
  const facts = orderFactsOf(order);
  const { order_id: _id, ...changes } = facts;
  await db.insertInto('order_facts').values(facts)
    .onConflict((conflict) => conflict.column('order_id').doUpdateSet(changes))
    .execute();
}
