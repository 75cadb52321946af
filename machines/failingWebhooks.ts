import { assign, sendTo, setup } from 'xstate';
import type { WebhookEndpoint } from '../adapters/ports';
import { callbackNotProvided, promiseNotProvided } from './notProvided';

// The app-wide "a webhook endpoint is failing" banner: keeps the account's endpoints the server marked
// failing (a delivery ran out of its 24 h of retries) and follows them while the app is open. It loads
// them when the signed-in shell opens, and again:
// - when the Developers → Webhooks page changed an endpoint or read its log (`endpoints.changed`): a
//   fix (a test event or a resend that went through, a deleted endpoint) takes the banner away;
// - when the user comes back to the page (`page.returned`: the tab shown again, the window focused);
// - when the server says an endpoint started or stopped failing (`endpoints.changed` too: the live
//   socket's `webhook_health`, API.md "Live updates"). The watcher is told to listen (`listen`) once a
//   list has answered, so a member who may not see webhooks never subscribes to them (on the tab's shared socket);
// - every `refreshInterval` while it is shown: the fallback when the socket is down.
// A list that cannot load shows no banner at first and later keeps what was shown: the banner is a
// reminder, the Developers page is where failures are read.
// The calls and the three signal sources are provided by the app.

/** How often the banner reads the endpoints again on its own: a failure is 24 h in the making. */
export const FAILING_WEBHOOKS_REFRESH_MS = 60_000;

export interface FailingWebhooksContext {
  failing: WebhookEndpoint[];
}

export type FailingWebhooksEvent = { type: 'endpoints.changed' } | { type: 'page.returned' };

/** What the machine tells the live watcher: start listening (sent after each answered list; idempotent). */
export type HealthWatchCommand = { type: 'listen' };

export const failingWebhooksMachine = setup({
  types: {
    context: {} as FailingWebhooksContext,
    events: {} as FailingWebhooksEvent,
  },
  actors: {
    listWebhooks: promiseNotProvided<WebhookEndpoint[], void>('listWebhooks'),
    /** Sends `endpoints.changed` when the Webhooks page changed an endpoint. */
    watchEndpointChanges: callbackNotProvided<FailingWebhooksEvent, void>('watchEndpointChanges'),
    /** Sends `page.returned` when the user comes back to the page. */
    watchPageReturn: callbackNotProvided<FailingWebhooksEvent, void>('watchPageReturn'),
    /** Sends `endpoints.changed` when the server says an endpoint started or stopped failing; listens from the first `listen`. */
    watchHealthNotices: callbackNotProvided<HealthWatchCommand, void>('watchHealthNotices'),
  },
  delays: {
    refreshInterval: FAILING_WEBHOOKS_REFRESH_MS,
  },
}).createMachine({
  id: 'failingWebhooks',
  context: { failing: [] },
  initial: 'loading',
  invoke: [
    { id: 'watchEndpointChanges', src: 'watchEndpointChanges' },
    { id: 'watchPageReturn', src: 'watchPageReturn' },
    { id: 'watchHealthNotices', src: 'watchHealthNotices' },
  ],
  states: {
    loading: {
      invoke: {
        id: 'listWebhooks',
        src: 'listWebhooks',
        onDone: {
          target: 'idle',
          actions: [
            assign({ failing: ({ event }) => event.output.filter((endpoint) => endpoint.failing_since !== null) }),
            // The server answered: this member may see webhooks, so their notices are worth a subscription.
            sendTo('watchHealthNotices', { type: 'listen' } satisfies HealthWatchCommand),
          ],
        },
        onError: { target: 'idle' },
      },
      // `page.returned` is left alone here: the answer on its way is as fresh as a new one would be.
      on: {
        // The answer on its way may predate the change: ask again, the later answer wins.
        'endpoints.changed': { target: 'loading', reenter: true },
      },
    },
    idle: {
      after: { refreshInterval: 'loading' },
      on: {
        'endpoints.changed': 'loading',
        'page.returned': 'loading',
      },
    },
  },
});
