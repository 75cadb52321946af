import { assign, setup } from 'xstate';
import type { WebhookEndpoint } from '../adapters/ports';
import { promiseNotProvided } from './notProvided';

// The app-wide "a webhook endpoint is failing" banner: loads the account's endpoints when the
// signed-in shell opens (and again on `refresh.requested`) and keeps those the server marked failing
// (a delivery ran out of its 24 h of retries). A list that cannot load shows no banner: it is a
// reminder, the Developers page is where failures are read. The call is provided by the app.

export interface FailingWebhooksContext {
  failing: WebhookEndpoint[];
}

export type FailingWebhooksEvent = { type: 'refresh.requested' };

export const failingWebhooksMachine = setup({
  types: {
    context: {} as FailingWebhooksContext,
    events: {} as FailingWebhooksEvent,
  },
  actors: {
    listWebhooks: promiseNotProvided<WebhookEndpoint[], void>('listWebhooks'),
  },
}).createMachine({
  id: 'failingWebhooks',
  context: { failing: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'listWebhooks',
        onDone: { target: 'idle', actions: assign({ failing: ({ event }) => event.output.filter((endpoint) => endpoint.failing_since !== null) }) },
        onError: { target: 'idle' },
      },
    },
    idle: {
      on: { 'refresh.requested': { target: 'loading' } },
    },
  },
});
