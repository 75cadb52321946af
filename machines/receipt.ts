import { assign, fromPromise, setup } from 'xstate';
import type { DeliveryReceipt } from '../adapters/ports';

// The public delivery receipt (API.md GET /order/{orderId}/receipt?t=, asked for JSON): one load,
// a retry on demand. 409 'error.receipt-not-ready' before delivery, 403 for a wrong link.

export interface ReceiptInput {
  orderId: string;
  token: string;
}

export const receiptMachine = setup({
  types: {
    context: {} as ReceiptInput & { receipt: DeliveryReceipt | null; errorKey: string | null },
    events: {} as { type: 'retry' },
    input: {} as ReceiptInput,
  },
  actors: {
    loadReceipt: fromPromise<DeliveryReceipt, ReceiptInput>(async () => {
      throw new Error('loadReceipt not provided');
    }),
  },
}).createMachine({
  id: 'receipt',
  initial: 'loading',
  context: ({ input }) => ({ ...input, receipt: null, errorKey: null }),
  states: {
    loading: {
      invoke: {
        id: 'loadReceipt',
        src: 'loadReceipt',
        input: ({ context }) => ({ orderId: context.orderId, token: context.token }),
        onDone: { target: 'ready', actions: assign({ receipt: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ errorKey: ({ event }) => (event.error instanceof Error ? event.error.message : 'error.offline') }) },
      },
    },
    ready: {},
    failed: { on: { retry: { target: 'loading' } } },
  },
});
