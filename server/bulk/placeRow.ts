// Places one valid bulk row as an order, exactly once: the order id is reserved on the row before
// the order exists, so a repeated or resumed placement finds the order it already made instead of
// making another. The order goes through the orders side's own prepareOrder, like POST /order.
import { joinCustomerAddress } from '../../domain';
import type { Order, OrderRequestPayload, PaymentMethod } from '../../domain/types';
import type { AuthenticatedPrincipal } from '../auth/tenancy';
import { signFee } from '../fees/signature';
import { ApiError } from '../http/errors';
import type { VendorRow } from '../http/vendor-view';
import { prepareOrder } from '../orders/create';
import { newOrderId } from '../orders/ids';
import { presentOrder } from '../orders/present';
import { findOrder, insertOrder } from '../orders/repository';
import type { OrdersSide } from '../orders/side';
import { BULK_ROW_ERRORS } from './messages';
import { finishRow, reserveOrderId } from './repository';
import type { StoredBulkRow } from './rowDocument';

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

export interface RowPlacement {
  side: OrdersSide;
  principal: AuthenticatedPrincipal;
  jobId: string;
  outlet: VendorRow | null;
}

export async function placeRow({ side, principal, jobId, outlet }: RowPlacement, row: StoredBulkRow): Promise<void> {
  if (!outlet) {
    await finishRow(side.db, jobId, row.rowNumber, 'ORDER_FAILED', BULK_ROW_ERRORS.unknownCollectionPoint);
    return;
  }
  const orderId = await reserveOrderId(side.db, jobId, row.rowNumber, newOrderId(outlet.vendor_id));
  if (await findOrder(side.db, orderId)) {
    // Made by an earlier attempt that stopped before it could mark the row.
    await finishRow(side.db, jobId, row.rowNumber, 'ORDER_PLACED', null);
    return;
  }
  const payload = await payloadOf(side, outlet, row);
  if (!payload) {
    await finishRow(side.db, jobId, row.rowNumber, 'ORDER_FAILED', BULK_ROW_ERRORS.placementFailed);
    return;
  }
  let order: Order;
  try {
    order = { ...(await prepareOrder(side, principal, outlet, payload, { paidOnline: null })), order_id: orderId };
  } catch (error) {
    // A rule that held at upload may fail now (a scheduled time that has passed, a method withdrawn).
    if (!(error instanceof ApiError)) throw error;
    await finishRow(side.db, jobId, row.rowNumber, 'ORDER_FAILED', error.key);
    return;
  }
  try {
    await insertOrder(side.db, order);
  } catch (error) {
    // Another process resuming the same job inserted this reserved id first: the order exists once.
    if (!(await findOrder(side.db, orderId))) throw error;
    await finishRow(side.db, jobId, row.rowNumber, 'ORDER_PLACED', null);
    return;
  }
  await finishRow(side.db, jobId, row.rowNumber, 'ORDER_PLACED', null);
  await side.courier.onOrderCreated(order);
  side.publish(await presentOrder(side, order));
}
