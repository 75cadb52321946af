import type { Order, OrderStatus, UnixSeconds } from '../../domain/types';
import { atomically } from '../db/atomically';
import type { Db } from '../db/connect';
import { preparedQuery, type Placeholder } from '../db/preparedQuery';
import { upsertOrderFacts } from '../insights/facts';
import type { OrderChangeRecorder } from './changeOutbox';
import { decodeCursor, encodeCursor, type ListCursor } from './cursor';

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

/**
 * Inserts a new order (also used by the demo seed for past orders), with its Insights facts and, with
 * `record`, the change in the outbox (changeOutbox.ts) in the same transaction.
 */
export async function insertOrder(db: Db, order: Order, guestId: string | null = null, record?: OrderChangeRecorder): Promise<void> {
  await atomically(db, async (trx) => {
    await insertOrderRow(trx, order, guestId);
    await upsertOrderFacts(trx, order);
    await record?.(trx, order);
  });
}

type OrderRowValues = { order_id: string; vendor_id: string; guest_id: string | null; created_at: number; updated_at: number; status: string; preordered_for: number | null; customer_phone: string; document: string };

/** Every create inserts one: compiled once (db/preparedQuery.ts). */
const insertOrderValues = preparedQuery((db, value: Placeholder<OrderRowValues>) => db.insertInto('orders').values({
  order_id: value('order_id'), vendor_id: value('vendor_id'), guest_id: value('guest_id'), created_at: value('created_at'),
  updated_at: value('updated_at'), status: value('status'), preordered_for: value('preordered_for'),
  customer_phone: value('customer_phone'), document: value('document'),
}));

async function insertOrderRow(db: Db, order: Order, guestId: string | null): Promise<void> {
  await insertOrderValues(db, {
    order_id: order.order_id,
    vendor_id: order.vendor_id,
    guest_id: guestId,
    created_at: order.created_at,
    updated_at: order.updated_at,
    status: order.status,
    preordered_for: order.preordered_for,
    customer_phone: order.customer.phone_number,
    document: toDocument(order),
  });
}

export async function findOrder(db: Db, orderId: string): Promise<StoredOrder | null> {
  const row = await db.selectFrom('orders').select(['document', 'guest_id']).where('order_id', '=', orderId).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/**
 * Stores a changed order, its Insights facts and, with `record`, the change in the outbox
 * (changeOutbox.ts), all in one transaction. With `expectedStatus`, only if the stored status is
 * still that one (optimistic concurrency between the courier timers, /ops and cancellation); false
 * when it was not.
 */
export async function saveOrder(db: Db, order: Order, expectedStatus?: OrderStatus, record?: OrderChangeRecorder): Promise<boolean> {
  return atomically(db, async (trx) => {
    const saved = await saveOrderRow(trx, order, expectedStatus);
    if (saved) {
      await upsertOrderFacts(trx, order);
      await record?.(trx, order);
    }
    return saved;
  });
}

async function saveOrderRow(db: Db, order: Order, expectedStatus?: OrderStatus): Promise<boolean> {
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

export interface OrderDocumentsQuery {
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
  /**
   * A rule on the whole order that SQL cannot express (statusFilter.ts): rows it refuses are skipped
   * and the page is filled from the rows after them, so paging stays exact.
   */
  accept?: (order: Order) => boolean;
}

export class InvalidPaginationKey extends Error {}

/** A listed order as stored: its JSON document, served as is by the list route (no parse, no re-stringify). */
export interface ListedDocument {
  orderId: string;
  document: string;
}

interface ListRow { document: string; guest_id: string | null; created_at: number; order_id: string }

const LIST_COLUMNS = ['document', 'guest_id', 'created_at', 'order_id'] as const;

// The list everyone opens (one vendor, no filter), compiled once (db/preparedQuery.ts): building and
// compiling it with Kysely on every request cost more than the index seek itself.
const newestOfVendor = preparedQuery((db, value: Placeholder<{ vendorId: string; limit: number }>) =>
  db.selectFrom('orders').select(LIST_COLUMNS).where('vendor_id', '=', value('vendorId'))
    .orderBy('created_at', 'desc').orderBy('order_id', 'desc').limit(value('limit')));
const newestOfVendorAfter = preparedQuery((db, value: Placeholder<{ vendorId: string; createdAt: number; orderId: string; limit: number }>) =>
  db.selectFrom('orders').select(LIST_COLUMNS).where('vendor_id', '=', value('vendorId'))
    .where((eb) => eb(eb.refTuple('created_at', 'order_id'), '<', eb.tuple(value('createdAt'), value('orderId'))))
    .orderBy('created_at', 'desc').orderBy('order_id', 'desc').limit(value('limit')));

/** A query of one vendor's orders with no filter: the shape the prepared queries above serve. */
const isPlainVendorPage = (query: OrderDocumentsQuery) =>
  query.vendorIds.length === 1 && query.from === undefined && query.to === undefined && query.guestId === undefined
  && query.customerPhone === undefined && query.scheduled === undefined && (query.statuses === undefined || query.statuses.length === 0);

/** Rows after `cursor`, newest first, at most `limit`. */
async function selectPage(db: Db, query: OrderDocumentsQuery, cursor: ListCursor | null, limit: number): Promise<ListRow[]> {
  const [vendorId] = query.vendorIds;
  if (vendorId !== undefined && isPlainVendorPage(query)) {
    return cursor ? newestOfVendorAfter(db, { vendorId, createdAt: cursor.createdAt, orderId: cursor.orderId, limit }) : newestOfVendor(db, { vendorId, limit });
  }
  let select = db.selectFrom('orders').select(LIST_COLUMNS)
    .where('vendor_id', 'in', [...query.vendorIds]);
  if (query.from !== undefined) select = select.where('created_at', '>=', query.from);
  if (query.to !== undefined) select = select.where('created_at', '<=', query.to);
  if (query.guestId !== undefined) select = select.where('guest_id', '=', query.guestId);
  if (query.customerPhone !== undefined) select = select.where('customer_phone', '=', query.customerPhone);
  if (query.scheduled === true) select = select.where('preordered_for', 'is not', null);
  if (query.scheduled === false) select = select.where('preordered_for', 'is', null);
  if (query.statuses && query.statuses.length > 0) select = select.where('status', 'in', [...query.statuses]);
  // A row-value comparison, so the (vendor_id, created_at, order_id) index seeks straight to the
  // cursor (an OR of the two columns made SQLite walk every newer row of the vendor first).
  if (cursor) select = select.where((eb) => eb(eb.refTuple('created_at', 'order_id'), '<', eb.tuple(cursor.createdAt, cursor.orderId)));
  return select.orderBy('created_at', 'desc').orderBy('order_id', 'desc').limit(limit).execute();
}

/**
 * Newest first with a keyset cursor (stable while new orders arrive, cheap at any depth). With
 * `accept`, pages of rows are read until `count` accepted ones (plus one, to know whether more
 * exist) are found or the rows run out.
 */
async function listRows(db: Db, query: OrderDocumentsQuery): Promise<{ rows: { row: ListRow; order: Order | null }[]; paginationKey: string | null }> {
  if (query.vendorIds.length === 0) return { rows: [], paginationKey: null };
  let cursor = query.paginationKey !== undefined ? decodeCursor(query.paginationKey) : null;
  if (query.paginationKey !== undefined && !cursor) throw new InvalidPaginationKey();
  const wanted = query.count + 1; // one row more than asked tells whether another page exists
  const kept: { row: ListRow; order: Order | null }[] = [];
  const { accept } = query;
  for (;;) {
    const batch = await selectPage(db, query, cursor, wanted);
    for (const row of batch) {
      if (kept.length === wanted) break;
      if (!accept) { kept.push({ row, order: null }); continue; }
      const order = JSON.parse(row.document) as Order;
      if (accept(order)) kept.push({ row, order });
    }
    const last = batch.at(-1);
    if (kept.length === wanted || batch.length < wanted || !last) break;
    cursor = { createdAt: last.created_at, orderId: last.order_id };
  }
  const page = kept.slice(0, query.count);
  const lastKept = page.at(-1)?.row;
  return {
    rows: page,
    paginationKey: kept.length > query.count && lastKept ? encodeCursor({ createdAt: lastKept.created_at, orderId: lastKept.order_id }) : null,
  };
}

export async function listOrders(db: Db, query: OrderDocumentsQuery): Promise<{ orders: Order[]; paginationKey: string | null }> {
  const { rows, paginationKey } = await listRows(db, query);
  return { orders: rows.map(({ row, order }) => order ?? fromRow(row).order), paginationKey };
}

/** listOrders as stored documents, for answers that carry them unchanged. */
export async function listOrderDocuments(db: Db, query: OrderDocumentsQuery): Promise<{ documents: ListedDocument[]; paginationKey: string | null }> {
  const { rows, paginationKey } = await listRows(db, query);
  return { documents: rows.map(({ row }) => ({ orderId: row.order_id, document: row.document })), paginationKey };
}

/** Orders the courier platform still has to move, for resuming after a restart. */
export async function listOrdersInStatuses(db: Db, statuses: readonly OrderStatus[], excluded = false): Promise<Order[]> {
  const rows = await db.selectFrom('orders').select(['document', 'guest_id'])
    .where('status', excluded ? 'not in' : 'in', [...statuses]).execute();
  return rows.map((row) => fromRow(row).order);
}
