import type { OrderRequestPayload } from '../../../domain/types';
import { LIMITS } from '../../../domain';
import { orderPayloadOf, vendorOrigin, type RequestRiderContext } from '../../../machines';

/** The order an online payment's intent is created for: the request flow's draft, paid online. */
export function paymentOrderPayload(context: RequestRiderContext): OrderRequestPayload {
  const senderNeeded = context.isGuest && vendorOrigin(context.vendor) === null;
  return orderPayloadOf({
    vendorId: context.vendor.vendor_id,
    draft: { ...context.draft, paymentMethod: 'ONLINE_PAYMENT' },
    fee: context.fee ?? { fee: 0, signature: '', expires_at: 0 },
    voucher: context.voucher,
    discountedFee: context.discountedFee,
    vatNumber: context.vatNumber,
    loginPickupEstimation: LIMITS.loginPickupEstimation,
    sender: senderNeeded && context.origin && context.guestSender ? { origin: context.origin, credentials: context.guestSender } : null,
  });
}
