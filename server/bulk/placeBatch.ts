// Places a batch of valid bulk rows as orders in one transaction, exactly once: each row's order id
// is reserved on the row before its order exists, so a repeated or resumed placement finds the
// order it already made instead of making another. The orders go through the orders side's own
// prepareOrder, like POST /order; one transaction per batch instead of several commits per row is
// what makes placement fast (a commit is a disk flush), and a batch is all or nothing.
import { joinCustomerAddress } from '../../domain';
import type { Order, OrderRequestPayload, PaymentMethod } from '../../domain/types';
import type { AuthenticatedPrincipal } from '../auth/tenancy';
import { signFee } from '../fees/signature';
import { ApiError } from '../http/errors';
import type { VendorRow } from '../http/vendorView';
import { announceCreatedOrders, existingOrderIds, insertOrdersInTransaction } from '../orders/batchCreate';
import { prepareOrder } from '../orders/create';
import { newOrderId } from '../orders/ids';
import type { OrdersSide } from '../orders/side';
import { BULK_ROW_ERRORS } from './messages';
import { finishRows, reserveOrderIds, type RowOutcome } from './repository';
import type { StoredBulkRow } from './rowDocument';

/**
 * Rows per transaction: large enough that commits stop dominating, small enough that a transaction
 * holds SQLite's single writer only briefly and a process stopped mid-job hands most rows over.
 */
export const PLACEMENT_BATCH_ROWS = 50;

/** The POST /order payload the row stands for, with a freshly signed quote of the fee it was priced at. */
async function payloadOf(side: OrdersSide, outlet: VendorRow, row: StoredBulkRow): Promise<OrderRequestPayload | null> {
  const d = row.document;
  if (outlet.latitude === null || outlet.longitude === null || d.latitude === null || d.longitude === null || d.delivery_fee === null) return null;
  const destination = { latitude: d.latitude, longitude: d.longitude };
  const signed = await signFee(
    { vendorId: outlet.vendor_id, source: { latitude: outlet.latitude, longitude: outlet.longitude }, destination, fee: d.delivery_fee },
    { secret: side.config.secrets.feeSigningSecret, ttlSeconds: side.config.feeSignatureTtlS, nowUnix: side.nowUnix() },
  );
  return {
    vendor_id: outlet.vendor_id,
    customer: {
      location: { ...destination, address: joinCustomerAddress(d.unit_number, d.building, d.drop_off_address), notes: d.rider_notes },
      phone_number: d.customer_phone,
      name: d.customer_name,
    },
    order: { payment_method: d.payment_method as PaymentMethod, amount: d.amount ?? 0, description: d.description, cold_bag_needed: false },
    preordered_for: d.delivery_type === 'scheduled' ? d.scheduled_for : null,
    delivery_fee: signed.fee,
    signature: signed.signature,
  };
}

/** What a row would become, decided before the transaction (it needs no lock): an order, or an error key. */
type RowPlan = { rowNumber: number; order: Order } | { rowNumber: number; error: string };

async function planRow(side: OrdersSide, principal: AuthenticatedPrincipal, outlet: VendorRow | null, row: StoredBulkRow): Promise<RowPlan> {
  if (!outlet) return { rowNumber: row.rowNumber, error: BULK_ROW_ERRORS.unknownCollectionPoint };
  const payload = await payloadOf(side, outlet, row);
  if (!payload) return { rowNumber: row.rowNumber, error: BULK_ROW_ERRORS.placementFailed };
  try {
    return { rowNumber: row.rowNumber, order: await prepareOrder(side, principal, outlet, payload, { paidOnline: null }) };
  } catch (error) {
    // A rule that held at upload may fail now (a scheduled time that has passed, a method withdrawn).
    if (!(error instanceof ApiError)) throw error;
    return { rowNumber: row.rowNumber, error: error.key };
  }
}

export interface BatchPlacement {
  side: OrdersSide;
  principal: AuthenticatedPrincipal;
  jobId: string;
}

/** One pending row with the collection point it is placed for (null: no longer known). */
export interface PendingRow {
  row: StoredBulkRow;
  outlet: VendorRow | null;
}

export async function placeBatch({ side, principal, jobId }: BatchPlacement, batch: readonly PendingRow[]): Promise<void> {
  const plans: RowPlan[] = [];
  for (const { row, outlet } of batch) plans.push(await planRow(side, principal, outlet, row));
  const candidates = new Map<number, string>();
  for (const plan of plans) if ('order' in plan) candidates.set(plan.rowNumber, newOrderId(plan.order.vendor_id));

  const created = await side.db.transaction().execute(async (trx) => {
    const reserved = await reserveOrderIds(trx, jobId, candidates, plans.map((plan) => plan.rowNumber));
    // Orders an earlier attempt made (and committed) under a reserved id: their rows are only marked.
    const existing = await existingOrderIds(trx, [...reserved.values()].filter((id): id is string => id !== null));
    const orders: Order[] = [];
    const outcomes: RowOutcome[] = [];
    for (const plan of plans) {
      // Absent: placed or failed meanwhile by another attempt.
      if (!reserved.has(plan.rowNumber)) continue;
      const orderId = reserved.get(plan.rowNumber) ?? null;
      if (orderId !== null && existing.has(orderId)) {
        outcomes.push({ rowNumber: plan.rowNumber, status: 'ORDER_PLACED', error: null });
      } else if ('order' in plan && orderId !== null) {
        orders.push({ ...plan.order, order_id: orderId });
        outcomes.push({ rowNumber: plan.rowNumber, status: 'ORDER_PLACED', error: null });
      } else {
        outcomes.push({ rowNumber: plan.rowNumber, status: 'ORDER_FAILED', error: 'error' in plan ? plan.error : BULK_ROW_ERRORS.placementFailed });
      }
    }
    await insertOrdersInTransaction(trx, orders, side.recordChange);
    await finishRows(trx, jobId, outcomes);
    return orders;
  });
  await announceCreatedOrders(side, created);
}
