// Webhooks (Settings → Developers → Webhooks): an endpoint as listed, what registers and changes
// one, the answers that hold its secret (shown once), the delivery log, and the body of a delivery.
import { Type, type Static } from 'typebox';

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'order.created', 'order.status_changed', 'order.rider_assigned', 'order.proof_available', 'order.cancelled', 'bulk_job.finished',
] as const;
export const WebhookEventType = Type.Union([
  Type.Literal('order.created'), Type.Literal('order.status_changed'), Type.Literal('order.rider_assigned'), Type.Literal('order.proof_available'),
  Type.Literal('order.cancelled'), Type.Literal('bulk_job.finished'),
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

const EventId = Type.String({ description: 'The event id (`evt_…`), the same in every retry and resend: receivers deduplicate on it.' });
const EventTime = Type.Integer({ description: 'Unix seconds when the event happened.' });
const OrderAsAnswered = Type.Record(Type.String(), Type.Unknown(), { description: 'The order as GET /order answers it.' });

/** order.created, order.status_changed, order.rider_assigned and order.cancelled. */
export const OrderWebhookEvent = Type.Object({
  id: EventId,
  type: Type.Union([Type.Literal('order.created'), Type.Literal('order.status_changed'), Type.Literal('order.rider_assigned'), Type.Literal('order.cancelled')]),
  created_at: EventTime,
  order: OrderAsAnswered,
}, { description: 'An order was created, changed status, got a rider or was cancelled.' });
export type OrderWebhookEvent = Static<typeof OrderWebhookEvent>;

export const PROOF_KINDS = ['pickup', 'delivery', 'return'] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

/** order.proof_available: the courier's proof of pickup, delivery or return arrived. */
export const ProofAvailableWebhookEvent = Type.Object({
  id: EventId,
  type: Type.Literal('order.proof_available'),
  created_at: EventTime,
  order: OrderAsAnswered,
  proof: Type.Object({
    kind: Type.Union([Type.Literal('pickup'), Type.Literal('delivery'), Type.Literal('return')]),
    url: Type.String({ description: "The proof photo: a URL (a data: URL from the courier simulator), also in the order's `proofs`." }),
    signature_url: Type.Union([Type.String(), Type.Null()], {
      description: "The receiver's signature taken with this proof (an image URL, also in the order's `proofs.signatures`); null when the rider took none (pickups and returns).",
    }),
    received_by: Type.Union([Type.String(), Type.Null()], {
      description: "The name the receiver gave the rider with this proof (also in the order's `proofs.received_by`); null when none was recorded.",
    }),
  }),
}, { description: "A proof of pickup, delivery or return arrived from the courier." });
export type ProofAvailableWebhookEvent = Static<typeof ProofAvailableWebhookEvent>;

/** bulk_job.finished: every row of a bulk job was placed or failed. */
export const BulkJobFinishedWebhookEvent = Type.Object({
  id: EventId,
  type: Type.Literal('bulk_job.finished'),
  created_at: EventTime,
  order: Type.Null(),
  bulk_job: Type.Object({
    bulk_job_id: Type.String(),
    vendor_id: Type.String(),
    file_name: Type.String(),
    status: Type.String({ description: 'The job status of GET /bulk-job/{id}, e.g. ORDER_PLACEMENT_SUCCESS_WITH_ERROR.' }),
    orders_placed: Type.Integer(),
    orders_failed: Type.Integer(),
  }),
}, { description: 'A bulk job finished placing its orders.' });
export type BulkJobFinishedWebhookEvent = Static<typeof BulkJobFinishedWebhookEvent>;

/** webhook.test: what "Send test event" delivers. */
export const TestWebhookEvent = Type.Object({
  id: EventId,
  type: Type.Literal(WEBHOOK_TEST_EVENT),
  created_at: EventTime,
  order: Type.Null(),
}, { description: 'Sent by "Send test event", whatever the endpoint subscribed to.' });
export type TestWebhookEvent = Static<typeof TestWebhookEvent>;

/** The JSON body of every delivery, by its `type`. */
export const WebhookEventPayload = Type.Union([OrderWebhookEvent, ProofAvailableWebhookEvent, BulkJobFinishedWebhookEvent, TestWebhookEvent]);
export type WebhookEventPayload = Static<typeof WebhookEventPayload>;

/** Each event's body schema (OpenAPI's `webhooks`, server/http/openapi.ts). */
export const WEBHOOK_EVENT_SCHEMAS = {
  'order.created': OrderWebhookEvent,
  'order.status_changed': OrderWebhookEvent,
  'order.rider_assigned': OrderWebhookEvent,
  'order.proof_available': ProofAvailableWebhookEvent,
  'order.cancelled': OrderWebhookEvent,
  'bulk_job.finished': BulkJobFinishedWebhookEvent,
  [WEBHOOK_TEST_EVENT]: TestWebhookEvent,
} as const satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, unknown>;
