import { and, assign } from 'xstate';
import type { DestinationCheckOutput } from './destinationCheck';
import { addressBookEntryOf } from './requestDraft';
import {
  feeRequestOf,
  initialContext,
  prefillFailure,
  prefillInputOf,
  REQUEST_TEXTS,
  requestToast as toast,
  serviceHoursToast,
  voucherCheckInputOf,
} from './requestRiderContext';
import { requestRiderSetup } from './requestRiderSetup';
import { submitLoopStates } from './requestSubmitLoop';

export * from './requestRiderContext';

// Request a rider (SPEC.md §4 "Request flow"): the steps of the spec as states. The origin is asked
// first when the vendor lacks coordinates (or a guest has none stored); then service hours, the
// destination and its check (destinationCheck.ts), the order details, the payment details (vouchers
// in voucherCheck.ts), and the submit loop (requestSubmitLoop.ts). The screen reads the states through
// their tags.

/** Edits of the draft, open on the details and payment steps (the submit checks them again). */
const draftEdits = {
  'field.changed': { actions: 'changeField' },
  'preorder.changed': { actions: 'changePreorder' },
} as const;

export const requestRiderMachine = requestRiderSetup.createMachine({
  id: 'requestRider',
  initial: 'starting',
  context: ({ input }) => initialContext(input),
  states: {
    starting: {
      tags: 'busy',
      always: [
        { guard: 'isUpdateMode', target: 'loadingOrder' },
        { guard: 'needsOrigin', target: 'origin' },
        { target: 'checkingHours' },
      ],
    },
    loadingOrder: {
      tags: 'busy',
      invoke: {
        id: 'loadOrderToUpdate',
        src: 'loadOrderToUpdate',
        input: ({ context }) => ({ vendorId: context.vendor.vendor_id, orderId: context.orderId ?? '' }),
        // An outlet without an address is asked for the pickup first, as a new order is (SPEC.md §4):
        // the drop-off's fee is quoted from it, never from no origin.
        onDone: [
          { guard: 'needsOrigin', target: 'origin', actions: { type: 'takeOrderToUpdate', params: ({ event }) => event.output } },
          { target: 'checkingDestination', actions: { type: 'takeOrderToUpdate', params: ({ event }) => event.output } },
        ],
        // The order could not be read: the flow goes on as a new order.
        onError: [
          { guard: 'needsOrigin', target: 'origin', actions: [assign({ orderId: null }), { type: 'toast', params: toast('error', REQUEST_TEXTS.updateFailed) }] },
          { target: 'drafting', actions: [assign({ orderId: null }), { type: 'toast', params: toast('error', REQUEST_TEXTS.updateFailed) }] },
        ],
      },
    },
    origin: {
      tags: 'askingOrigin',
      on: {
        'origin.selected': [
          { guard: 'selectedOriginHasCoordinates', target: 'originDetails', actions: 'selectOrigin' },
          { actions: { type: 'toast', params: toast('error', REQUEST_TEXTS.noCoordinates) } },
        ],
      },
    },
    originDetails: {
      tags: ['askingOrigin', 'originDetails'],
      initial: 'editing',
      // An order being edited has its drop-off already: it is priced from the pickup just given.
      onDone: [{ guard: 'isUpdateMode', target: 'checkingDestination' }, { target: 'checkingHours' }],
      on: {
        back: { target: 'origin' },
        // Another address picked while giving the details replaces the first.
        'origin.selected': { guard: 'selectedOriginHasCoordinates', actions: 'selectOrigin' },
      },
      states: {
        editing: {
          on: {
            'origin.details.changed': { actions: 'changeOriginDetails' },
            'origin.details.confirmed': [
              { guard: 'isGuest', target: 'kept', actions: { type: 'storeGuestOrigin', params: ({ context }) => ({ origin: context.origin! }) } },
              { target: 'saving' },
            ],
          },
        },
        saving: {
          tags: 'savingOrigin',
          invoke: {
            id: 'saveOriginAddress',
            src: 'saveOriginAddress',
            input: ({ context }) => ({ vendorId: context.vendor.vendor_id, origin: context.origin! }),
            onDone: { target: 'kept', actions: { type: 'toast', params: toast('success', REQUEST_TEXTS.addressSaved) } },
            onError: { target: 'editing', actions: { type: 'toast', params: toast('error', REQUEST_TEXTS.addressNotSaved) } },
          },
        },
        kept: { type: 'final' },
      },
    },
    checkingHours: {
      tags: 'busy',
      invoke: {
        id: 'fetchServiceHours',
        src: 'fetchServiceHours',
        input: ({ context }) => ({ vendorId: context.vendor.vendor_id }),
        onDone: [
          { guard: { type: 'isWithinServiceHours', params: ({ event }) => ({ setting: event.output }) }, target: 'opening' },
          { target: 'closed', actions: assign({ serviceHours: ({ event }) => event.output }) },
        ],
        // A failure to read the hours treats the vendor as open.
        onError: { target: 'opening' },
      },
    },
    /** Open: an empty draft, or one filled in first from a past order or a saved template. */
    opening: {
      tags: 'busy',
      always: [{ guard: 'startsFromPrefill', target: 'prefilling' }, { target: 'drafting' }],
    },
    prefilling: {
      tags: 'busy',
      invoke: {
        id: 'requestPrefill',
        src: 'requestPrefill',
        input: ({ context }) => prefillInputOf(context)!,
        // The copied drop-off is checked and priced now, like one picked by hand: nothing is placed
        // until the vendor submits.
        onDone: [
          { guard: { type: 'prefilled', params: ({ event }) => event.output }, target: 'checkingDestination', actions: { type: 'takePrefill', params: ({ event }) => event.output } },
          { target: 'drafting', actions: ['forgetPrefill', { type: 'toast', params: ({ event }) => toast('error', prefillFailure(event.output)) }] },
        ],
      },
    },
    /** The store is closed: the flow ends here. */
    closed: { type: 'final', tags: 'closed', entry: { type: 'toast', params: ({ context }) => serviceHoursToast(context) } },
    checkingDestination: {
      tags: ['dropOffShown', 'checkingDestination'],
      // Going back abandons the check; a late answer is ignored because its actor is stopped.
      on: { back: { target: 'drafting.destination' } },
      invoke: {
        id: 'destinationCheck',
        src: 'destinationCheck',
        input: ({ context }) => feeRequestOf(context),
        onDone: [
          {
            guard: { type: 'destinationOutcomeIs', params: ({ event }) => ({ output: event.output, expected: 'priced' }) },
            target: 'drafting.details',
            actions: { type: 'acceptDestination', params: ({ event }) => event.output as Extract<DestinationCheckOutput, { outcome: 'priced' }> },
          },
          {
            guard: { type: 'destinationOutcomeIs', params: ({ event }) => ({ output: event.output, expected: 'undeliverable' }) },
            target: 'drafting.destination',
            actions: [
              assign({ destinationError: 'request.error.undeliverable-address' }),
              { type: 'toast', params: toast('error', REQUEST_TEXTS.undeliverable) },
            ],
          },
          {
            guard: { type: 'destinationOutcomeIs', params: ({ event }) => ({ output: event.output, expected: 'unpriced' }) },
            target: 'drafting.destination',
            actions: [
              assign({ destinationError: 'request.error.cannot-compute-price' }),
              { type: 'toast', params: toast('error', REQUEST_TEXTS.cannotComputePrice) },
            ],
          },
          { target: 'drafting.destination', actions: { type: 'toast', params: toast('error', REQUEST_TEXTS.cannotVerify) } },
        ],
      },
    },
    /** The drop-off, the order details and the payment: picking another drop-off checks it again. */
    drafting: {
      tags: 'dropOffShown',
      initial: 'destination',
      onDone: 'submitting',
      on: {
        // Moving the drop-off prices the order again (SPEC.md §2 fee recomputed).
        'destination.selected': [
          { guard: 'destinationHasCoordinates', target: 'checkingDestination', actions: 'selectDestination' },
          { actions: { type: 'toast', params: toast('error', REQUEST_TEXTS.noCoordinates) } },
        ],
        // A saved template replaces the drop-off, recipient and item, so its fee is quoted afresh.
        'template.applied': { target: 'checkingDestination', actions: 'applyTemplate' },
      },
      states: {
        destination: {
          on: { back: { guard: 'originAsked', target: '#requestRider.originDetails' } },
        },
        details: {
          tags: ['detailsShown', 'details'],
          initial: 'editing',
          onDone: 'payment',
          on: { ...draftEdits, back: { target: 'destination' } },
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
              always: [{ guard: 'itemValueNeedsConfirmation', target: 'confirmingItemValue' }, { target: 'complete' }],
            },
            savingAddress: {
              tags: 'savingAddress',
              invoke: {
                id: 'saveAddressBookEntry',
                src: 'saveAddressBookEntry',
                input: ({ context }) => ({ vendorId: context.vendor.vendor_id, entry: addressBookEntryOf(context.draft) }),
                onDone: { target: 'editing', actions: { type: 'toast', params: toast('success', REQUEST_TEXTS.addressSaved) } },
                onError: { target: 'editing', actions: { type: 'toast', params: toast('error', REQUEST_TEXTS.addressNotSaved) } },
              },
            },
            /** The order-item value is above the country's limit: the user confirms or edits. */
            confirmingItemValue: {
              tags: 'confirmingItemValue',
              on: {
                'itemValue.confirmed': { target: 'complete', actions: 'confirmItemValue' },
                'itemValue.dismissed': { target: 'editing' },
              },
            },
            complete: { type: 'final' },
          },
        },
        payment: {
          tags: ['detailsShown', 'paymentShown', 'payment'],
          initial: 'idle',
          onDone: 'complete',
          on: {
            ...draftEdits,
            'vat.changed': { actions: 'changeVatNumber' },
            'payment.method.selected': { actions: 'selectPaymentMethod' },
            'voucher.submitted': { target: '.applyingVoucher', actions: assign({ voucherCode: ({ event }) => event.code }) },
            'voucher.removed': { target: '.idle', actions: 'clearVoucher' },
            back: { target: 'details' },
            'order.submitted': [
              // An amount raised on this step still needs its confirmation.
              { guard: and(['formValid', 'itemValueNeedsConfirmation']), target: 'details.confirmingItemValue' },
              { guard: 'formValid', target: '.submitted' },
              { target: 'details', actions: 'showFormErrors' },
            ],
          },
          states: {
            idle: {
              on: {
                // The online payment renewed the fee; without a discount it is a new fee the user
                // refused with the voucher, so both go.
                'fee.renewed': { actions: 'takePaymentRenewedFee' },
              },
            },
            applyingVoucher: {
              tags: 'applyingVoucher',
              // The card form renewed the fee meanwhile: the code is checked again against the renewed fee.
              on: { 'fee.renewed': { target: 'applyingVoucher', reenter: true, actions: 'takePaymentRenewedFee' } },
              invoke: {
                id: 'voucherCheck',
                src: 'voucherCheck',
                input: ({ context }) => voucherCheckInputOf(context),
                onDone: { target: 'idle', actions: { type: 'applyVoucherOutcome', params: ({ event }) => event.output } },
              },
            },
            submitted: { type: 'final' },
          },
        },
        complete: { type: 'final' },
      },
    },
    ...submitLoopStates,
    success: { type: 'final', tags: ['dropOffShown', 'detailsShown'] },
  },
});
