import { assign, setup } from 'xstate';
import type { SentNotification } from '../adapters/ports';
import { promiseNotProvided } from './notProvided';
import { errorMessageOf } from './submit';

// The order drawer's recipient message log ("SMS sent 12:31"): loads the messages sent to the
// order's recipient when the drawer opens, and again whenever the order moves (a status change is
// what sends a message). A failed load says so and can be retried; the rest of the drawer does not
// wait for it. The call is provided by the app.

export interface RecipientMessagesContext {
  vendorId: string;
  orderId: string;
  messages: SentNotification[];
  /** Why the log could not load: a translation key. */
  loadError: string | null;
}

export type RecipientMessagesEvent = { type: 'order.changed' } | { type: 'retry.requested' };

export const recipientMessagesMachine = setup({
  types: {
    context: {} as RecipientMessagesContext,
    events: {} as RecipientMessagesEvent,
    input: {} as { vendorId: string; orderId: string },
  },
  actors: {
    listMessages: promiseNotProvided<SentNotification[], { vendorId: string; orderId: string }>('listMessages'),
  },
}).createMachine({
  id: 'recipientMessages',
  initial: 'loading',
  context: ({ input }) => ({ vendorId: input.vendorId, orderId: input.orderId, messages: [], loadError: null }),
  states: {
    loading: {
      // A move while loading asks again, so the answer is never older than the move.
      on: { 'order.changed': { target: 'loading', reenter: true } },
      invoke: {
        id: 'listMessages',
        src: 'listMessages',
        input: ({ context }) => ({ vendorId: context.vendorId, orderId: context.orderId }),
        onDone: { target: 'shown', actions: assign({ messages: ({ event }) => [...event.output].sort((a, b) => a.at - b.at), loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error, 'error.offline') }) },
      },
    },
    shown: {
      on: { 'order.changed': { target: 'loading' } },
    },
    failed: {
      on: { 'retry.requested': { target: 'loading' }, 'order.changed': { target: 'loading' } },
    },
  },
});
