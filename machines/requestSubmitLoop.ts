import { assign, forwardTo } from 'xstate';
import { REQUEST_TEXTS, requestToast as toast, signatureRetryInputOf, submitInputOf } from './requestRiderContext';
import { requestRiderSetup } from './requestRiderSetup';

// The request flow's submit loop (SPEC.md §4 "Request flow"): the order is sent; a fee signature that
// expired meanwhile is renewed (signatureRetry.ts: the user accepts a changed fee, or goes back to the
// payment step showing it); a refused order can be sent again or taken back to the payment step. A
// placed order opens its tracking page. States of requestRider.ts, declared here with its setup so
// the chart stays one machine.
const { createStateConfig } = requestRiderSetup;

export const submitLoopStates = {
  submitting: createStateConfig({
    tags: ['dropOffShown', 'detailsShown', 'paymentShown', 'submitting'],
    invoke: {
      id: 'submitOrder',
      src: 'submitOrder',
      input: ({ context }) => submitInputOf(context),
      onDone: {
        target: 'success',
        actions: [
          assign({ createdOrderId: ({ event }) => event.output.orderId }),
          { type: 'toast', params: ({ context }) => toast('success', context.orderId === null ? REQUEST_TEXTS.created : REQUEST_TEXTS.updated) },
          { type: 'navigateToTracking', params: ({ context, event }) => ({ vendorId: context.vendor.vendor_id, orderId: event.output.orderId }) },
        ],
      },
      onError: [
        { guard: { type: 'signatureExpired', params: ({ event }) => ({ error: event.error }) }, target: 'renewingSignature' },
        {
          target: 'submitFailed',
          actions: {
            type: 'toast',
            params: ({ context }) => toast('error', context.orderId === null ? REQUEST_TEXTS.createFailed : REQUEST_TEXTS.updateFailed),
          },
        },
      ],
    },
  }),
  renewingSignature: createStateConfig({
    tags: ['dropOffShown', 'detailsShown', 'paymentShown', 'submitting'],
    invoke: {
      id: 'signatureRetry',
      src: 'signatureRetry',
      input: ({ context }) => signatureRetryInputOf(context),
      onDone: [
        {
          guard: { type: 'retryOutcome', params: ({ event }) => ({ outcome: event.output.outcome }) },
          target: 'submitting',
          actions: { type: 'takeRenewedFee', params: ({ event }) => event.output },
        },
        {
          // The user refused the new fee: back to the payment step showing it.
          guard: { type: 'abandonedOutcome', params: ({ event }) => ({ outcome: event.output.outcome }) },
          target: 'drafting.payment',
          actions: [{ type: 'takeRenewedFee', params: ({ event }) => event.output }, 'clearVoucher'],
        },
        { target: 'submitFailed' },
      ],
    },
    on: {
      'fee.accepted': { actions: forwardTo('signatureRetry') },
      'fee.rejected': { actions: forwardTo('signatureRetry') },
    },
  }),
  /** The submit loop: the user may submit again, or go back to the payment step. */
  submitFailed: createStateConfig({
    tags: ['dropOffShown', 'detailsShown', 'paymentShown', 'submitFailed'],
    on: {
      'order.submitted': { target: 'submitting' },
      back: { target: 'drafting.payment' },
    },
  }),
};
