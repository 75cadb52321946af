import type { Order, OrderStatus, UnixSeconds } from '../../domain/types';
import type { Db } from '../db/connect';
import { decodeCursor, encodeCursor } from './cursor';

/** An order with who owns it beyond its vendor (a guest session), as stored. */
export interface StoredOrder {
  order: Order;
  guestId: string | null;
}

/** What is kept in the document: everything but the values computed on read (rider, tracking token). */
function toDocument(order: Order): string {
  const { rider: _rider, tracking_token: _token, ...stored } = order;
  return JSON.stringify(stored);
}

function fromRow(row: { document: string; guest_id: string | null }): StoredOrder {
  return { order: JSON.parse(row.document) as Order, guestId: row.guest_id };
}

/** Inserts a new order (also used by the demo seed for past orders). */
export async function insertOrder(db: Db, order: Order, guestId: string | null = null): Promise<void> {
  await db.insertInto('orders').values({
    order_id: order.order_id,
    vendor_id: order.vendor_id,
    guest_id: guestId,
    created_at: order.created_at,
    updated_at: order.updated_at,
    status: order.status,
    preordered_for: order.preordered_for,
    customer_phone: order.customer.phone_number,
    document: toDocument(order),
  }).execute();
}

export async function findOrder(db: Db, orderId: string): Promise<StoredOrder | null> {
  const row = await db.selectFrom('orders').select(['document', 'guest_id']).where('order_id', '=', orderId).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/**
 * Stores a changed order. With `expectedStatus`, only if the stored status is still that one
 * (optimistic concurrency between the courier timers, /ops and cancellation); false when it was not.
 */
export async function saveOrder(db: Db, order: Order, expectedStatus?: OrderStatus): Promise<boolean> {
  let update = db.updateTable('orders').set({
    updated_at: order.updated_at,
    status: order.status,
    preordered_for: order.preordered_for,
    customer_phone: order.customer.phone_number,
    document: toDocument(order),
  }).where('order_id', '=', order.order_id);
  if (expectedStatus !== undefined) update = update.where('status', '=', expectedStatus);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface OrderListQuery {
  vendorIds: readonly string[];
  /** Inclusive bounds on created_at. */
  from?: UnixSeconds;
  to?: UnixSeconds;
  count: number;
  paginationKey?: string;
  customerPhone?: string;
  /** true: only pre-orders; false: only instant orders; undefined: both. */
  scheduled?: boolean;
  statuses?: readonly OrderStatus[];
  /** Only the orders of this guest session (guests list their own orders only). */
  guestId?: string;
}

export class InvalidPaginationKey extends Error {}

/** Newest first with a keyset cursor (stable while new orders arrive, cheap at any depth). */
export async function listOrders(db: Db, query: OrderListQuery): Promise<{ orders: Order[]; paginationKey: string | null }> {
  if (query.vendorIds.length === 0) return { orders: [], paginationKey: null };
  const cursor = query.paginationKey !== undefined ? decodeCursor(query.paginationKey) : null;
  if (query.paginationKey !== undefined && !cursor) throw new InvalidPaginationKey();
  let select = db.selectFrom('orders').select(['document', 'guest_id', 'created_at', 'order_id'])
    .where('vendor_id', 'in', [...query.vendorIds]);
  if (query.from !== undefined) select = select.where('created_at', '>=', query.from);
  if (query.to !== undefined) select = select.where('created_at', '<=', query.to);
  if (query.guestId !== undefined) select = select.where('guest_id', '=', query.guestId);
  if (query.customerPhone !== undefined) select = select.where('customer_phone', '=', query.customerPhone);
  if (query.scheduled === true) select = select.where('preordered_for', 'is not', null);
  if (query.scheduled === false) select = select.where('preordered_for', 'is', null);
  if (query.statuses && query.statuses.length > 0) select = select.where('status', 'in', [...query.statuses]);
  if (cursor) {
    select = select.where((eb) => eb.or([
      eb('created_at', '<', cursor.createdAt),
      eb.and([eb('created_at', '=', cursor.createdAt), eb('order_id', '<', cursor.orderId)]),
    ]));
  }
  // One row more than asked tells whether another page exists.
  const rows = await select.orderBy('created_at', 'desc').orderBy('order_id', 'desc').limit(query.count + 1).execute();
  const page = rows.slice(0, query.count);
  const last = page.at(-1);
  return {
    orders: page.map((row) => fromRow(row).order),
    paginationKey: rows.length > query.count && last ? encodeCursor({ createdAt: last.created_at, orderId: last.order_id }) : null,
  };
}

/** Orders the courier platform still has to move, for resuming after a restart. */
export async function listOrdersInStatuses(db: Db, statuses: readonly OrderStatus[], excluded = false): Promise<Order[]> {
  const rows = await db.selectFrom('orders').select(['document', 'guest_id'])
    .where('status', excluded ? 'not in' : 'in', [...statuses]).execute();
  return rows.map((row) => fromRow(row).order);
}
