import { assign, setup } from 'xstate';
import { isCancellable, LIMITS } from '../domain';
import type { Order, UnixSeconds } from '../domain/types';
import { promiseNotProvided } from './notProvided';
import type { ToastParams } from './toasts';

// Cancelling an order (SPEC.md §4): only a cancellable order opens the reason picker; while the call
// runs the user sees 'action.attempt-cancel'; a failure shows 'error.cant-cancel-order' for 7 s, a
// success 'cancel.done'. Each replaces the toast before it (one topic). 'Other' asks for the reason
// in the user's words, which is what the server records.

export interface OrderCancelInput {
  order: Order;
  delayedCancellation: boolean;
  /** The clock, so the PAYMENT_COMMITTED 10-minute rule is checked at the moment of the request. */
  nowUnix: () => UnixSeconds;
}

export interface OrderCancelContext extends OrderCancelInput {
  reason: string | null;
  /** The reason typed in when `reason` is 'cancel.reason.other'. */
  otherReason: string;
}

/** The reason that asks the user to type their own. */
export const OTHER_CANCEL_REASON = 'cancel.reason.other';
/** The cancel flow's toasts share one topic, so each replaces the one before it. */
export const CANCEL_TOAST_TOPIC = 'order-cancel';

export type OrderCancelEvent =
  | { type: 'cancel.requested' }
  | { type: 'reason.selected'; reason: string }
  | { type: 'reason.typed'; text: string }
  | { type: 'cancel.confirmed' }
  | { type: 'dismissed' };

export interface CancelOrderInput {
  vendorId: string;
  orderId: string;
  reason: string;
}

export const orderCancelMachine = setup({
  types: {
    context: {} as OrderCancelContext,
    events: {} as OrderCancelEvent,
    input: {} as OrderCancelInput,
  },
  actors: {
    cancelOrder: promiseNotProvided<void, CancelOrderInput>('cancelOrder'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    /** Lets the lists drop or refresh the order; provided by the app. */
    orderCancelled: (_, _params: { orderId: string }) => {},
    selectReason: assign({ reason: ({ event }) => (event.type === 'reason.selected' ? event.reason : null) }),
    typeReason: assign({ otherReason: ({ event }) => (event.type === 'reason.typed' ? event.text : '') }),
    clearReason: assign({ reason: null, otherReason: '' }),
  },
  guards: {
    orderIsCancellable: ({ context }) =>
      isCancellable(context.order, { nowUnix: context.nowUnix(), delayedCancellation: context.delayedCancellation }),
    reasonChosen: ({ context }) => context.reason !== null && (context.reason !== OTHER_CANCEL_REASON || context.otherReason.trim() !== ''),
  },
}).createMachine({
  id: 'orderCancel',
  initial: 'idle',
  context: ({ input }) => ({ ...input, reason: null, otherReason: '' }),
  states: {
    idle: {
      on: { 'cancel.requested': { guard: 'orderIsCancellable', target: 'pickingReason' } },
    },
    pickingReason: {
      on: {
        'reason.selected': { actions: 'selectReason' },
        'reason.typed': { actions: 'typeReason' },
        'cancel.confirmed': { guard: 'reasonChosen', target: 'attempting' },
        dismissed: { target: 'idle', actions: 'clearReason' },
      },
    },
    attempting: {
      entry: { type: 'toast', params: { kind: 'info', message: 'action.attempt-cancel', topic: CANCEL_TOAST_TOPIC } },
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({
          vendorId: context.order.vendor_id,
          orderId: context.order.order_id,
          reason: context.reason === OTHER_CANCEL_REASON ? context.otherReason.trim() : (context.reason ?? ''),
        }),
        onDone: {
          target: 'cancelled',
          actions: [
            { type: 'toast', params: { kind: 'success', message: 'cancel.done', topic: CANCEL_TOAST_TOPIC } },
            { type: 'orderCancelled', params: ({ context }) => ({ orderId: context.order.order_id }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'toast',
            params: { kind: 'error', message: 'error.cant-cancel-order', durationMs: LIMITS.cancelErrorToastMs, topic: CANCEL_TOAST_TOPIC },
          },
        },
      },
    },
    failed: {
      on: {
        'cancel.confirmed': { target: 'attempting' },
        dismissed: { target: 'idle', actions: 'clearReason' },
      },
    },
    cancelled: { type: 'final' },
  },
});
