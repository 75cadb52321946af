import { and, assign, forwardTo, setup } from 'xstate';
import {
  ADDRESS_MESSAGES,
  formatServiceMinute,
  hasCoordinates,
  joinCustomerAddress,
  minuteOfDay,
  parseServiceHours,
  utf8ByteLength,
  isWithinServiceHours,
  LIMITS,
  ORDER_FORM_MESSAGES,
  parseAmount,
  pickPaymentMethod,
  validateOrderForm,
  type Order,
  type AddressMessageKey,
  type OrderFormMessageKey,
  type PaymentMethod,
  type UnixSeconds,
  type Vendor,
  type Voucher,
} from '../domain';
import type { OrderRequestPayload, UpdateOrderBody } from '../domain/types';
import type { AddressBookEntryBody } from '../domain/api';
import { SIGNATURE_EXPIRED, type AppliedVoucher, type FeeRequest, type SignedFee } from './fee';
import { promiseNotProvided } from './notProvided';
import {
  EMPTY_DRAFT,
  orderFormOf,
  orderPayloadOf,
  updateBodyOf,
  vendorOrigin,
  type DraftTextField,
  type GuestSender,
  type OriginAddress,
  type RequestDraft,
} from './requestDraft';
import { signatureRetryMachine } from './signatureRetry';
import type { ToastParams } from './toasts';

// Request a rider (SPEC.md §4 "Request flow"): the steps of the spec as nested states. The origin is
// asked first when the vendor lacks coordinates (or a guest has none stored); then service hours,
// destination, its validation with the fee, order details, payment details, and the submit loop.
// A vendor change or a new start resets everything.

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
  availablePaymentMethods: PaymentMethod[];
  defaultPaymentMethod: PaymentMethod;
  vatNumber: string | null;
}

export type DraftErrors = Partial<Record<keyof RequestDraft | 'vendorId', OrderFormMessageKey | AddressMessageKey>>;

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
  /** The code being checked (kept so a check refused for an expired fee signature runs again). */
  voucherCode: string | null;
  orderItemValueExceedValidation: { required: boolean; confirmed: boolean; limit: number };
  orderToBeUpdated: Order | null;
  createdOrderId: string | null;
}

export type RequestRiderEvent =
  | { type: 'flow.started' }
  | { type: 'vendor.changed'; vendor: Vendor }
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
  | { type: 'fee.accepted' }
  | { type: 'fee.rejected' }
  /** The online payment renewed the expired fee signature (and the voucher's discount with it). */
  | { type: 'fee.renewed'; fee: SignedFee; discountedFee: SignedFee | null }
  | { type: 'back' };

export type SubmitOrderInput =
  | { mode: 'create'; payload: OrderRequestPayload }
  | { mode: 'update'; orderId: string; body: UpdateOrderBody };

/** POST /addressbook/{vendorId} body (API.md). */
export type AddressBookEntryInput = AddressBookEntryBody;

export interface ValidateVoucherOutput {
  voucher: Voucher;
  discountedFee: SignedFee;
}

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

/** Which field shows each order-form message. */
const FIELD_OF_MESSAGE: Record<OrderFormMessageKey, keyof DraftErrors> = {
  [ORDER_FORM_MESSAGES.noVendor]: 'vendorId',
  [ORDER_FORM_MESSAGES.fillUnitNumber]: 'destinationUnitNumber',
  [ORDER_FORM_MESSAGES.fillCustomerName]: 'destinationName',
  [ORDER_FORM_MESSAGES.wrongCustomerName]: 'destinationName',
  [ORDER_FORM_MESSAGES.fillCustomerPhone]: 'destinationPhoneNumber',
  [ORDER_FORM_MESSAGES.phoneIncorrect]: 'destinationPhoneNumber',
  [ORDER_FORM_MESSAGES.fillDescription]: 'orderDescription',
  [ORDER_FORM_MESSAGES.fillAddress]: 'destinationTextAddress',
  [ORDER_FORM_MESSAGES.invalidCoordinates]: 'destinationTextAddress',
  [ORDER_FORM_MESSAGES.fillAmount]: 'orderAmount',
  [ORDER_FORM_MESSAGES.minimumAmount]: 'orderAmount',
  [ORDER_FORM_MESSAGES.fillPaymentMethod]: 'paymentMethod',
  [ORDER_FORM_MESSAGES.tagIdInvalid]: 'tagId',
};

const toast = (kind: ToastParams['kind'], message: string): ToastParams => ({ kind, message, durationMs: LIMITS.toastRequestFlowMs });

const formErrorOf = (context: RequestRiderContext) =>
  validateOrderForm(orderFormOf(context.vendor.vendor_id, context.draft), context.countryCode, {
    availablePaymentMethods: context.availablePaymentMethods,
  });

/** Notes travel with the address: at most 1000 bytes (SPEC.md §5). */
const notesTooLong = (context: RequestRiderContext) => utf8ByteLength(context.draft.riderNotes) > LIMITS.notesMaxBytes;

/** "Service hours: {from} to {to}. It's {time}" on the country's clock (SPEC.md §8). */
function serviceHoursToast(context: RequestRiderContext): ToastParams {
  const hours = parseServiceHours(context.serviceHours ?? '');
  return {
    ...toast('warning', "Service hours: {from} to {to}. It's {time}"),
    values: {
      from: formatServiceMinute(hours.startMinute),
      to: formatServiceMinute(hours.endMinute),
      time: formatServiceMinute(minuteOfDay(context.nowUnix(), context.timeZone)),
    },
  };
}

const addressBookEntryOf = (context: RequestRiderContext): AddressBookEntryInput => ({
  name: context.draft.destinationName.trim(),
  phone_number: context.draft.destinationPhoneNumber,
  latitude: context.draft.destinationLatitude ?? 0,
  longitude: context.draft.destinationLongitude ?? 0,
  address: joinCustomerAddress(context.draft.destinationUnitNumber, context.draft.destinationBuilding, context.draft.destinationTextAddress),
  notes: context.draft.riderNotes,
});

export const feeRequestOf = (context: RequestRiderContext): FeeRequest => ({
  vendorId: context.vendor.vendor_id,
  source: { latitude: context.origin?.latitude ?? 0, longitude: context.origin?.longitude ?? 0 },
  destination: { latitude: context.draft.destinationLatitude ?? 0, longitude: context.draft.destinationLongitude ?? 0 },
});

/** The voucher applied to the fee, whose discount is renewed with the fee's signature. */
export const appliedVoucherOf = (context: RequestRiderContext): AppliedVoucher | null =>
  context.voucher ? { code: context.voucher.code, orderTime: context.draft.preorderedFor ?? context.nowUnix() } : null;

function submitInputOf(context: RequestRiderContext): SubmitOrderInput {
  const fee = context.fee ?? { amount: 0, signature: '' };
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

function initialContext(input: RequestRiderInput): RequestRiderContext {
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

function withoutUnitAndBuilding(address: string, unit: string, building: string): string {
  const prefix = joinCustomerAddress(unit, building, null);
  return prefix !== '' && address.startsWith(`${prefix}, `) ? address.slice(prefix.length + 2) : address;
}

/** The draft of an order being edited. */
function draftOfOrder(order: Order, draft: RequestDraft): RequestDraft {
  return {
    ...draft,
    destinationName: order.customer.name,
    destinationPhoneNumber: order.customer.phone_number,
    // The stored address starts with the unit and building it was sent with (SPEC.md §3); they are
    // edited in their own fields, so the text keeps the rest only.
    destinationTextAddress: withoutUnitAndBuilding(order.customer.location.address, order.unit_number ?? '', order.building ?? ''),
    destinationUnitNumber: order.unit_number ?? '',
    destinationBuilding: order.building ?? '',
    destinationLatitude: order.customer.location.latitude,
    destinationLongitude: order.customer.location.longitude,
    riderNotes: order.customer.location.notes ?? '',
    orderAmount: String(order.order.amount),
    orderDescription: order.order.description,
    paymentMethod: order.order.payment_method,
    preorderedFor: order.preordered_for,
  };
}

export const requestRiderMachine = setup({
  types: {
    context: {} as RequestRiderContext,
    events: {} as RequestRiderEvent,
    input: {} as RequestRiderInput,
  },
  actors: {
    loadOrderToUpdate: promiseNotProvided<Order, { vendorId: string; orderId: string }>('loadOrderToUpdate'),
    saveOriginAddress: promiseNotProvided<void, { vendorId: string; origin: OriginAddress }>('saveOriginAddress'),
    /** The serviceHours country parameter, null when none is set. */
    fetchServiceHours: promiseNotProvided<string | null, { vendorId: string }>('fetchServiceHours'),
    validateDestination: promiseNotProvided<{ deliverable: boolean }, FeeRequest>('validateDestination'),
    computeFee: promiseNotProvided<SignedFee, FeeRequest>('computeFee'),
    /** The orderItemValueExceedLimit parameter (-1 when none). */
    fetchOrderItemValueLimit: promiseNotProvided<number, { vendorId: string }>('fetchOrderItemValueLimit'),
    validateVoucher: promiseNotProvided<ValidateVoucherOutput, { vendorId: string; code: string; fee: SignedFee; orderTime: UnixSeconds }>(
      'validateVoucher',
    ),
    submitOrder: promiseNotProvided<{ orderId: string }, SubmitOrderInput>('submitOrder'),
    saveAddressBookEntry: promiseNotProvided<void, { vendorId: string; entry: AddressBookEntryInput }>('saveAddressBookEntry'),
    signatureRetry: signatureRetryMachine,
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    /** Keeps a guest's origin for the next orders (local storage). */
    storeGuestOrigin: (_, _params: { origin: OriginAddress }) => {},
    navigateToTracking: (_, _params: { vendorId: string; orderId: string }) => {},
    resetFlow: assign(({ context, event }) =>
      initialContext({ ...context, vendor: event.type === 'vendor.changed' ? event.vendor : context.vendor }),
    ),
    selectOrigin: assign(({ event }) =>
      event.type === 'origin.selected' ? { origin: event.origin, originAsked: true } : {},
    ),
    changeOriginDetails: assign(({ context, event }) =>
      event.type === 'origin.details.changed' && context.origin
        ? { origin: { ...context.origin, unit: event.unit, building: event.building, notes: event.notes } }
        : {},
    ),
    selectDestination: assign(({ context, event }) =>
      event.type === 'destination.selected'
        ? {
            destinationError: null,
            draft: {
              ...context.draft,
              destinationTextAddress: event.text,
              destinationLatitude: event.latitude,
              destinationLongitude: event.longitude,
              ...(event.customer
                ? { destinationName: event.customer.name, destinationPhoneNumber: event.customer.phoneNumber, riderNotes: event.customer.notes }
                : {}),
            },
          }
        : {},
    ),
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const { [event.field]: _cleared, ...errors } = context.errors;
      const itemValue = context.orderItemValueExceedValidation;
      return {
        draft: { ...context.draft, [event.field]: event.value },
        errors,
        // A new amount needs a new confirmation.
        orderItemValueExceedValidation: event.field === 'orderAmount' ? { ...itemValue, confirmed: false } : itemValue,
      };
    }),
    showFormErrors: assign(({ context }): { errors: DraftErrors } => {
      const key = formErrorOf(context);
      if (key !== null) return { errors: { [FIELD_OF_MESSAGE[key]]: key } };
      return { errors: notesTooLong(context) ? { riderNotes: ADDRESS_MESSAGES.notesTooLong } : {} };
    }),
    changeVatNumber: assign(({ event }) => (event.type === 'vat.changed' ? { vatNumber: event.vatNumber === '' ? null : event.vatNumber } : {})),
    clearVoucher: assign({ voucher: null, discountedFee: null, voucherError: null }),
  },
  guards: {
    isUpdateMode: ({ context }) => context.orderId !== null,
    needsOrigin: ({ context }) => context.origin === null,
    isGuest: ({ context }) => context.isGuest,
    originAsked: ({ context }) => context.originAsked,
    selectedOriginHasCoordinates: ({ event }) =>
      event.type === 'origin.selected' && hasCoordinates(event.origin.latitude, event.origin.longitude),
    destinationHasCoordinates: ({ event }) =>
      event.type === 'destination.selected' && hasCoordinates(event.latitude, event.longitude),
    /** A missing or unreadable setting means open (SPEC.md §4 "Other"). */
    isWithinServiceHours: ({ context }, params: { setting: string | null }) => {
      if (params.setting === null) return true;
      try {
        return isWithinServiceHours(params.setting, context.nowUnix(), context.timeZone);
      } catch {
        return true;
      }
    },
    deliverable: (_, params: { deliverable: boolean }) => params.deliverable,
    formValid: ({ context }) => formErrorOf(context) === null && !notesTooLong(context),
    /** A customer worth saving: a name, a phone and a located address. */
    addressSavable: ({ context }) =>
      context.draft.destinationName.trim() !== '' &&
      context.draft.destinationPhoneNumber !== '' &&
      hasCoordinates(context.draft.destinationLatitude, context.draft.destinationLongitude),
    itemValueNeedsConfirmation: ({ context }) => {
      const { limit, confirmed } = context.orderItemValueExceedValidation;
      const amount = parseAmount(context.draft.orderAmount);
      return limit !== LIMITS.orderItemValueLimitNone && amount !== null && amount > limit && !confirmed;
    },
    signatureExpired: (_, params: { error: unknown }) =>
      params.error instanceof Error ? params.error.message === SIGNATURE_EXPIRED : params.error === SIGNATURE_EXPIRED,
    retryOutcome: (_, params: { outcome: string }) => params.outcome === 'retry',
    abandonedOutcome: (_, params: { outcome: string }) => params.outcome === 'abandoned',
  },
}).createMachine({
  id: 'requestRider',
  initial: 'steps',
  context: ({ input }) => initialContext(input),
  on: {
    'flow.started': { target: '.steps', reenter: true, actions: 'resetFlow' },
    'vendor.changed': { target: '.steps', reenter: true, actions: 'resetFlow' },
  },
  states: {
    steps: {
      initial: 'starting',
      states: {
        starting: {
          always: [
            { guard: 'isUpdateMode', target: 'loadingOrderToUpdate' },
            { guard: 'needsOrigin', target: 'ASK_FOR_ORIGIN_ADDRESS' },
            { target: 'CHECK_SERVICE_HOURS' },
          ],
        },
        loadingOrderToUpdate: {
          invoke: {
            id: 'loadOrderToUpdate',
            src: 'loadOrderToUpdate',
            input: ({ context }) => ({ vendorId: context.vendor.vendor_id, orderId: context.orderId ?? '' }),
            onDone: {
              target: 'CHECK_IF_DESTINATION_IS_VALID',
              actions: assign(({ context, event }) => ({
                orderToBeUpdated: event.output,
                draft: draftOfOrder(event.output, context.draft),
              })),
            },
            onError: {
              target: 'ASK_FOR_DESTINATION_ADDRESS',
              actions: [assign({ orderId: null }), { type: 'toast', params: toast('error', REQUEST_TEXTS.updateFailed) }],
            },
          },
        },
        ASK_FOR_ORIGIN_ADDRESS: {
          on: {
            'origin.selected': [
              { guard: 'selectedOriginHasCoordinates', target: 'ASK_FOR_ORIGIN_ADDRESS_DETAILS', actions: 'selectOrigin' },
              { actions: { type: 'toast', params: toast('error', REQUEST_TEXTS.noCoordinates) } },
            ],
          },
        },
        ASK_FOR_ORIGIN_ADDRESS_DETAILS: {
          initial: 'editing',
          on: {
            back: { target: 'ASK_FOR_ORIGIN_ADDRESS' },
            // Another address picked while giving the details replaces the first.
            'origin.selected': { guard: 'selectedOriginHasCoordinates', actions: 'selectOrigin' },
          },
          states: {
            editing: {
              on: {
                'origin.details.changed': { actions: 'changeOriginDetails' },
                'origin.details.confirmed': [
                  {
                    guard: 'isGuest',
                    target: '#requestRider.steps.CHECK_SERVICE_HOURS',
                    actions: { type: 'storeGuestOrigin', params: ({ context }) => ({ origin: context.origin! }) },
                  },
                  { target: 'saving' },
                ],
              },
            },
            saving: {
              invoke: {
                id: 'saveOriginAddress',
                src: 'saveOriginAddress',
                input: ({ context }) => ({ vendorId: context.vendor.vendor_id, origin: context.origin! }),
                onDone: {
                  target: '#requestRider.steps.CHECK_SERVICE_HOURS',
                  actions: { type: 'toast', params: toast('success', REQUEST_TEXTS.addressSaved) },
                },
                onError: { target: 'editing', actions: { type: 'toast', params: toast('error', REQUEST_TEXTS.addressNotSaved) } },
              },
            },
          },
        },
        CHECK_SERVICE_HOURS: {
          invoke: {
            id: 'fetchServiceHours',
            src: 'fetchServiceHours',
            input: ({ context }) => ({ vendorId: context.vendor.vendor_id }),
            onDone: [
              {
                guard: { type: 'isWithinServiceHours', params: ({ event }) => ({ setting: event.output }) },
                target: 'ASK_FOR_DESTINATION_ADDRESS',
              },
              { target: 'SERVICE_CLOSED', actions: assign({ serviceHours: ({ event }) => event.output }) },
            ],
            // A failure to read the hours treats the vendor as open.
            onError: { target: 'ASK_FOR_DESTINATION_ADDRESS' },
          },
        },
        /** The store is closed: the flow ends here until a new start or another vendor. */
        SERVICE_CLOSED: { type: 'final', entry: { type: 'toast', params: ({ context }) => serviceHoursToast(context) } },
        ASK_FOR_DESTINATION_ADDRESS: {
          on: {
            'destination.selected': [
              { guard: 'destinationHasCoordinates', target: 'CHECK_IF_DESTINATION_IS_VALID', actions: 'selectDestination' },
              { actions: { type: 'toast', params: toast('error', REQUEST_TEXTS.noCoordinates) } },
            ],
            back: { guard: 'originAsked', target: 'ASK_FOR_ORIGIN_ADDRESS_DETAILS' },
          },
        },
        CHECK_IF_DESTINATION_IS_VALID: {
          initial: 'validating',
          // Going back abandons the check; a late answer is ignored because its actor is stopped.
          on: { back: { target: 'ASK_FOR_DESTINATION_ADDRESS' } },
          states: {
            validating: {
              invoke: {
                id: 'validateDestination',
                src: 'validateDestination',
                input: ({ context }) => feeRequestOf(context),
                onDone: [
                  {
                    guard: { type: 'deliverable', params: ({ event }) => ({ deliverable: event.output.deliverable }) },
                    target: 'computingFee',
                  },
                  {
                    target: '#requestRider.steps.ASK_FOR_DESTINATION_ADDRESS',
                    actions: [
                      assign({ destinationError: 'request.error.undeliverable-address' }),
                      { type: 'toast', params: toast('error', REQUEST_TEXTS.undeliverable) },
                    ],
                  },
                ],
                onError: {
                  target: '#requestRider.steps.ASK_FOR_DESTINATION_ADDRESS',
                  actions: { type: 'toast', params: toast('error', REQUEST_TEXTS.cannotVerify) },
                },
              },
            },
            computingFee: {
              invoke: {
                id: 'computeFee',
                src: 'computeFee',
                input: ({ context }) => feeRequestOf(context),
                onDone: {
                  target: 'loadingItemValueLimit',
                  // A voucher was validated against the old fee: it has to be entered again.
                  actions: [assign({ fee: ({ event }) => event.output }), 'clearVoucher'],
                },
                onError: {
                  target: '#requestRider.steps.ASK_FOR_DESTINATION_ADDRESS',
                  actions: [
                    assign({ destinationError: 'request.error.cannot-compute-price' }),
                    { type: 'toast', params: toast('error', REQUEST_TEXTS.cannotComputePrice) },
                  ],
                },
              },
            },
            loadingItemValueLimit: {
              invoke: {
                id: 'fetchOrderItemValueLimit',
                src: 'fetchOrderItemValueLimit',
                input: ({ context }) => ({ vendorId: context.vendor.vendor_id }),
                onDone: {
                  target: '#requestRider.steps.FILL_ORDER_DETAILS',
                  actions: assign({
                    orderItemValueExceedValidation: ({ event }) => ({
                      required: event.output !== LIMITS.orderItemValueLimitNone,
                      confirmed: false,
                      limit: event.output,
                    }),
                  }),
                },
                onError: { target: '#requestRider.steps.FILL_ORDER_DETAILS' },
              },
            },
          },
        },
        FILL_ORDER_DETAILS: {
          initial: 'editing',
          on: {
            // Moving the drop-off prices the order again (SPEC.md §2 fee recomputed).
            'destination.selected': [
              { guard: 'destinationHasCoordinates', target: 'CHECK_IF_DESTINATION_IS_VALID', actions: 'selectDestination' },
              { actions: { type: 'toast', params: toast('error', REQUEST_TEXTS.noCoordinates) } },
            ],
            'field.changed': { actions: 'changeField' },
            'preorder.changed': {
              actions: assign({ draft: ({ context, event }) => ({ ...context.draft, preorderedFor: event.preorderedFor }) }),
            },
            back: { target: 'ASK_FOR_DESTINATION_ADDRESS' },
          },
          states: {
            editing: {
              on: {
                'details.submitted': [
                  { guard: 'formValid', actions: assign({ errors: {} }), target: 'checkingItemValue' },
                  { actions: 'showFormErrors' },
                ],
                'address.save.requested': { guard: 'addressSavable', target: 'savingAddress' },
              },
            },
            checkingItemValue: {
              always: [
                { guard: 'itemValueNeedsConfirmation', target: 'confirmingItemValue' },
                { target: '#requestRider.steps.FILL_PAYMENT_DETAILS' },
              ],
            },
            savingAddress: {
              invoke: {
                id: 'saveAddressBookEntry',
                src: 'saveAddressBookEntry',
                input: ({ context }) => ({ vendorId: context.vendor.vendor_id, entry: addressBookEntryOf(context) }),
                onDone: { target: 'editing', actions: { type: 'toast', params: toast('success', REQUEST_TEXTS.addressSaved) } },
                onError: { target: 'editing', actions: { type: 'toast', params: toast('error', REQUEST_TEXTS.addressNotSaved) } },
              },
            },
            /** The order-item value is above the country's limit: the user confirms or edits. */
            confirmingItemValue: {
              on: {
                'itemValue.confirmed': {
                  target: '#requestRider.steps.FILL_PAYMENT_DETAILS',
                  actions: assign({
                    orderItemValueExceedValidation: ({ context }) => ({ ...context.orderItemValueExceedValidation, confirmed: true }),
                  }),
                },
                'itemValue.dismissed': { target: 'editing' },
              },
            },
          },
        },
        FILL_PAYMENT_DETAILS: {
          initial: 'idle',
          on: {
            'destination.selected': [
              { guard: 'destinationHasCoordinates', target: 'CHECK_IF_DESTINATION_IS_VALID', actions: 'selectDestination' },
              { actions: { type: 'toast', params: toast('error', REQUEST_TEXTS.noCoordinates) } },
            ],
            // The details stay editable beside the payment; the submit checks them again.
            'field.changed': { actions: 'changeField' },
            'preorder.changed': {
              actions: assign({ draft: ({ context, event }) => ({ ...context.draft, preorderedFor: event.preorderedFor }) }),
            },
            'vat.changed': { actions: 'changeVatNumber' },
            'payment.method.selected': {
              actions: assign({
                draft: ({ context, event }) => ({
                  ...context.draft,
                  paymentMethod: pickPaymentMethod(event.method, context.availablePaymentMethods),
                }),
              }),
            },
            'voucher.submitted': { target: '.applyingVoucher', actions: assign({ voucherCode: ({ event }) => event.code }) },

            'voucher.removed': { target: '.idle', actions: 'clearVoucher' },
            back: { target: 'FILL_ORDER_DETAILS' },
            'order.submitted': [
              // An amount raised on this step still needs its confirmation.
              { guard: and(['formValid', 'itemValueNeedsConfirmation']), target: '#requestRider.steps.FILL_ORDER_DETAILS.confirmingItemValue' },
              { guard: 'formValid', target: 'submitting' },
              { target: 'FILL_ORDER_DETAILS', actions: 'showFormErrors' },
            ],
          },
          states: {
            idle: {
              on: {
                // The online payment renewed the fee; without a discount it is a new fee the user
                // refused with the voucher, so both go.
                'fee.renewed': {
                  actions: assign(({ context, event }) => ({
                    fee: event.fee,
                    discountedFee: event.discountedFee,
                    voucher: event.discountedFee === null ? null : context.voucher,
                  })),
                },
              },
            },
            applyingVoucher: {
              invoke: {
                id: 'validateVoucher',
                src: 'validateVoucher',
                input: ({ context }) => ({
                  vendorId: context.vendor.vendor_id,
                  code: context.voucherCode ?? '',
                  fee: context.fee ?? { amount: 0, signature: '' },
                  orderTime: context.draft.preorderedFor ?? context.nowUnix(),
                }),
                // Only one voucher applies: a new one replaces the previous.
                onDone: {
                  target: 'idle',
                  actions: assign({
                    voucher: ({ event }) => event.output.voucher,
                    discountedFee: ({ event }) => event.output.discountedFee,
                    voucherError: null,
                  }),
                },
                onError: [
                  // The quote is older than its signature: renew it, then check the voucher again.
                  { guard: { type: 'signatureExpired', params: ({ event }) => ({ error: event.error }) }, target: 'renewingSignature' },
                  { target: 'idle', actions: assign({ voucherError: 'voucher.error.validation.message' }) },
                ],
              },
            },
            renewingSignature: {
              invoke: {
                id: 'signatureRetry',
                src: 'signatureRetry',
                // A voucher already applied is replaced by the one being checked, which is discounted after.
                input: ({ context }) => ({ feeRequest: feeRequestOf(context), previousFee: context.fee ?? { amount: 0, signature: '' }, duringSubmit: true, voucher: null }),
                onDone: [
                  {
                    guard: { type: 'retryOutcome', params: ({ event }) => ({ outcome: event.output.outcome }) },
                    target: 'applyingVoucher',
                    actions: assign({ fee: ({ context, event }) => event.output.fee ?? context.fee }),
                  },
                  {
                    // The vendor refused the new fee: it is shown, without the voucher.
                    guard: { type: 'abandonedOutcome', params: ({ event }) => ({ outcome: event.output.outcome }) },
                    target: 'idle',
                    actions: [assign({ fee: ({ context, event }) => event.output.fee ?? context.fee }), 'clearVoucher'],
                  },
                  { target: 'idle', actions: assign({ voucherError: 'voucher.error.validation.message' }) },
                ],
              },
              on: {
                'fee.accepted': { actions: forwardTo('signatureRetry') },
                'fee.rejected': { actions: forwardTo('signatureRetry') },
              },
            },
          },
        },
        submitting: {
          invoke: {
            id: 'submitOrder',
            src: 'submitOrder',
            input: ({ context }) => submitInputOf(context),
            onDone: {
              target: 'success',
              actions: [
                assign({ createdOrderId: ({ event }) => event.output.orderId }),
                {
                  type: 'toast',
                  params: ({ context }) => toast('success', context.orderId === null ? REQUEST_TEXTS.created : REQUEST_TEXTS.updated),
                },
                {
                  type: 'navigateToTracking',
                  params: ({ context, event }) => ({ vendorId: context.vendor.vendor_id, orderId: event.output.orderId }),
                },
              ],
            },
            onError: [
              { guard: { type: 'signatureExpired', params: ({ event }) => ({ error: event.error }) }, target: 'renewingSignature' },
              {
                target: 'submitFailed',
                actions: {
                  type: 'toast',
                  params: ({ context }) =>
                    toast('error', context.orderId === null ? REQUEST_TEXTS.createFailed : REQUEST_TEXTS.updateFailed),
                },
              },
            ],
          },
        },
        renewingSignature: {
          invoke: {
            id: 'signatureRetry',
            src: 'signatureRetry',
            input: ({ context }) => ({
              feeRequest: feeRequestOf(context),
              previousFee: context.fee ?? { amount: 0, signature: '' },
              duringSubmit: true,
              voucher: appliedVoucherOf(context),
            }),
            onDone: [
              {
                guard: { type: 'retryOutcome', params: ({ event }) => ({ outcome: event.output.outcome }) },
                target: 'submitting',
                actions: assign({
                  fee: ({ context, event }) => event.output.fee ?? context.fee,
                  discountedFee: ({ context, event }) => (context.voucher ? (event.output.discountedFee ?? context.discountedFee) : null),
                }),
              },
              {
                // The user refused the new fee: back to the payment step showing it.
                guard: { type: 'abandonedOutcome', params: ({ event }) => ({ outcome: event.output.outcome }) },
                target: 'FILL_PAYMENT_DETAILS',
                actions: [assign({ fee: ({ context, event }) => event.output.fee ?? context.fee }), 'clearVoucher'],
              },
              { target: 'submitFailed' },
            ],
          },
          on: {
            'fee.accepted': { actions: forwardTo('signatureRetry') },
            'fee.rejected': { actions: forwardTo('signatureRetry') },
          },
        },
        /** The submit loop: the user may submit again, or go back to the payment step. */
        submitFailed: {
          on: {
            'order.submitted': { target: 'submitting' },
            back: { target: 'FILL_PAYMENT_DETAILS' },
          },
        },
        success: { type: 'final' },
      },
    },
  },
});
