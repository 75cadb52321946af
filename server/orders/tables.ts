import type { Generated } from 'kysely';

// Tables of migration 002 (orders side). server/db/schema.ts's Database includes them.
// Times are unix seconds in INTEGER columns; JSON is TEXT; no dialect-only types, so the same
// queries run on SQLite and PostgreSQL.

/** One row per order; `document` is the Order JSON, the other columns exist to query it. */
export interface OrdersTable {
  order_id: string;
  vendor_id: string;
  /** Guest session that created it (guest orders have vendor_id 'vendorID'), else null. */
  guest_id: string | null;
  created_at: number;
  updated_at: number;
  status: string;
  preordered_for: number | null;
  customer_phone: string;
  document: string;
}

/** Idempotency-Key reservations: the first request inserts the row, its response fills it. */
export interface IdempotencyKeysTable {
  scope: string;
  idem_key: string;
  request_hash: string;
  /** Null while the first request is still running. */
  status_code: number | null;
  response: string | null;
  created_at: number;
}

/** The order an online payment will create once captured (POST /order/payment/intent). */
export interface PaymentOrdersTable {
  intent_id: string;
  order_id: string;
  vendor_id: string;
  guest_id: string | null;
  /** Who created the intent; only they may confirm it. */
  principal_key: string;
  /** The order, validated and priced when the intent was made (Order JSON), inserted on capture. */
  payload: string;
  created_at: number;
}

export interface VouchersTable {
  code: string;
  amount: number;
  type: string;
  expires_at: number | null;
  created_at: Generated<number>;
}

/** One stored order change not yet relayed to its listeners (migration 012, server/orders/changeOutbox.ts). */
export interface OrderOutboxTable {
  order_id: string;
  /** The change's position: the length of the order's status history then (an edit keeps it, so it is relayed once). */
  seq: number;
  /** Unix ms: changes are relayed oldest first. */
  recorded_at: number;
  /** The order as stored by the change (JSON). */
  document: string;
}
