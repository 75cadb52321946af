import { assign, setup } from 'xstate';
import { hasCoordinates, isWithinServiceHours, LIMITS, parseAmount, pickPaymentMethod, type Order } from '../domain';
import { destinationCheckMachine, type DestinationCheckOutput } from './destinationCheck';
import { SIGNATURE_EXPIRED } from './fee';
import { promiseNotProvided } from './notProvided';
import type { AddressBookEntryInput, OriginAddress } from './requestDraft';
import { draftOfOrder, prefilledDraft, prefillOfTemplate } from './requestDraftPrefill';
import {
  draftErrorsOfContext,
  prefillInputOf,
  type RequestRiderContext,
  type RequestRiderEvent,
  type RequestRiderInput,
  type RequestTag,
  type SubmitOrderInput,
} from './requestRiderContext';
import { requestPrefillMachine, type RequestPrefillOutput } from './requestPrefill';
import { signatureRetryMachine, type SignatureRetryOutput } from './signatureRetry';
import type { ToastParams } from './toasts';
import { voucherCheckMachine, type VoucherCheckOutput } from './voucherCheck';

// The request flow's vocabulary: the actors it runs, the actions and guards its chart
// (requestRider.ts) names. Effects are provided by the app (requestMachineProvider.ts) or by tests.

export const requestRiderSetup = setup({
  types: {
    context: {} as RequestRiderContext,
    events: {} as RequestRiderEvent,
    input: {} as RequestRiderInput,
    tags: {} as RequestTag,
  },
  actors: {
    loadOrderToUpdate: promiseNotProvided<Order, { vendorId: string; orderId: string }>('loadOrderToUpdate'),
    /** The past order ("Order again") or saved template the new request starts from. */
    requestPrefill: requestPrefillMachine,
    saveOriginAddress: promiseNotProvided<void, { vendorId: string; origin: OriginAddress }>('saveOriginAddress'),
    /** The serviceHours country parameter, null when none is set. */
    fetchServiceHours: promiseNotProvided<string | null, { vendorId: string }>('fetchServiceHours'),
    destinationCheck: destinationCheckMachine,
    voucherCheck: voucherCheckMachine,
    submitOrder: promiseNotProvided<{ orderId: string }, SubmitOrderInput>('submitOrder'),
    saveAddressBookEntry: promiseNotProvided<void, { vendorId: string; entry: AddressBookEntryInput }>('saveAddressBookEntry'),
    signatureRetry: signatureRetryMachine,
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    /** Keeps a guest's origin for the next orders (local storage). */
    storeGuestOrigin: (_, _params: { origin: OriginAddress }) => {},
    navigateToTracking: (_, _params: { vendorId: string; orderId: string }) => {},
    selectOrigin: assign(({ event }) => (event.type === 'origin.selected' ? { origin: event.origin, originAsked: true } : {})),
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
    /** The drop-off was checked: its fee (a voucher checked against the old fee has to be entered again). */
    acceptDestination: assign(({ context }, output: Extract<DestinationCheckOutput, { outcome: 'priced' }>) => ({
      fee: output.fee,
      voucher: null,
      discountedFee: null,
      voucherError: null,
      orderItemValueExceedValidation:
        output.itemValueLimit === null
          ? context.orderItemValueExceedValidation
          : { required: output.itemValueLimit !== LIMITS.orderItemValueLimitNone, confirmed: false, limit: output.itemValueLimit },
    })),
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
    changePreorder: assign(({ context, event }) =>
      event.type === 'preorder.changed' ? { draft: { ...context.draft, preorderedFor: event.preorderedFor } } : {},
    ),
    showFormErrors: assign(({ context }) => ({ errors: draftErrorsOfContext(context) })),
    takeOrderToUpdate: assign(({ context }, order: Order) => ({ orderToBeUpdated: order, draft: draftOfOrder(order, context.draft) })),
    /** A past order's or a template's drop-off, recipient and item; the fee is quoted afresh. */
    takePrefill: assign(({ context }, output: RequestPrefillOutput) =>
      output.outcome === 'filled' ? { draft: prefilledDraft(context.draft, output.prefill, context.availablePaymentMethods) } : {},
    ),
    /** The prefill could not be read: the request starts empty, and is no longer a repeat. */
    forgetPrefill: assign({ repeatOrderId: null, templateId: null }),
    /** A saved template fills the draft in; its drop-off is checked and priced afresh. */
    applyTemplate: assign(({ context, event }) =>
      event.type === 'template.applied'
        ? { destinationError: null, draft: prefilledDraft(context.draft, prefillOfTemplate(event.template), context.availablePaymentMethods) }
        : {},
    ),
    selectPaymentMethod: assign(({ context, event }) =>
      event.type === 'payment.method.selected'
        ? { draft: { ...context.draft, paymentMethod: pickPaymentMethod(event.method, context.availablePaymentMethods) } }
        : {},
    ),
    confirmItemValue: assign(({ context }) => ({ orderItemValueExceedValidation: { ...context.orderItemValueExceedValidation, confirmed: true } })),
    /** The online payment renewed the fee; without a discount it is a new fee the user refused with the voucher, so both go. */
    takePaymentRenewedFee: assign(({ context, event }) =>
      event.type === 'fee.renewed'
        ? { fee: event.fee, discountedFee: event.discountedFee, voucher: event.discountedFee === null ? null : context.voucher }
        : {},
    ),
    /** The submit's expired signature was renewed (the voucher's discount with it, when one applies). */
    takeRenewedFee: assign(({ context }, renewed: SignatureRetryOutput) => ({
      fee: renewed.fee ?? context.fee,
      discountedFee: context.voucher ? (renewed.discountedFee ?? context.discountedFee) : null,
    })),
    changeVatNumber: assign(({ event }) => (event.type === 'vat.changed' ? { vatNumber: event.vatNumber === '' ? null : event.vatNumber } : {})),
    /** Only one voucher applies: a new one replaces the previous. */
    applyVoucherOutcome: assign((_, output: VoucherCheckOutput) => {
      if (output.outcome === 'applied') return { fee: output.fee, voucher: output.voucher, discountedFee: output.discountedFee, voucherError: null };
      // A renewed fee the vendor refused is shown, without the voucher.
      if (output.outcome === 'feeRefused') return { fee: output.fee, voucher: null, discountedFee: null, voucherError: null };
      return { fee: output.fee, voucherError: 'voucher.error.validation.message' };
    }),
    clearVoucher: assign({ voucher: null, discountedFee: null, voucherError: null }),
  },
  guards: {
    isUpdateMode: ({ context }) => context.orderId !== null,
    startsFromPrefill: ({ context }) => prefillInputOf(context) !== null,
    prefilled: (_, output: RequestPrefillOutput) => output.outcome === 'filled',
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
    destinationOutcomeIs: (_, params: { output: DestinationCheckOutput; expected: DestinationCheckOutput['outcome'] }) =>
      params.output.outcome === params.expected,
    formValid: ({ context }) => Object.keys(draftErrorsOfContext(context)).length === 0,
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
});
