import { assign, setup } from 'xstate';
import { LIMITS } from '../domain';
import { promiseNotProvided } from './notProvided';
import type { AppliedVoucher, DiscountFeeInput, FeeRequest, SignedFee } from './fee';
import type { ToastParams } from './toasts';

// SPEC.md §4 "Signature handling": after 'SignatureExpired', wait 1 s and recompute the fee. The same
// amount is retried at once; a changed amount during a submit asks the user to confirm the new fee.
// Every request that sends a signed fee uses this machine (the order submit, the payment intent, the
// voucher check). A voucher's discounted fee is signed for the fee it discounts, so when a voucher is
// applied its discount is signed again for the renewed fee before anything is retried.

export interface SignatureRetryInput {
  feeRequest: FeeRequest;
  previousFee: SignedFee;
  /** True when the expiry came back from the order submit (then a new amount needs a confirmation). */
  duringSubmit: boolean;
  /** The voucher applied to the fee, whose discount must be renewed with it; null when none. */
  voucher: AppliedVoucher | null;
}

export type SignatureRetryOutcome = 'retry' | 'updated' | 'abandoned' | 'failed';

export interface SignatureRetryOutput {
  outcome: SignatureRetryOutcome;
  /** The freshly signed fee, when one was computed. */
  fee: SignedFee | null;
  /** The voucher's discount signed for that fee, when a voucher is applied and it was renewed. */
  discountedFee: SignedFee | null;
}

export interface SignatureRetryContext extends SignatureRetryInput {
  newFee: SignedFee | null;
  newDiscountedFee: SignedFee | null;
  outcome: SignatureRetryOutcome;
}

export type SignatureRetryEvent = { type: 'fee.accepted' } | { type: 'fee.rejected' };

export const signatureRetryMachine = setup({
  types: {
    context: {} as SignatureRetryContext,
    events: {} as SignatureRetryEvent,
    input: {} as SignatureRetryInput,
    output: {} as SignatureRetryOutput,
  },
  actors: {
    computeFee: promiseNotProvided<SignedFee, FeeRequest>('computeFee'),
    /** POST /voucher/validate on the renewed fee: the discounted fee with its signature. */
    discountFee: promiseNotProvided<SignedFee, DiscountFeeInput>('discountFee'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    settle: assign((_, params: { outcome: SignatureRetryOutcome }) => ({ outcome: params.outcome })),
  },
  guards: {
    feeUnchanged: ({ context }) => context.newFee !== null && context.newFee.fee === context.previousFee.fee,
    duringSubmit: ({ context }) => context.duringSubmit,
    hasVoucher: ({ context }) => context.voucher !== null,
  },
  delays: {
    signatureRetryDelay: LIMITS.signatureRetryDelayMs,
  },
}).createMachine({
  id: 'signatureRetry',
  initial: 'waiting',
  context: ({ input }) => ({ ...input, newFee: null, newDiscountedFee: null, outcome: 'failed' }),
  states: {
    waiting: {
      after: { signatureRetryDelay: { target: 'recomputing' } },
    },
    recomputing: {
      invoke: {
        id: 'computeFee',
        src: 'computeFee',
        input: ({ context }) => context.feeRequest,
        onDone: { target: 'comparing', actions: assign({ newFee: ({ event }) => event.output }) },
        onError: {
          target: 'settled',
          actions: [
            { type: 'settle', params: { outcome: 'failed' } },
            { type: 'toast', params: { kind: 'error', message: 'error.fee.recompute' } },
          ],
        },
      },
    },
    comparing: {
      always: [
        { guard: 'feeUnchanged', target: 'checkingVoucher', actions: { type: 'settle', params: { outcome: 'retry' } } },
        { guard: 'duringSubmit', target: 'confirmingNewFee' },
        { target: 'checkingVoucher', actions: { type: 'settle', params: { outcome: 'updated' } } },
      ],
    },
    /** The user sees 'error.fee.changed' with the new fee and confirms or not. */
    confirmingNewFee: {
      on: {
        'fee.accepted': { target: 'checkingVoucher', actions: { type: 'settle', params: { outcome: 'retry' } } },
        'fee.rejected': { target: 'settled', actions: { type: 'settle', params: { outcome: 'abandoned' } } },
      },
    },
    checkingVoucher: {
      always: [{ guard: 'hasVoucher', target: 'discounting' }, { target: 'settled' }],
    },
    discounting: {
      invoke: {
        id: 'discountFee',
        src: 'discountFee',
        input: ({ context }) => ({ ...context.voucher!, vendorId: context.feeRequest.vendorId, fee: context.newFee! }),
        onDone: { target: 'settled', actions: assign({ newDiscountedFee: ({ event }) => event.output }) },
        onError: {
          target: 'settled',
          actions: [
            { type: 'settle', params: { outcome: 'failed' } },
            { type: 'toast', params: { kind: 'error', message: 'voucher.error.validation.message' } },
          ],
        },
      },
    },
    settled: { type: 'final' },
  },
  output: ({ context }) => ({ outcome: context.outcome, fee: context.newFee, discountedFee: context.newDiscountedFee }),
});
