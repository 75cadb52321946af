import {
  formatServiceMinute,
  LIMITS,
  minuteOfDay,
  parseServiceHours,
  pickPaymentMethod,
  type Order,
  type PaymentMethod,
  type UnixSeconds,
  type Vendor,
  type Voucher,
} from '../domain';
import type { OrderRequestPayload, UpdateOrderBody } from '../domain/types';
import type { OrderTemplate } from '../domain/api';
import type { AppliedVoucher, FeeRequest, SignedFee } from './fee';
import {
  draftErrorsOf,
  EMPTY_DRAFT,
  orderPayloadOf,
  updateBodyOf,
  vendorOrigin,
  type DraftErrors,
  type DraftTextField,
  type GuestSender,
  type OriginAddress,
  type RequestDraft,
} from './requestDraft';
import type { RequestPrefillInput, RequestPrefillOutput } from './requestPrefill';
import type { SignatureRetryInput } from './signatureRetry';
import type { ToastParams } from './toasts';
import type { VoucherCheckInput } from './voucherCheck';

// What the request flow (requestRider.ts) knows and receives, and what it derives from that: the fee
// request, the submit input, the toasts it shows.

export interface RequestRiderInput {
  vendor: Vendor;
  isGuest: boolean;
  /** A guest's stored origin and credentials (null when the guest has not given them yet). */
  guestOrigin: OriginAddress | null;
  guestSender: GuestSender | null;
  countryCode: string;
  timeZone: string;
  nowUnix: () => UnixSeconds;
  /** The order being edited (query orderID), or null to create one. */
  orderId: string | null;
  /** "Order again": the past order whose drop-off, recipient and item fill the new order in (query again). */
  repeatOrderId?: string | null;
  /** A saved template of the outlet that fills the new order in (query template). */
  templateId?: string | null;
  availablePaymentMethods: PaymentMethod[];
  defaultPaymentMethod: PaymentMethod;
  vatNumber: string | null;
}

export interface RequestRiderContext extends RequestRiderInput {
  origin: OriginAddress | null;
  /** Whether this flow asked for the origin, so `back` from the destination can return to it. */
  originAsked: boolean;
  draft: RequestDraft;
  errors: DraftErrors;
  /** The inline error of the destination step (undeliverable, price not computed). */
  destinationError: string | null;
  serviceHours: string | null;
  fee: SignedFee | null;
  voucher: Voucher | null;
  discountedFee: SignedFee | null;
  voucherError: string | null;
  /** The code being checked. */
  voucherCode: string | null;
  orderItemValueExceedValidation: { required: boolean; confirmed: boolean; limit: number };
  orderToBeUpdated: Order | null;
  createdOrderId: string | null;
}

export type RequestRiderEvent =
  | { type: 'origin.selected'; origin: OriginAddress }
  | { type: 'origin.details.changed'; unit: string; building: string; notes: string }
  | { type: 'origin.details.confirmed' }
  | {
      type: 'destination.selected';
      text: string;
      latitude: number | null;
      longitude: number | null;
      /** A saved address-book customer picked with the address. */
      customer?: { name: string; phoneNumber: string; notes: string };
    }
  | { type: 'vat.changed'; vatNumber: string }
  /** Keep the customer and the drop-off in the vendor's address book. */
  | { type: 'address.save.requested' }
  | { type: 'field.changed'; field: DraftTextField; value: string }
  | { type: 'preorder.changed'; preorderedFor: UnixSeconds | null }
  | { type: 'details.submitted' }
  | { type: 'itemValue.confirmed' }
  | { type: 'itemValue.dismissed' }
  | { type: 'payment.method.selected'; method: PaymentMethod }
  | { type: 'voucher.submitted'; code: string }
  | { type: 'voucher.removed' }
  | { type: 'order.submitted' }
  /** The vendor's answer to a changed fee, while an expired signature of the submit is renewed. */
  | { type: 'fee.accepted' }
  | { type: 'fee.rejected' }
  /** The online payment renewed the expired fee signature (and the voucher's discount with it). */
  | { type: 'fee.renewed'; fee: SignedFee; discountedFee: SignedFee | null }
  /** A saved template picked next to the address book: its drop-off, recipient and item fill the draft in. */
  | { type: 'template.applied'; template: OrderTemplate }
  | { type: 'back' };

/** What the screen reads of the flow's state: which parts it shows and which are busy. */
export type RequestTag =
  | 'busy'
  | 'askingOrigin'
  | 'originDetails'
  | 'savingOrigin'
  | 'closed'
  | 'dropOffShown'
  | 'checkingDestination'
  | 'detailsShown'
  | 'details'
  | 'savingAddress'
  | 'confirmingItemValue'
  | 'paymentShown'
  | 'payment'
  | 'applyingVoucher'
  | 'submitting'
  | 'submitFailed';

export type SubmitOrderInput =
  | { mode: 'create'; payload: OrderRequestPayload }
  | { mode: 'update'; orderId: string; body: UpdateOrderBody };

export const REQUEST_TEXTS = {
  noCoordinates: 'No coordinates for that address',
  addressSaved: 'Address saved',
  addressNotSaved: 'Unable to save address',
  cannotVerify: 'Unable to verify if order is deliverable',
  cannotComputePrice: 'We could not compute the price for that order.',
  undeliverable: 'We cannot deliver that order there.',
  updateFailed: 'Could not update that order',
  createFailed: 'Could not create that order',
  created: 'Order pushed!',
  updated: 'Order Updated!',
} as const;

export const requestToast = (kind: ToastParams['kind'], message: string): ToastParams => ({
  kind,
  message,
  durationMs: LIMITS.toastRequestFlowMs,
});

/** "Service hours: {from} to {to}. It's {time}" on the country's clock (SPEC.md §8). */
export function serviceHoursToast(context: RequestRiderContext): ToastParams {
  const hours = parseServiceHours(context.serviceHours ?? '');
  return {
    ...requestToast('warning', "Service hours: {from} to {to}. It's {time}"),
    values: {
      from: formatServiceMinute(hours.startMinute),
      to: formatServiceMinute(hours.endMinute),
      time: formatServiceMinute(minuteOfDay(context.nowUnix(), context.timeZone)),
    },
  };
}

export const draftErrorsOfContext = (context: RequestRiderContext): DraftErrors =>
  draftErrorsOf(context.draft, {
    vendorId: context.vendor.vendor_id,
    countryCode: context.countryCode,
    availablePaymentMethods: context.availablePaymentMethods,
  });

export const feeRequestOf = (context: RequestRiderContext): FeeRequest => ({
  vendorId: context.vendor.vendor_id,
  source: { latitude: context.origin?.latitude ?? 0, longitude: context.origin?.longitude ?? 0 },
  destination: { latitude: context.draft.destinationLatitude ?? 0, longitude: context.draft.destinationLongitude ?? 0 },
});

/** What the new request starts from: a past order to repeat, a saved template, or nothing. */
export function prefillInputOf(context: RequestRiderContext): RequestPrefillInput | null {
  const vendorId = context.vendor.vendor_id;
  if (context.repeatOrderId) return { vendorId, source: { kind: 'order', orderId: context.repeatOrderId } };
  if (context.templateId) return { vendorId, source: { kind: 'template', templateId: context.templateId } };
  return null;
}

export const prefillFailure = (output: RequestPrefillOutput): string => (output.outcome === 'failed' ? output.message : '');

/** The voucher applied to the fee, whose discount is renewed with the fee's signature. */
export const appliedVoucherOf = (context: RequestRiderContext): AppliedVoucher | null =>
  context.voucher ? { code: context.voucher.code, orderTime: context.draft.preorderedFor ?? context.nowUnix() } : null;

const NO_FEE: SignedFee = { fee: 0, signature: '', expires_at: 0 };

/** The voucher code being checked against the fee shown (renewed first if its signature expired). */
export const voucherCheckInputOf = (context: RequestRiderContext): VoucherCheckInput => ({
  vendorId: context.vendor.vendor_id,
  code: context.voucherCode ?? '',
  fee: context.fee ?? NO_FEE,
  orderTime: context.draft.preorderedFor ?? context.nowUnix(),
  feeRequest: feeRequestOf(context),
});

/** The submit's expired signature, renewed with the applied voucher's discount; a changed fee is confirmed. */
export const signatureRetryInputOf = (context: RequestRiderContext): SignatureRetryInput => ({
  feeRequest: feeRequestOf(context),
  previousFee: context.fee ?? NO_FEE,
  duringSubmit: true,
  voucher: appliedVoucherOf(context),
});

export function submitInputOf(context: RequestRiderContext): SubmitOrderInput {
  const fee = context.fee ?? { fee: 0, signature: '', expires_at: 0 };
  if (context.orderId !== null) {
    return { mode: 'update', orderId: context.orderId, body: updateBodyOf(context.vendor.vendor_id, context.draft, fee) };
  }
  const senderNeeded = context.isGuest && vendorOrigin(context.vendor) === null;
  return {
    mode: 'create',
    payload: orderPayloadOf({
      vendorId: context.vendor.vendor_id,
      draft: context.draft,
      fee,
      voucher: context.voucher,
      discountedFee: context.discountedFee,
      vatNumber: context.vatNumber,
      loginPickupEstimation: LIMITS.loginPickupEstimation,
      sender:
        senderNeeded && context.origin && context.guestSender ? { origin: context.origin, credentials: context.guestSender } : null,
    }),
  };
}

export function initialContext(input: RequestRiderInput): RequestRiderContext {
  return {
    ...input,
    origin: input.isGuest ? (vendorOrigin(input.vendor) ?? input.guestOrigin) : vendorOrigin(input.vendor),
    originAsked: false,
    draft: { ...EMPTY_DRAFT, paymentMethod: pickPaymentMethod(input.defaultPaymentMethod, input.availablePaymentMethods) },
    errors: {},
    destinationError: null,
    serviceHours: null,
    fee: null,
    voucher: null,
    discountedFee: null,
    voucherError: null,
    voucherCode: null,
    orderItemValueExceedValidation: { required: false, confirmed: false, limit: LIMITS.orderItemValueLimitNone },
    orderToBeUpdated: null,
    createdOrderId: null,
  };
}
