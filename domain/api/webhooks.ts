// Webhooks (Settings → Developers → Webhooks): an endpoint as listed, what registers and changes
// one, the answers that hold its secret (shown once), the delivery log, and the body of a delivery.
import { Type, type Static } from 'typebox';

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = ['order.created', 'order.status_changed', 'order.rider_assigned', 'order.cancelled'] as const;
export const WebhookEventType = Type.Union([
  Type.Literal('order.created'), Type.Literal('order.status_changed'), Type.Literal('order.rider_assigned'), Type.Literal('order.cancelled'),
]);
export type WebhookEventType = Static<typeof WebhookEventType>;
/** What a "Send test event" delivers (every endpoint receives it, whatever it subscribed to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WebhookEndpoint = Type.Object({
  endpoint_id: Type.String(),
  vendor_id: Type.String({ description: 'The vendor whose orders it hears; a parent hears its outlets too.' }),
  url: Type.String(),
  events: Type.Array(WebhookEventType),
  created_by: Type.String({ description: "The creator's e-mail address." }),
  created_at: Type.Integer({ description: 'Unix seconds.' }),
  /** Unix seconds until which the previous secret still signs (two v1 values), or null. */
  previous_secret_expires_at: Type.Union([Type.Integer(), Type.Null()]),
  failing_since: Type.Union([Type.Integer({ description: 'Unix seconds since a delivery ran out of retries.' }), Type.Null()]),
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

const EventList = Type.Array(WebhookEventType, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true });

/** POST /webhooks body. */
export const WebhookEndpointBody = Type.Object({
  vendor_id: Type.String({ minLength: 1, maxLength: 200 }),
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  events: EventList,
}, { additionalProperties: false });
export type WebhookEndpointBody = Static<typeof WebhookEndpointBody>;

/** PUT /webhooks/{endpointId} body: the events (and, optionally, a new URL). */
export const UpdateWebhookEndpointBody = Type.Object({
  events: EventList,
  url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
}, { additionalProperties: false });
export type UpdateWebhookEndpointBody = Static<typeof UpdateWebhookEndpointBody>;

/** POST /webhooks and POST /webhooks/{id}/secret answers: the only ones that hold the secret. */
export const WebhookEndpointWithSecret = Type.Object({ secret: Type.String({ description: '`whsec_…`, shown once.' }), endpoint: WebhookEndpoint });
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecret>;

export const WebhookDeliveryState = Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]);
export type WebhookDeliveryState = Static<typeof WebhookDeliveryState>;

export const WebhookAttempt = Type.Object({
  attempt: Type.Integer(),
  at: Type.Integer({ description: 'Unix milliseconds.' }),
  status_code: Type.Union([Type.Integer(), Type.Null()], { description: 'Null when no answer came (timeout, refused).' }),
  latency_ms: Type.Integer(),
  excerpt: Type.String({ description: 'The first bytes of the answer.' }),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookAttempt = Static<typeof WebhookAttempt>;

export const WebhookDelivery = Type.Object({
  delivery_id: Type.String(),
  event_id: Type.String(),
  event_type: Type.String(),
  order_id: Type.Union([Type.String(), Type.Null()]),
  state: WebhookDeliveryState,
  created_at: Type.Integer({ description: 'Unix milliseconds.' }),
  next_attempt_at: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix milliseconds; null once finished.' }),
  attempts: Type.Array(WebhookAttempt),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

/** GET /webhooks/{id}/deliveries filters. */
export const WebhookDeliveryQuery = Type.Object({
  event: Type.Optional(Type.String({ maxLength: 64 })),
  result: Type.Optional(WebhookDeliveryState),
}, { additionalProperties: false });
export type WebhookDeliveryQuery = Static<typeof WebhookDeliveryQuery>;

/** The JSON body of every delivery. */
export const WebhookEventPayload = Type.Object({
  id: Type.String({ description: 'The event id (`evt_…`), the same in every retry and resend: receivers deduplicate on it.' }),
  type: Type.String(),
  created_at: Type.Integer({ description: 'Unix seconds when the event happened.' }),
  order: Type.Union([Type.Record(Type.String(), Type.Unknown(), { description: 'The order as GET /order answers it.' }), Type.Null()]),
});
export type WebhookEventPayload = Static<typeof WebhookEventPayload>;
