import type { SnapshotFrom } from 'xstate';
import type { PaymentInput } from './payment';
import { appliedVoucherOf, feeRequestOf, type RequestRiderContext, type requestRiderMachine } from './requestRider';

// How the online payment flow composes the request and payment machines (SPEC.md §4 "Payment"): the
// card form (a payment actor) runs while the request is on its payment step with online payment
// chosen, is created for the order's signed fee, and starts over when the price changes. The request
// screen and the composed model test (tests/machines/onlinePayment.test.ts) both follow these rules.

type RequestRiderSnapshot = SnapshotFrom<typeof requestRiderMachine>;

/** The card form is shown (and its payment actor runs) only on the payment step, paying online. */
export function cardFormOpen(snapshot: Pick<RequestRiderSnapshot, 'hasTag' | 'context'>): boolean {
  return snapshot.hasTag('payment') && snapshot.context.draft.paymentMethod === 'ONLINE_PAYMENT';
}

/**
 * What the payment intent is priced with. A new fee or voucher needs a new intent, so the card form
 * starts over when this changes; a signature renewed for the same amount does not (the payment
 * machine renewed it itself).
 */
export function cardFormPriceKey(context: RequestRiderContext): string {
  return `${context.fee?.fee ?? ''}|${context.voucher?.code ?? ''}|${context.discountedFee?.fee ?? ''}`;
}

/** The payment machine's input: the request's order, its signed fees and voucher, as they are now. */
export function paymentInputOf(context: RequestRiderContext, currency: string): PaymentInput {
  return {
    vendorId: context.vendor.vendor_id,
    order: { amount: Number(context.draft.orderAmount) || 0, currency, deliveryFee: (context.discountedFee ?? context.fee)?.fee ?? 0 },
    vatNumber: context.vatNumber,
    preorderedFor: context.draft.preorderedFor,
    preferredMethod: null,
    feeRequest: feeRequestOf(context),
    fees: { fee: context.fee ?? { fee: 0, signature: '', expires_at: 0 }, discountedFee: context.discountedFee },
    voucher: appliedVoucherOf(context),
  };
}
