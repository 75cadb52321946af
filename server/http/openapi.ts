// The OpenAPI 3.1 document generated from the routes' schemas (domain/api), served at
// /api-docs/openapi.json, and a reference page at /api-docs rendered here from that document: no
// script and no CDN, so it works offline and under the app's Content-Security-Policy.
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import {
  ApiErrorBody, BulkJobFinishedWebhookEvent, LiveClientMessage, LiveServerMessage, OrderWebhookEvent, ProofAvailableWebhookEvent, TestWebhookEvent,
  WEBHOOK_EVENT_SCHEMAS,
} from '../../domain/api';
import { renderApiReference } from './apiReference';

/** What each failure status means (API.md "Conventions"). */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'Malformed JSON or wrong types',
  401: 'Missing, invalid or expired credentials',
  403: 'A vendor or order the caller may not touch (also unknown ids)',
  404: 'Unknown route or resource',
  409: 'State conflict, or an Idempotency-Key reused with another body',
  413: 'Body or file too large',
  415: 'Not the content type the route takes (a multipart upload)',
  422: 'A business rule',
  429: 'Rate limited; Retry-After gives the seconds',
  503: 'A service the route depends on failed (the geocoder); try again later',
};

/** Response schemas of the given failure statuses, each in API.md's one error shape. */
export function errorAnswers(...statuses: (keyof typeof ERROR_MEANINGS)[]): Record<number, unknown> {
  return Object.fromEntries(statuses.map((status) => [status, { ...ApiErrorBody, description: ERROR_MEANINGS[status] }]));
}

export const API_DOCS_PATH = '/api-docs';

/** OpenAPI 3.1 `webhooks`: each event an endpoint may receive, as the POST we send it (docs/webhooks.md). */
function webhookOperations(): Record<string, OpenAPIV3_1.PathItemObject> {
  const operations = Object.fromEntries(Object.entries(WEBHOOK_EVENT_SCHEMAS).map(([type, schema]) => [type, {
    post: {
      summary: type,
      description: `Sent to a registered endpoint for \`${type}\`. Signed: \`Webhook-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}" under the endpoint's secret}\` `
        + '(two v1 values while a secret rotates); reject a t more than 300 s from your clock. `Webhook-Id` is the event id. '
        + 'Answer 2xx within 5 s; anything else is retried with backoff for 24 h.',
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: { '2XX': { description: 'Received' } },
    },
  }]));
  // TypeBox schemas are plain JSON Schema; openapi-types' schema unions do not take them as they are.
  return operations as unknown as Record<string, OpenAPIV3_1.PathItemObject>;
}

/** Registers the document generator; call before any route so that every route is collected. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Courier request portal API',
        version: '1',
        description: 'The HTTP contract of API.md. Every service route is served under both `/orders/api/v1` and `/hurrier/api/v1`. '
          + 'Every failure has one shape (ApiErrorBody). Authorization: `Bearer {AccessToken}|{IdToken}`, `Bearer {guest token}` or `GoDroid {token}`.',
      },
      components: {
        // The socket of API.md "Live updates" (GET /ws) is no HTTP answer: its frames are listed here.
        // So are the webhook bodies (also under `webhooks`, one per event type).
        schemas: {
          ApiErrorBody, LiveClientMessage, LiveServerMessage, OrderWebhookEvent, ProofAvailableWebhookEvent, BulkJobFinishedWebhookEvent, TestWebhookEvent,
        } as Record<string, OpenAPIV3_1.SchemaObject>,
        securitySchemes: {
          session: { type: 'http', scheme: 'bearer', description: '`Bearer {AccessToken}|{IdToken}` (a vendor user) or `Bearer {token}` (a guest session)' },
        },
      },
      webhooks: webhookOperations(),
    },
    // The web app, the docs themselves and the operations routes (not for browsers) stay out.
    hideUntagged: false,
  });
}

/** GET /api-docs/openapi.json and the reference page GET /api-docs. */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get(`${API_DOCS_PATH}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  app.get(API_DOCS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderApiReference(app.swagger() as OpenAPIV3_1.Document)));
}
