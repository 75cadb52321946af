import { assign, setup } from 'xstate';
import type { Order } from '../domain';
import type { OrderTemplate } from '../domain/api';
import { promiseNotProvided } from './notProvided';
import { prefillOfOrder, prefillOfTemplate, type DraftPrefill } from './requestDraftPrefill';

// What a new request starts from (issue #27): "Order again" copies a past order (query `again`), a
// saved template its own fields (query `template`). The request flow (requestRider.ts) runs this
// child before its draft opens; the prefill is checked and priced there like a drop-off picked by
// hand, so nothing is placed and no old fee is kept.

export type PrefillSource = { kind: 'order'; orderId: string } | { kind: 'template'; templateId: string };

export interface RequestPrefillInput {
  vendorId: string;
  source: PrefillSource;
}

/** Filled, or the message of the toast saying why the request starts empty. */
export type RequestPrefillOutput = { outcome: 'filled'; prefill: DraftPrefill } | { outcome: 'failed'; message: string };

export const PREFILL_TEXTS = {
  repeatFailed: 'Could not load that order to order it again',
  templateFailed: 'Could not load that template',
} as const;

interface RequestPrefillContext extends RequestPrefillInput {
  output: RequestPrefillOutput;
}

export const requestPrefillMachine = setup({
  types: {
    context: {} as RequestPrefillContext,
    input: {} as RequestPrefillInput,
    output: {} as RequestPrefillOutput,
  },
  actors: {
    /** "Order again": the past order to copy. */
    loadOrderToRepeat: promiseNotProvided<Order, { vendorId: string; orderId: string }>('loadOrderToRepeat'),
    /** The outlet's saved template (missing, or another vendor's, is an error). */
    loadTemplate: promiseNotProvided<OrderTemplate, { vendorId: string; templateId: string }>('loadTemplate'),
  },
  actions: {
    fail: assign((_, params: { message: string }) => ({ output: { outcome: 'failed' as const, message: params.message } })),
  },
  guards: {
    repeatsAnOrder: ({ context }) => context.source.kind === 'order',
  },
}).createMachine({
  id: 'requestPrefill',
  initial: 'choosing',
  context: ({ input }) => ({ ...input, output: { outcome: 'failed', message: PREFILL_TEXTS.repeatFailed } }),
  output: ({ context }) => context.output,
  states: {
    choosing: {
      always: [{ guard: 'repeatsAnOrder', target: 'loadingOrder' }, { target: 'loadingTemplate' }],
    },
    loadingOrder: {
      invoke: {
        id: 'loadOrderToRepeat',
        src: 'loadOrderToRepeat',
        input: ({ context }) => ({ vendorId: context.vendorId, orderId: context.source.kind === 'order' ? context.source.orderId : '' }),
        onDone: { target: 'done', actions: assign({ output: ({ event }) => ({ outcome: 'filled' as const, prefill: prefillOfOrder(event.output) }) }) },
        onError: { target: 'done', actions: { type: 'fail', params: { message: PREFILL_TEXTS.repeatFailed } } },
      },
    },
    loadingTemplate: {
      invoke: {
        id: 'loadTemplate',
        src: 'loadTemplate',
        input: ({ context }) => ({ vendorId: context.vendorId, templateId: context.source.kind === 'template' ? context.source.templateId : '' }),
        onDone: { target: 'done', actions: assign({ output: ({ event }) => ({ outcome: 'filled' as const, prefill: prefillOfTemplate(event.output) }) }) },
        onError: { target: 'done', actions: { type: 'fail', params: { message: PREFILL_TEXTS.templateFailed } } },
      },
    },
    done: { type: 'final' },
  },
});
