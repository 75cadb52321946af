import { assign, setup } from 'xstate';
import { LIMITS } from '../domain';
import { promiseNotProvided } from './notProvided';
import type { FeeRequest, SignedFee } from './fee';
import type { ToastParams } from './toasts';

// SPEC.md §4 "Signature handling": after 'SignatureExpired', wait 1 s and recompute the fee. The same
// amount is retried at once; a changed amount during a submit asks the user to confirm the new fee.

export interface SignatureRetryInput {
  feeRequest: FeeRequest;
  previousFee: SignedFee;
  /** True when the expiry came back from the order submit (then a new amount needs a confirmation). */
  duringSubmit: boolean;
}

export type SignatureRetryOutcome = 'retry' | 'updated' | 'abandoned' | 'failed';

export interface SignatureRetryOutput {
  outcome: SignatureRetryOutcome;
  /** The freshly signed fee, when one was computed. */
  fee: SignedFee | null;
}

export interface SignatureRetryContext extends SignatureRetryInput {
  newFee: SignedFee | null;
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
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    settle: assign((_, params: { outcome: SignatureRetryOutcome }) => ({ outcome: params.outcome })),
  },
  guards: {
    feeUnchanged: ({ context }) => context.newFee !== null && context.newFee.amount === context.previousFee.amount,
    duringSubmit: ({ context }) => context.duringSubmit,
  },
  delays: {
    signatureRetryDelay: LIMITS.signatureRetryDelayMs,
  },
}).createMachine({
  id: 'signatureRetry',
  initial: 'waiting',
  context: ({ input }) => ({ ...input, newFee: null, outcome: 'failed' }),
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
        { guard: 'feeUnchanged', target: 'settled', actions: { type: 'settle', params: { outcome: 'retry' } } },
        { guard: 'duringSubmit', target: 'confirmingNewFee' },
        { target: 'settled', actions: { type: 'settle', params: { outcome: 'updated' } } },
      ],
    },
    /** The user sees 'error.fee.changed' with the new fee and confirms or not. */
    confirmingNewFee: {
      on: {
        'fee.accepted': { target: 'settled', actions: { type: 'settle', params: { outcome: 'retry' } } },
        'fee.rejected': { target: 'settled', actions: { type: 'settle', params: { outcome: 'abandoned' } } },
      },
    },
    settled: { type: 'final' },
  },
  output: ({ context }) => ({ outcome: context.outcome, fee: context.newFee }),
});
