import { assign, setup } from 'xstate';
import type { WebhookDelivery, WebhookDeliveryQuery, WebhookEndpoint, WebhookEndpointBody, WebhookEndpointWithSecret } from '../adapters/ports';
import { promiseNotProvided } from './notProvided';
import { errorMessageOf } from './submit';
import type { ToastParams } from './toasts';
import { listMachineParts } from './vendorList';

// Settings → Developers → Webhooks: the account's webhook endpoints and their delivery log. Loads
// the endpoints; registers one from a vendor, a URL and events (its secret is shown once: revealed
// until dismissed, never loaded again); rotates a secret (revealed the same way); deletes one;
// opens an endpoint's log (filtered by event and result), resends a delivery and sends a test
// event, each followed by a fresh log. A refused call is an error toast with the server's
// translation key; a URL or events left out are shown by the form. Every log read (which follows each
// resend and test event) reads the endpoints again, since a delivery that went through clears its
// endpoint's failure; it and a deleted endpoint are announced (`endpointsChanged`), so the app-wide
// failing-endpoint banner reads them again too.
// The calls, the toast and the announcement are provided by the app.

export interface WebhooksContext {
  endpoints: WebhookEndpoint[];
  /** A secret just made (create or rotate): shown once, forgotten on dismiss. */
  revealed: WebhookEndpointWithSecret | null;
  /** What the form is missing: a translation key. */
  actionError: string | null;
  loadError: string | null;
  /** The endpoint whose log is open. */
  selected: string | null;
  deliveries: WebhookDelivery[];
  filter: WebhookDeliveryQuery;
  /** The endpoint being deleted or rotated, the delivery being resent. */
  target: string | null;
}

export type WebhooksEvent =
  | { type: 'create.submitted'; endpoint: WebhookEndpointBody }
  | { type: 'delete.requested'; endpointId: string }
  | { type: 'rotate.requested'; endpointId: string }
  | { type: 'secret.dismissed' }
  | { type: 'log.opened'; endpointId: string }
  | { type: 'log.filtered'; filter: WebhookDeliveryQuery }
  | { type: 'log.refreshed' }
  | { type: 'resend.requested'; deliveryId: string }
  | { type: 'test.requested' }
  | { type: 'retry.requested' };

export const WEBHOOK_FORM_ERRORS = {
  urlRequired: 'developers.webhooks.error.url-required',
  eventsRequired: 'developers.webhooks.error.events-required',
} as const;

/** Every refused webhook call shares one topic, so a second failure replaces the first. */
export const WEBHOOKS_TOAST_TOPIC = 'webhooks';

export const webhookErrorToast = (error: unknown): ToastParams => ({ kind: 'error', message: errorMessageOf(error, 'error.offline'), topic: WEBHOOKS_TOAST_TOPIC });

const list = listMachineParts<WebhooksContext, WebhooksEvent>();

export const webhooksMachine = setup({
  types: {
    context: {} as WebhooksContext,
    events: {} as WebhooksEvent,
  },
  actors: {
    listWebhooks: promiseNotProvided<WebhookEndpoint[], void>('listWebhooks'),
    createWebhook: promiseNotProvided<WebhookEndpointWithSecret, WebhookEndpointBody>('createWebhook'),
    deleteWebhook: promiseNotProvided<true, { endpointId: string }>('deleteWebhook'),
    rotateWebhookSecret: promiseNotProvided<WebhookEndpointWithSecret, { endpointId: string }>('rotateWebhookSecret'),
    listDeliveries: promiseNotProvided<WebhookDelivery[], { endpointId: string; filter: WebhookDeliveryQuery }>('listDeliveries'),
    resendDelivery: promiseNotProvided<true, { endpointId: string; deliveryId: string }>('resendDelivery'),
    sendTestEvent: promiseNotProvided<unknown, { endpointId: string }>('sendTestEvent'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    endpointsChanged: () => {},
    clearTarget: assign({ target: null }),
  },
  guards: {
    urlMissing: ({ event }) => event.type === 'create.submitted' && event.endpoint.url.trim() === '',
    eventsMissing: ({ event }) => event.type === 'create.submitted' && event.endpoint.events.length === 0,
    logOpen: ({ context }) => context.selected !== null,
  },
}).createMachine({
  id: 'webhooks',
  initial: 'loading',
  context: { endpoints: [], revealed: null, actionError: null, loadError: null, selected: null, deliveries: [], filter: {}, target: null },
  states: {
    ...list.loadingStates({ actor: 'listWebhooks', loaded: (endpoints: WebhookEndpoint[]) => ({ endpoints }) }),
    ready: {
      on: {
        'create.submitted': [
          { guard: 'urlMissing', actions: assign({ actionError: WEBHOOK_FORM_ERRORS.urlRequired }) },
          { guard: 'eventsMissing', actions: assign({ actionError: WEBHOOK_FORM_ERRORS.eventsRequired }) },
          { target: 'creating', actions: assign({ actionError: null, revealed: null }) },
        ],
        'delete.requested': { target: 'deleting', actions: assign({ actionError: null, revealed: null, target: ({ event }) => event.endpointId }) },
        'rotate.requested': { target: 'rotating', actions: assign({ actionError: null, revealed: null, target: ({ event }) => event.endpointId }) },
        'secret.dismissed': { actions: assign({ revealed: null }) },
        'log.opened': { target: 'loadingLog', actions: assign({ selected: ({ event }) => event.endpointId, deliveries: [], filter: {} }) },
        'log.filtered': { guard: 'logOpen', target: 'loadingLog', actions: assign({ filter: ({ event }) => event.filter }) },
        'log.refreshed': { guard: 'logOpen', target: 'loadingLog' },
        'resend.requested': { guard: 'logOpen', target: 'resending', actions: assign({ target: ({ event }) => event.deliveryId }) },
        'test.requested': { guard: 'logOpen', target: 'testing' },
      },
    },
    creating: {
      invoke: {
        id: 'createWebhook',
        src: 'createWebhook',
        input: ({ event }) => {
          const endpoint = (event as Extract<WebhooksEvent, { type: 'create.submitted' }>).endpoint;
          return { ...endpoint, url: endpoint.url.trim() };
        },
        onDone: {
          target: 'ready',
          actions: assign({ revealed: ({ event }) => event.output, endpoints: ({ context, event }) => [event.output.endpoint, ...context.endpoints] }),
        },
        // Never retried: a lost answer may mean an endpoint was made whose secret nobody has seen (rotate it).
        onError: { target: 'ready', actions: ['clearTarget', { type: 'toast', params: ({ event }) => webhookErrorToast(event.error) }] },
      },
    },
    rotating: {
      invoke: {
        id: 'rotateWebhookSecret',
        src: 'rotateWebhookSecret',
        input: ({ context }) => ({ endpointId: context.target ?? '' }),
        onDone: {
          target: 'ready',
          actions: assign({
            revealed: ({ event }) => event.output,
            endpoints: ({ context, event }) => context.endpoints.map((e) => (e.endpoint_id === event.output.endpoint.endpoint_id ? event.output.endpoint : e)),
            target: null,
          }),
        },
        onError: { target: 'ready', actions: ['clearTarget', { type: 'toast', params: ({ event }) => webhookErrorToast(event.error) }] },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteWebhook',
        src: 'deleteWebhook',
        input: ({ context }) => ({ endpointId: context.target ?? '' }),
        onDone: {
          target: 'ready',
          actions: [assign({
            endpoints: ({ context }) => context.endpoints.filter((e) => e.endpoint_id !== context.target),
            selected: ({ context }) => (context.selected === context.target ? null : context.selected),
            deliveries: ({ context }) => (context.selected === context.target ? [] : context.deliveries),
            target: null,
          }), 'endpointsChanged'],
        },
        onError: { target: 'ready', actions: ['clearTarget', { type: 'toast', params: ({ event }) => webhookErrorToast(event.error) }] },
      },
    },
    loadingLog: {
      invoke: {
        id: 'listDeliveries',
        src: 'listDeliveries',
        input: ({ context }) => ({ endpointId: context.selected ?? '', filter: context.filter }),
        onDone: { target: 'refreshingEndpoints', actions: [assign({ deliveries: ({ event }) => event.output }), 'endpointsChanged'] },
        onError: { target: 'ready', actions: ['clearTarget', { type: 'toast', params: ({ event }) => webhookErrorToast(event.error) }] },
      },
    },
    // The log may show a delivery that went through, which clears its endpoint's failure on the server:
    // the list is read again so the endpoint's notice follows. Its failure keeps the list as it was.
    refreshingEndpoints: {
      invoke: {
        id: 'listWebhooks',
        src: 'listWebhooks',
        onDone: { target: 'ready', actions: assign({ endpoints: ({ event }) => event.output }) },
        onError: { target: 'ready' },
      },
    },
    resending: {
      invoke: {
        id: 'resendDelivery',
        src: 'resendDelivery',
        input: ({ context }) => ({ endpointId: context.selected ?? '', deliveryId: context.target ?? '' }),
        onDone: { target: 'loadingLog', actions: assign({ target: null }) },
        onError: { target: 'ready', actions: ['clearTarget', { type: 'toast', params: ({ event }) => webhookErrorToast(event.error) }] },
      },
    },
    testing: {
      invoke: {
        id: 'sendTestEvent',
        src: 'sendTestEvent',
        input: ({ context }) => ({ endpointId: context.selected ?? '' }),
        onDone: { target: 'loadingLog' },
        onError: { target: 'ready', actions: ['clearTarget', { type: 'toast', params: ({ event }) => webhookErrorToast(event.error) }] },
      },
    },
  },
});
