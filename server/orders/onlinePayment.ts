import type { Order, OrderRequestPayload } from '../../domain/types';
import type { AuthenticatedPrincipal } from '../auth/tenancy';
import { ApiError, forbidden, unprocessable } from '../http/errors';
import type { VendorRow } from '../http/vendorView';
import { PaymentProviderError } from '../payments/errors';
import type { IntentCreated } from '../payments/provider';
import { prepareOrder } from './create';
import { newOrderId } from './ids';
import { presentOrder } from './present';
import { principalKey } from './principalKey';
import { findOrder, insertOrder } from './repository';
import type { OrdersSide } from './side';
import { actorOfPrincipalKey, auditedRecorder } from '../teams/audit';

/** Whose saved cards a wallet holds: the vendor's, or the guest session's own (never shared between guests). */
export function walletOwner(principal: AuthenticatedPrincipal, vendorId: string): string {
  return principal.kind === 'guest' ? `guest:${principal.guestId}` : vendorId;
}

/** Provider misuse mapped to API.md statuses: unknown intents look like foreign ones (403). */
export function paymentError(error: unknown): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  switch (error.code) {
    case 'intent_not_found': return forbidden('error.forbidden', 'purchase_intent_id');
    case 'invalid_token': return new ApiError(401, 'error.payment.invalid-token', { field: 'bearer_token' });
    case 'already_captured': return new ApiError(409, 'error.payment.already-captured');
    default: return unprocessable(`error.payment.${error.code.replace(/_/g, '-')}`);
  }
}

/**
 * POST /order/payment/intent: the order is validated and priced now (fee signature, voucher), its id
 * fixed, and kept until the payment is captured; the intent charges the delivery fee after discount.
 */
export async function startOnlinePayment(
  side: OrdersSide,
  principal: AuthenticatedPrincipal,
  vendor: VendorRow,
  wallet: { walletId: string; accessToken: string },
  payload: OrderRequestPayload,
): Promise<IntentCreated> {
  const orderId = newOrderId(vendor.vendor_id);
  const order = await prepareOrder(side, principal, vendor, payload, { paidOnline: { intentId: '', orderId } });
  const charged = (order.delivery_fee ?? 0) - (order.discount ?? 0);
  let intent: IntentCreated;
  try {
    intent = await side.payments.createIntent({
      wallet_id: wallet.walletId,
      access_token: wallet.accessToken,
      vendor_id: walletOwner(principal, vendor.vendor_id),
      amount: charged,
      currency: order.currency ?? vendor.currency,
    });
  } catch (error) {
    throw error instanceof PaymentProviderError && error.code !== 'invalid_token' ? unprocessable('error.payment.intent-creation') : paymentError(error);
  }
  await side.db.insertInto('payment_orders').values({
    intent_id: intent.intent_id,
    order_id: orderId,
    vendor_id: vendor.vendor_id,
    guest_id: principal.kind === 'guest' ? principal.guestId : null,
    principal_key: principalKey(principal),
    payload: JSON.stringify({ ...order, payment_intent_id: intent.intent_id }),
    created_at: side.nowUnix(),
  }).execute();
  return intent;
}

export interface PendingPayment {
  intentId: string;
  orderId: string;
  vendorId: string;
  principalKey: string;
}

export async function findPendingPayment(side: OrdersSide, intentId: string): Promise<PendingPayment | null> {
  const row = await side.db.selectFrom('payment_orders').select(['intent_id', 'order_id', 'vendor_id', 'principal_key'])
    .where('intent_id', '=', intentId).executeTakeFirst();
  return row ? { intentId: row.intent_id, orderId: row.order_id, vendorId: row.vendor_id, principalKey: row.principal_key } : null;
}

/**
 * The payment was captured: insert its order exactly once. The order id was fixed at intent time,
 * so the primary key turns any second capture (retry, challenge page and confirm racing) into a no-op.
 * The order is audited as placed by whoever started the payment (the 3-D Secure page that captures
 * it comes without a caller), in the order's own transaction.
 */
export async function placePaidOrder(side: OrdersSide, intentId: string): Promise<string> {
  const row = await side.db.selectFrom('payment_orders').select(['order_id', 'guest_id', 'payload', 'principal_key']).where('intent_id', '=', intentId).executeTakeFirst();
  if (!row) throw forbidden('error.forbidden', 'purchase_intent_id');
  if (await findOrder(side.db, row.order_id)) return row.order_id;
  const now = side.nowUnix();
  const prepared = JSON.parse(row.payload) as Order;
  const order: Order = {
    ...prepared,
    created_at: now,
    updated_at: now,
    status_history: [{ status: 'PAYMENT_COMMITTED', created_at: now }, { status: 'NEW', created_at: now }],
  };
  try {
    const starter = await actorOfPrincipalKey(side.db, row.principal_key);
    const placed = auditedRecorder(side.recordChange, starter, now, (stored) => [
      { vendorId: stored.vendor_id, action: 'order.placed', subject: stored.order_id, detail: { payment: 'online' } },
    ]);
    await insertOrder(side.db, order, row.guest_id, placed);
  } catch (error) {
    if (await findOrder(side.db, row.order_id)) return row.order_id; // a concurrent capture won
    throw error;
  }
  side.publish(await presentOrder(side, order));
  await side.courier.onOrderCreated(order);
  return order.order_id;
}
