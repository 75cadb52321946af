// The published contract: every route of API.md is in /api-docs/openapi.json with its request and
// response schemas and its error answers in API.md's one shape, and /api-docs renders it offline.
// PostgreSQL pass: skipped, the subject is the published OpenAPI document
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MD_ROUTES, type ApiMdRoute } from './apiMdRoutes';
import { startServer, type TestServer } from './harness';

/**
 * Routes not yet described (request, answer and errors from domain/api): empty, and it stays so; a
 * new route comes with its schemas. The test fails when a route here becomes described, so that it
 * is taken off.
 */
const NOT_YET_DESCRIBED: Record<string, string> = {
};

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}
interface OpenApiDocument { openapi: string; paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } }

let server: TestServer;
let document: OpenApiDocument;
beforeAll(async () => {
  server = await startServer();
  const answer = await server.call('GET', `${server.baseUrl}/api-docs/openapi.json`);
  expect(answer.status).toBe(200);
  document = answer.body as OpenApiDocument;
});
afterAll(async () => { await server?.stop(); });

const keyOf = (route: ApiMdRoute) => `${route.method} ${route.path}`;
/** Parameter names differ between API.md and the routes ({id} / {vendorId}); the shape must match. */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

function operationOf(route: ApiMdRoute): Operation | undefined {
  const full = route.origin ? route.path : `${route.hurrier ? '/hurrier/api/v1' : '/orders/api/v1'}${route.path}`;
  const path = Object.keys(document.paths).find((candidate) => shapeOf(candidate) === shapeOf(full));
  return path === undefined ? undefined : document.paths[path]?.[route.method.toLowerCase()];
}

const isErrorShape = (schema: { properties?: Record<string, unknown> } | undefined) =>
  schema?.properties !== undefined && ['status', 'message', 'errors'].every((name) => name in (schema.properties ?? {}));

/** What is still missing for `route` to count as described; empty when it is. */
function missingParts(route: ApiMdRoute, operation: Operation): string[] {
  const missing: string[] = [];
  const pathParams = [...route.path.matchAll(/\{[^}]+\}/g)].length;
  if ((operation.parameters ?? []).filter((p) => p.in === 'path').length < pathParams) missing.push('path parameters');
  if (route.body && operation.requestBody?.content?.['application/json']?.schema === undefined) missing.push('request body');
  const ok = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'));
  // A redirect (the mailed verification link) has no body to describe: its 3xx answer is its description.
  const redirect = Object.keys(operation.responses ?? {}).some((status) => status.startsWith('3'));
  if (ok?.[1].content === undefined && !(ok === undefined && redirect)) missing.push('answer schema');
  const errors = Object.entries(operation.responses ?? {}).filter(([status]) => /^[45]/.test(status));
  if (errors.length === 0 || !errors.every(([, answer]) => isErrorShape(answer.content?.['application/json']?.schema))) missing.push('error answers');
  return missing;
}

describe('/api-docs', () => {
  it('is an OpenAPI 3.1 document with the error shape and the live-update frames', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(expect.arrayContaining(['ApiErrorBody', 'LiveClientMessage', 'LiveServerMessage']));
  });

  it.each(API_MD_ROUTES.map((route) => [keyOf(route), route] as const))('lists %s', (_key, route) => {
    expect(operationOf(route), `${keyOf(route)} is not in openapi.json`).toBeDefined();
  });

  it.each(API_MD_ROUTES.filter((route) => !(keyOf(route) in NOT_YET_DESCRIBED)).map((route) => [keyOf(route), route] as const))(
    'describes %s: request, answer and errors in API.md\'s shape',
    (_key, route) => {
      const operation = operationOf(route);
      expect(operation && missingParts(route, operation)).toEqual([]);
    },
  );

  it('keeps the allow-list of undescribed routes honest: each still lacks something, and is an API.md route', () => {
    const routes = new Map(API_MD_ROUTES.map((route) => [keyOf(route), route]));
    for (const key of Object.keys(NOT_YET_DESCRIBED)) {
      const route = routes.get(key);
      expect(route, `${key} is not an API.md route`).toBeDefined();
      const operation = route && operationOf(route);
      expect(operation && missingParts(route, operation), `${key} is described now: take it off NOT_YET_DESCRIBED`).not.toEqual([]);
    }
  });

  it('renders a reference page with no script and nothing from another origin', async () => {
    const page = await server.call('GET', `${server.baseUrl}/api-docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('/orders/api/v1/addressbook/{vendorId}');
    expect(page.text).toContain('href="/api-docs/openapi.json"');
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).not.toMatch(/(src|href)="(https?:)?\/\//i);
  });
});

/** Answers that are not JSON: pages, CSV, plain text, the widget script, the flag provider's file. */
const ANSWER_NOT_JSON = new Set([
  'GET /notifications/opt-out', 'POST /notifications/opt-out', // the recipient's opt-out page (HTML)
  'GET /payments-sandbox/challenge/{intentId}', 'POST /payments-sandbox/challenge/{intentId}', // the sandbox 3-D Secure page (HTML)
  'GET /healthz', 'GET /readyz', 'GET /metrics', // probes and Prometheus text
  'GET /flags.json', // the flag provider's file, in OpenFeature's own format
  'GET /help-centre-service/widget', // a script
  'GET /orders/api/v1/vendor/{vendorId}/audit.csv', 'GET /hurrier/api/v1/vendor/{vendorId}/audit.csv', // CSV
]);

describe('routes beyond API.md (docs/api.md)', () => {
  it('describe their JSON answer as a schema, so a client generated from the document knows every shape', () => {
    const undescribed = Object.entries(document.paths).flatMap(([path, operations]) => Object.entries(operations)
      .filter(([, operation]) => {
        const ok = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'));
        const redirect = Object.keys(operation.responses ?? {}).some((status) => status.startsWith('3'));
        return ok?.[1].content === undefined && !(ok === undefined && redirect);
      })
      .map(([method]) => `${method.toUpperCase()} ${path}`)
      .filter((route) => !ANSWER_NOT_JSON.has(route)));
    expect(undescribed).toEqual([]);
  });
});
