import { assign, setup } from 'xstate';
import { promiseNotProvided } from './notProvided';
import type { FeeRequest, SignedFee } from './fee';

// SPEC.md §4 "Request flow": a drop-off is checked before the order details open: is it inside the
// delivery area, what does delivering there cost (a signed fee), and the country's order-item value
// limit. The request flow runs this machine and goes on with its output.

export type DestinationCheckOutput =
  /** `itemValueLimit` is null when the limit could not be read: the flow keeps the one it had. */
  | { outcome: 'priced'; fee: SignedFee; itemValueLimit: number | null }
  | { outcome: 'undeliverable' }
  /** The delivery area could not be checked. */
  | { outcome: 'unverified' }
  /** Deliverable, but the fee could not be computed. */
  | { outcome: 'unpriced' };

interface DestinationCheckContext {
  request: FeeRequest;
  fee: SignedFee | null;
  output: DestinationCheckOutput;
}

export const destinationCheckMachine = setup({
  types: {
    context: {} as DestinationCheckContext,
    input: {} as FeeRequest,
    output: {} as DestinationCheckOutput,
  },
  actors: {
    validateDestination: promiseNotProvided<{ deliverable: boolean }, FeeRequest>('validateDestination'),
    computeFee: promiseNotProvided<SignedFee, FeeRequest>('computeFee'),
    /** The orderItemValueExceedLimit parameter (-1 when none). */
    fetchOrderItemValueLimit: promiseNotProvided<number, { vendorId: string }>('fetchOrderItemValueLimit'),
  },
  actions: {
    settle: assign((_, output: DestinationCheckOutput) => ({ output })),
  },
  guards: {
    deliverable: (_, params: { deliverable: boolean }) => params.deliverable,
  },
}).createMachine({
  id: 'destinationCheck',
  initial: 'validating',
  context: ({ input }) => ({ request: input, fee: null, output: { outcome: 'unverified' } }),
  states: {
    validating: {
      invoke: {
        id: 'validateDestination',
        src: 'validateDestination',
        input: ({ context }) => context.request,
        onDone: [
          { guard: { type: 'deliverable', params: ({ event }) => ({ deliverable: event.output.deliverable }) }, target: 'pricing' },
          { target: 'checked', actions: { type: 'settle', params: { outcome: 'undeliverable' } } },
        ],
        onError: { target: 'checked', actions: { type: 'settle', params: { outcome: 'unverified' } } },
      },
    },
    pricing: {
      invoke: {
        id: 'computeFee',
        src: 'computeFee',
        input: ({ context }) => context.request,
        onDone: { target: 'loadingItemValueLimit', actions: assign({ fee: ({ event }) => event.output }) },
        onError: { target: 'checked', actions: { type: 'settle', params: { outcome: 'unpriced' } } },
      },
    },
    loadingItemValueLimit: {
      invoke: {
        id: 'fetchOrderItemValueLimit',
        src: 'fetchOrderItemValueLimit',
        input: ({ context }) => ({ vendorId: context.request.vendorId }),
        onDone: {
          target: 'checked',
          actions: { type: 'settle', params: ({ context, event }) => ({ outcome: 'priced', fee: context.fee!, itemValueLimit: event.output }) },
        },
        onError: {
          target: 'checked',
          actions: { type: 'settle', params: ({ context }) => ({ outcome: 'priced', fee: context.fee!, itemValueLimit: null }) },
        },
      },
    },
    checked: { type: 'final' },
  },
  output: ({ context }) => context.output,
});
