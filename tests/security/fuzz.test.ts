// Bad input (issue 12): a fuzzed corpus (fast-check) over every JSON route of the route table and
// the query strings of every GET route: wrong types, missing and extra fields, huge strings, deep
// nesting, invalid UTF-8, SQL and HTML payloads. 0 5xx, 0 stack traces / SQL / paths, every 4xx in
// API.md's error shape.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../server/http/appContext';
import { startServer, type TestServer } from '../server/harness';
import { orderPayload, quoteFee, SA_OLAYA } from '../server/orders-fixtures';
import { demoCallers, figure, inject, isApiErrorBody, leaks, type Callers } from './support';

let server: TestServer;
let callers: Callers;
let validOrder: Record<string, unknown>;
beforeAll(async () => {
  // Volume is the point here: the per-caller budget is off (tests/security/rateLimits.test.ts covers it).
  server = await startServer({ COURIER_SIM_SPEED: '0', FEE_SIGNATURE_TTL_S: '3600' }, { tenantQuota: false });
  callers = await demoCallers(server);
  validOrder = orderPayload(SA_OLAYA, await quoteFee(server, callers.vendor, SA_OLAYA)) as unknown as Record<string, unknown>;
});
afterAll(async () => { await server?.stop(); });

const NASTY_STRINGS = [
  "' OR '1'='1", "'; DROP TABLE orders; --", '" OR 1=1 --', 'sa-1001\' UNION SELECT * FROM accounts --', '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>', '{{7*7}}', '${jndi:ldap://x}', '../../../../etc/passwd', '%00', '\u0000', '\uFFFF', '\uD800', '🚚'.repeat(50),
  'A'.repeat(100_000), '__proto__', 'constructor', '=CMD|\' /C calc\'!A0', '+966', ' ', '',
];

const nasty = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1),
  fc.array(fc.oneof(nasty, fc.integer()), { maxLength: 4 }), fc.dictionary(fc.oneof(nasty, fc.constantFrom('__proto__', 'constructor')), fc.oneof(nasty, fc.integer()), { maxKeys: 4 }),
);

/** Valid bodies to mutate one field at a time, so the fuzz reaches the handlers, not only the schema. */
function validBodies(): Record<string, Record<string, unknown>> {
  const point = { latitude: 24.7136, longitude: 46.6753 };
  const now = Math.floor(Date.now() / 1000);
  return {
    'POST /order': validOrder,
    'POST /delivery/fee': { source: point, destination: { latitude: 24.6636, longitude: 46.7369 }, vendor_id: SA_OLAYA, delivery_type: 'food' },
    'POST /delivery/area/validate': { location: { lat: 24.66, lng: 46.73 }, vendor_location: point, vendor_id: SA_OLAYA },
    'POST /estimations': { location: { lat: 24.66, lng: 46.73 }, vendor_location: point, vendor_id: SA_OLAYA },
    'POST /voucher/validate': { code: 'WELCOME10', order: { order_time: now, delivery_fee: validOrder.delivery_fee, signature: validOrder.signature }, vendor_id: SA_OLAYA },
    'PUT /order/cancel': { vendor_id: SA_OLAYA, order_id: `${SA_OLAYA}-00`, reason: 'CHANGE_OF_PLANS' },
    'POST /orders/export': { vendor_id: SA_OLAYA, from: now - 86_400, to: now, format: 'csv', delivery: 'download' },
    'POST /addressbook/:vendorId': { name: 'Sara', phone_number: '+966501234567', latitude: 24.66, longitude: 46.73, address: '12, Riyadh', notes: '' },
    'POST /guest/session': { name: 'Guest', email: 'g@example.com', phone_number: '+966500000000', country_code: 'SA' },
    'POST /login': { email_address: 'nobody@example.com', password: 'Wrong!pass1' },
    'POST /password/forgot': { email_address: 'nobody@example.com' },
    'PUT /vendor/:id/address': { address_text: 'Olaya Street, Riyadh', building: '', unit: '', city: 'Riyadh', country_code: 'SA', latitude: 24.7, longitude: 46.68, postal_code: '12211', street: 'Olaya', street_number: '1', rider_instructions: '' },
  };
}

/** A body built from the route's own field names: each present or not, each value anything. */
function bodyFor(route: RegisteredRoute): fc.Arbitrary<unknown> {
  const base = validBodies()[`${route.method} ${route.url.replace('/orders/api/v1', '')}`] ?? {};
  const fields = route.body.length > 0 ? route.body : ['x'];
  const mutated = fc.record(Object.fromEntries(fields.map((field) => [field, anyJson])), { requiredKeys: [] })
    .map((overrides) => ({ ...base, ...overrides }));
  const withExtra = fc.tuple(mutated, fc.string({ maxLength: 10 }), anyJson).map(([body, key, value]) => ({ ...body, [`extra_${key}`]: value }));
  // One field wrong (or missing) and the rest valid: gets past the schema into the handler's rules.
  const oneField = fc.tuple(fc.constantFrom(...fields), fc.option(anyJson, { nil: undefined })).map(([field, value]) => {
    const body: Record<string, unknown> = { ...base };
    if (value === undefined) delete body[field];
    else body[field] = value;
    return body;
  });
  return fc.oneof({ arbitrary: oneField, weight: 3 }, { arbitrary: mutated, weight: 1 }, { arbitrary: withExtra, weight: 1 }, { arbitrary: anyJson, weight: 1 });
}

/** Percent-encodes bytes, so lone surrogates and binary go through as the bytes a client would send. */
const percent = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** Raw payloads that are not valid JSON or not valid UTF-8. */
const RAW_BODIES: (string | Buffer)[] = [
  '{', '{"a":', 'null', '[]', '"str"', '{"vendor_id": "sa-1001",}', '{"a":1}{"b":2}', 'undefined', 'NaN', '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"admin": true}}}', '['.repeat(100_000) + ']'.repeat(100_000), '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), Buffer.from([0xc0, 0xaf]),
  Buffer.alloc(1024 * 1024 + 10, 0x20),
];

const jsonRoutes = () => server.app.routeTable.filter((r) => (r.method === 'POST' || r.method === 'PUT') && !r.url.startsWith('/hurrier')
  && !r.url.includes('/bulk-job/create') && !r.url.startsWith('/payments-sandbox'));

function fill(route: RegisteredRoute): string {
  return route.url.replace(/:([A-Za-z_]+)/g, (_m, param: string) => ({ vendorId: SA_OLAYA, id: SA_OLAYA, orderId: `${SA_OLAYA}-00`, name: 'serviceHours', jobId: 'job-x' } as Record<string, string>)[param] ?? 'x');
}

function authFor(route: RegisteredRoute, pick: number): string | undefined {
  if (route.url.startsWith('/ops')) return `Ops ${server.opsToken}`;
  return [callers.vendor, callers.guest, callers.godroidOther, undefined][pick % 4];
}

interface Tally { requests: number; problems: string[]; statuses: Map<number, number> }

function judge(tally: Tally, label: string, answer: { status: number; text: string; body: unknown }): void {
  tally.requests += 1;
  tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
  if (answer.status >= 500) tally.problems.push(`${label} -> ${answer.status} ${answer.text.slice(0, 120)}`);
  else if (answer.status >= 400 && !isApiErrorBody(answer.body, answer.status)) tally.problems.push(`${label} -> ${answer.status} not API.md's shape: ${answer.text.slice(0, 120)}`);
  // Only failures are checked for leaks: a 2xx may echo what was stored (a name that reads like SQL).
  if (answer.status >= 400 && leaks(answer.text)) tally.problems.push(`${label} leaked: ${answer.text.slice(0, 160)}`);
}

describe('fuzzed bodies on every JSON route', () => {
  it('never answers 5xx, never leaks, and every 4xx has the error shape', async () => {
    const tally: Tally = { requests: 0, problems: [], statuses: new Map() };
    const routes = jsonRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      let pick = 0;
      await fc.assert(fc.asyncProperty(bodyFor(route), async (body) => {
        pick += 1;
        const answer = await inject(server.app, route.method, fill(route), { auth: authFor(route, pick), rawBody: JSON.stringify(body) ?? 'null' });
        judge(tally, `${route.method} ${route.url}`, answer);
      }), { numRuns: route.url.includes('login') || route.url.includes('register') || route.url.includes('password') ? 25 : 80 });
    }
    figure('fuzzed JSON bodies', `${tally.requests} requests over ${routes.length} routes, ${tally.problems.length} problems (statuses ${JSON.stringify(Object.fromEntries(tally.statuses))})`);
    expect(tally.problems.slice(0, 15).join('\n')).toBe('');
  }, 240_000);

  it('answers malformed JSON, invalid UTF-8, deep nesting and oversized bodies with a 4xx', async () => {
    const tally: Tally = { requests: 0, problems: [], statuses: new Map() };
    for (const route of jsonRoutes()) {
      for (const [index, raw] of RAW_BODIES.entries()) {
        const answer = await inject(server.app, route.method, fill(route), { auth: authFor(route, index), rawBody: raw });
        judge(tally, `${route.method} ${route.url} raw#${index}`, answer);
      }
      // Wrong media types too.
      for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1']) {
        const answer = await inject(server.app, route.method, fill(route), { auth: authFor(route, 0), rawBody: '{}', headers: { 'content-type': type } });
        judge(tally, `${route.method} ${route.url} as ${type}`, answer);
      }
    }
    figure('raw bodies', `${tally.requests} requests, ${tally.problems.length} problems`);
    expect(tally.problems.slice(0, 15).join('\n')).toBe('');
  }, 120_000);
});

describe('fuzzed query strings and paths on every GET route', () => {
  it('never answers 5xx and never leaks', async () => {
    const tally: Tally = { requests: 0, problems: [], statuses: new Map() };
    const routes = server.app.routeTable.filter((r) => r.method === 'GET' && !r.url.startsWith('/hurrier') && r.url !== '/ws');
    for (const route of routes) {
      const keys = [...route.query, 'x'];
      let pick = 0;
      await fc.assert(fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...keys), fc.oneof(nasty, fc.integer().map(String), fc.constantFrom('true', '-1', '1e308', '[]', '%', '%zz')), { maxKeys: keys.length }),
        fc.oneof(fc.constant(null), nasty),
        async (query, pathValue) => {
          pick += 1;
          const path = pathValue === null ? fill(route) : route.url.replace(/:([A-Za-z_]+)/g, () => percent(pathValue.slice(0, 2000)));
          const search = Object.entries(query).map(([k, v]) => `${percent(k)}=${percent(v.slice(0, 5000))}`).join('&');
          const answer = await inject(server.app, 'GET', `${path}${search ? `?${search}` : ''}`, { auth: authFor(route, pick) });
          judge(tally, `GET ${route.url}`, answer);
        },
      ), { numRuns: 40 });
    }
    // Broken percent-encoding and absurd paths straight into the router.
    for (const raw of ['/orders/api/v1/vendor/%zz', '/orders/api/v1/order?vendorId=%E0%A4%A&orderId=1', `/orders/api/v1/${'a/'.repeat(5000)}`, '/orders/api/v1/vendor/sa-1001/orders?count=1&count=2', '/%2e%2e/%2e%2e/etc/passwd']) {
      judge(tally, `GET ${raw.slice(0, 60)}`, await inject(server.app, 'GET', raw, { auth: callers.vendor }));
    }
    figure('fuzzed queries', `${tally.requests} requests over ${routes.length} GET routes, ${tally.problems.length} problems`);
    expect(tally.problems.slice(0, 15).join('\n')).toBe('');
  }, 180_000);
});
