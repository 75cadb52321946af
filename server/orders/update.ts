import { isEditable, unitOfJoinedAddress } from '../../domain';
import type { Order, PaymentMethod, UpdateOrderBody } from '../../domain/types';
import { ApiError, unprocessable } from '../http/errors';
import type { VendorRow } from '../http/vendorView';
import { assertSignedFee } from './feeCheck';
import { assertValidOrder } from './formCheck';
import { allowedPaymentMethods } from './paymentMethods';
import type { OrdersSide } from './side';

/** PUT /order/{orderId}: the order with the new destination, amount, details and re-signed fee. */
export async function applyOrderUpdate(side: OrdersSide, order: Order, vendor: VendorRow, body: UpdateOrderBody): Promise<Order> {
  if (!isEditable(order)) throw new ApiError(409, 'error.cant-update-order', { field: 'order_id' });
  const method = body.payment_method as PaymentMethod;
  assertValidOrder(
    {
      vendorId: body.vendor_id,
      destinationName: order.customer.name,
      destinationPhoneNumber: order.customer.phone_number,
      destinationTextAddress: body.location.address,
      destinationUnitNumber: unitOfJoinedAddress(body.location.address),
      destinationLatitude: body.location.latitude,
      destinationLongitude: body.location.longitude,
      orderDescription: body.item_details,
      orderAmount: body.amount,
      paymentMethod: body.payment_method,
    },
    vendor.country_code,
    body.location,
  );
  // A paid order stays paid online; an unpaid one cannot become "paid" by editing.
  const methodAllowed = (await allowedPaymentMethods(side, vendor, method)).includes(method)
    && (method === 'ONLINE_PAYMENT') === (order.order.payment_method === 'ONLINE_PAYMENT');
  if (!methodAllowed) throw unprocessable('validation.fill-payment-method', 'payment_method');
  const source = order.pickup ?? (vendor.latitude !== null && vendor.longitude !== null ? { latitude: vendor.latitude, longitude: vendor.longitude } : null);
  if (!source) throw unprocessable('validation.origin-address-required', 'vendor_id');
  // assertValidOrder above answered 422 for a destination without coordinates (the schema lets null in).
  const destination = { latitude: body.location.latitude as number, longitude: body.location.longitude as number };
  await assertSignedFee(
    { vendorId: order.vendor_id, source, destination, fee: body.delivery_fee, signature: body.signature, field: 'signature' },
    { secret: side.config.secrets.feeSigningSecret, nowUnix: side.nowUnix() },
  );
  const now = side.nowUnix();
  const amount = body.amount ?? 0;
  const discount = Math.min(order.discount ?? 0, body.delivery_fee);
  return {
    ...order,
    updated_at: now,
    customer: { ...order.customer, location: { address: body.location.address, notes: body.location.notes, ...destination } },
    order: { amount, description: body.item_details, payment_method: method },
    delivery_fee: body.delivery_fee,
    discount,
    total_amount: amount + body.delivery_fee - discount,
  };
}
