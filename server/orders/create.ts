import { countryConfig, greatCircleKm, isPreorderTimeAllowed, isValidVatNumber, unitOfJoinedAddress } from '../../domain';
import { GUEST_VENDOR_ID, type CustomerLocation, type Order, type OrderRequestPayload, type PaymentMethod, type StatusHistoryEntry } from '../../domain/types';
import type { Principal } from '../auth/principal';
import { estimateMinutes, isDeliverable } from '../fees/pricing';
import { unprocessable } from '../http/errors';
import type { VendorRow } from '../http/vendorView';
import { discountedFee } from '../vouchers/discount';
import { findUsableVoucher } from '../vouchers/repository';
import { assertSignedFee } from './feeCheck';
import { assertValidOrder } from './formCheck';
import { newOrderId } from './ids';
import { allowedPaymentMethods } from './paymentMethods';
import { acceptedTagId } from './tagId';
import { recipientContact } from './recipientContact';
import type { OrdersSide } from './side';

/** The key of a destination beyond the country's delivery area (the bulk row error too). */
export const UNDELIVERABLE_ADDRESS = 'request.error.undeliverable-address';

/** How an order comes to be: POST /order, or a captured online payment. */
export interface OrderOrigin {
  /** ONLINE_PAYMENT orders are created only by the payment routes, after capture. */
  paidOnline: { intentId: string; orderId: string } | null;
  /** The id to give the order (derived from its Idempotency-Key, so a re-run after a crash finds it). */
  orderId?: string;
}

/** The collection point: the vendor's coordinates, or the sender's location (guests, vendors without coordinates). */
function pickupOf(vendor: VendorRow, payload: OrderRequestPayload): CustomerLocation {
  const sender = payload.sender?.location;
  if (vendor.vendor_id !== GUEST_VENDOR_ID && vendor.latitude !== null && vendor.longitude !== null) {
    return { latitude: vendor.latitude, longitude: vendor.longitude, address: vendor.address_text, notes: vendor.rider_instructions };
  }
  if (sender && typeof sender.latitude === 'number' && typeof sender.longitude === 'number') {
    return { latitude: sender.latitude, longitude: sender.longitude, address: sender.address, notes: sender.notes ?? '' };
  }
  throw unprocessable('validation.origin-address-required', 'sender.location');
}

/**
 * Everything POST /order (and the payment intent) checks before an order may exist, in the order a
 * client can fix it: form rules, address limits, payment method, pre-order time, delivery area, fee
 * signature, voucher. Returns the order to store. Status, fee, vendor and paid flags never come from the body.
 */
export async function prepareOrder(
  side: OrdersSide,
  principal: Exclude<Principal, null>,
  vendor: VendorRow,
  payload: OrderRequestPayload,
  origin: OrderOrigin,
): Promise<Order> {
  const now = side.nowUnix();
  const countryCode = vendor.country_code;
  const destination = payload.customer.location;
  const method = payload.order.payment_method as PaymentMethod;
  const tagId = await acceptedTagId(side, vendor, payload.order.tag_id);
  assertValidOrder(
    {
      vendorId: payload.vendor_id,
      destinationName: payload.customer.name,
      destinationPhoneNumber: payload.customer.phone_number,
      destinationTextAddress: destination.address,
      destinationUnitNumber: unitOfJoinedAddress(destination.address),
      destinationLatitude: destination.latitude,
      destinationLongitude: destination.longitude,
      orderDescription: payload.order.description,
      orderAmount: payload.order.amount,
      paymentMethod: payload.order.payment_method,
      tagId,
    },
    countryCode,
    destination,
  );
  const recipient = recipientContact(payload.customer, countryCode);
  // SPEC.md §5's VAT rule, the one the browser's field uses; empty means none.
  if (payload.vat_number !== null && payload.vat_number !== undefined && payload.vat_number !== '' && !isValidVatNumber(payload.vat_number)) {
    throw unprocessable('request.vat.invalid', 'vat_number');
  }
  const allowed = await allowedPaymentMethods(side, vendor, method);
  if (!allowed.includes(method) || (method === 'ONLINE_PAYMENT') !== (origin.paidOnline !== null)) {
    throw unprocessable('validation.fill-payment-method', 'order.payment_method');
  }
  if (payload.preordered_for !== undefined && payload.preordered_for !== null && !isPreorderTimeAllowed(payload.preordered_for, now)) {
    throw unprocessable('validation.invalid-preorder-time', 'preordered_for');
  }
  if (principal.kind === 'guest' && !payload.sender) throw unprocessable('validation.sender-required', 'sender');

  const pickup = pickupOf(vendor, payload);
  const secret = side.config.secrets.feeSigningSecret;
  const route = { vendorId: vendor.vendor_id, source: pickup, destination: { latitude: destination.latitude as number, longitude: destination.longitude as number } };
  // The rule /delivery/area/validate answers and bulk rows obey: a signed fee is no licence to deliver.
  if (!isDeliverable(countryCode, pickup, route.destination)) throw unprocessable(UNDELIVERABLE_ADDRESS, 'customer.location');
  await assertSignedFee({ ...route, fee: payload.delivery_fee, signature: payload.signature, field: 'signature' }, { secret, nowUnix: now });

  let chargedFee = payload.delivery_fee;
  let voucher: Order['voucher'] = null;
  if (payload.voucher) {
    const usable = await findUsableVoucher(side.db, payload.voucher.code, now);
    if (!usable) throw unprocessable('voucher.error.validation.message', 'voucher.code');
    const expected = discountedFee(payload.delivery_fee, usable, vendor.currency);
    if (payload.discounted_delivery_fee !== expected || !payload.discounted_delivery_fee_signature) {
      throw unprocessable('error.fee.changed', 'discounted_delivery_fee');
    }
    await assertSignedFee(
      { ...route, fee: expected, voucherCode: usable.code, signature: payload.discounted_delivery_fee_signature, field: 'discounted_delivery_fee_signature' },
      { secret, nowUnix: now },
    );
    chargedFee = expected;
    voucher = { code: usable.code, amount: usable.amount, type: usable.type };
  }

  const amount = payload.order.amount ?? 0;
  const estimate = estimateMinutes(countryCode, payload.login_pickup_estimation ?? vendor.estimation_pick_up_time, greatCircleKm(pickup, route.destination));
  const history: StatusHistoryEntry[] = origin.paidOnline
    ? [{ status: 'PAYMENT_COMMITTED', created_at: now }, { status: 'NEW', created_at: now }]
    : [{ status: 'NEW', created_at: now }];
  const currency = vendor.currency || countryConfig(countryCode).currency;
  return {
    order_id: origin.paidOnline?.orderId ?? origin.orderId ?? newOrderId(vendor.vendor_id),
    vendor_id: vendor.vendor_id,
    created_at: now,
    updated_at: now,
    status: 'NEW',
    status_history: history,
    preordered_for: payload.preordered_for ?? null,
    customer: {
      name: payload.customer.name.trim(),
      phone_number: payload.customer.phone_number.trim(),
      location: { address: destination.address, notes: destination.notes ?? '', latitude: route.destination.latitude, longitude: route.destination.longitude },
      ...recipient,
    },
    order: { amount, description: payload.order.description, payment_method: method, ...(tagId !== undefined ? { tag_id: tagId } : {}) },
    outlet_name: vendor.name,
    delivery_fee: payload.delivery_fee,
    discount: Math.max(0, payload.delivery_fee - chargedFee),
    total_amount: amount + chargedFee,
    currency,
    estimated_pickup_min: estimate.pickup_min,
    estimated_delivery_min: estimate.dropoff_min,
    rider: null,
    cancel_reason: null,
    proofs: {},
    pickup,
    sender_name: principal.kind === 'guest' || vendor.vendor_id === GUEST_VENDOR_ID ? payload.sender?.name ?? null : null,
    voucher,
    payment_intent_id: origin.paidOnline?.intentId ?? null,
  };
}
