// Many orders made at once (bulk placement): the caller's transaction stores them together with its
// own bookkeeping, and once that transaction has committed each order goes to the courier and the
// live subscribers, as POST /order does for one. Announcing only after the commit means no courier
// move or live update ever names an order that a rolled-back batch did not make.
import type { Order } from '../../domain/types';
import type { Db } from '../db/connect';
import type { OrderChangeRecorder } from './changeOutbox';
import { presentOrder } from './present';
import { insertOrder } from './repository';
import type { OrdersSide } from './side';

/** Stores the orders inside the caller's transaction (`trx`), each recorded in the outbox; nothing is announced yet. */
export async function insertOrdersInTransaction(trx: Db, orders: readonly Order[], record: OrderChangeRecorder): Promise<void> {
  for (const order of orders) await insertOrder(trx, order, null, record);
}

/**
 * Orders announced at once: each is a few independent queries, so on PostgreSQL their round trips
 * overlap on the pool's connections (kept below its size); SQLite simply runs them in turn.
 */
const ANNOUNCE_CONCURRENCY = 8;

/** After the commit: publishes each new order, then hands it to the courier (whose reaction is published after), like POST /order. */
export async function announceCreatedOrders(side: OrdersSide, orders: readonly Order[]): Promise<void> {
  let next = 0;
  const announceRest = async (): Promise<void> => {
    for (let order = orders[next++]; order !== undefined; order = orders[next++]) {
      side.publish(await presentOrder(side, order));
      await side.courier.onOrderCreated(order);
    }
  };
  await Promise.all(Array.from({ length: Math.min(ANNOUNCE_CONCURRENCY, orders.length) }, announceRest));
}

/** Which of these order ids exist already (one query, whatever the number of ids). */
export async function existingOrderIds(db: Db, orderIds: readonly string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db.selectFrom('orders').select('order_id').where('order_id', 'in', [...orderIds]).execute();
  return new Set(rows.map((row) => row.order_id));
}
