// Bad input never reaches a 5xx or leaks internals: every failure has API.md's one shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VENDORS } from '../../server/db/seed';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let vendorAuth: string;
beforeAll(async () => {
  server = await startServer();
  vendorAuth = await server.login('vendor@example.com');
});
afterAll(async () => { await server?.stop(); });

/** The shape and nothing else: no stack, no SQL, no file paths. */
function expectErrorShape(response: { status: number; body: unknown; text: string }, status: number): { message: string; errors: { field?: string }[] } {
  expect(response.status).toBe(status);
  const body = response.body as { status: number; message: string; errors: { code: string; field?: string; meta: { translation_key: string } }[] };
  expect(Object.keys(body).sort()).toEqual(['errors', 'message', 'status']);
  expect(body.status).toBe(status);
  expect(typeof body.message).toBe('string');
  expect(body.errors[0]?.meta.translation_key).toEqual(expect.any(String));
  expect(response.text).not.toMatch(/at .+\.(ts|js):\d+|SELECT |sqlite|\/work\/|node_modules/i);
  return body;
}

const address = {
  address_text: 'Olaya Street, Riyadh', building: '', unit: '', city: 'Riyadh', country_code: 'SA', latitude: 24.69, longitude: 46.68,
  postal_code: '', street: 'Olaya Street', street_number: '', rider_instructions: '',
};

describe('bad input', () => {
  it('malformed JSON is 400', async () => {
    expectErrorShape(await server.call('POST', '/login', { rawBody: '{"email_address": "a@b.c", "password": ' }), 400);
    expectErrorShape(await server.call('POST', '/login', { rawBody: '' }), 400);
  });

  it('wrong types are 400 and not coerced', async () => {
    const body = expectErrorShape(await server.call('PUT', `/vendor/${DEMO_VENDORS.saOlaya}/address`, { auth: vendorAuth, body: { ...address, latitude: '24.69' } }), 400);
    expect(body.errors[0]?.field).toBe('latitude');
    expectErrorShape(await server.call('POST', '/login', { body: { email_address: ['a@b.c'], password: 1 } }), 400);
    expectErrorShape(await server.call('POST', '/login', { body: [1, 2, 3] }), 400);
  });

  it('missing and unknown fields are 400 naming the field', async () => {
    const missing = expectErrorShape(await server.call('POST', '/login', { body: { email_address: 'vendor@example.com' } }), 400);
    expect(missing.errors[0]?.field).toBe('password');
    const unknown = expectErrorShape(await server.call('POST', '/login', { body: { email_address: 'vendor@example.com', password: 'x', admin: true } }), 400);
    expect(unknown.errors[0]?.field).toBe('admin');
    expect(unknown.message).toBe('error.unknown-field');
  });

  it('an unknown key that is not a field name is refused without echoing it', async () => {
    const hostileKey = "sa-1001' UNION SELECT * FROM accounts --";
    const answer = await server.call('POST', '/login', { body: { email_address: 'vendor@example.com', password: 'x', [hostileKey]: 1 } });
    const body = expectErrorShape(answer, 400);
    expect(body.message).toBe('error.unknown-field');
    expect(body.errors[0]?.field).toBeUndefined();
    expect(answer.text).not.toContain('UNION');
  });

  it('a body over 1 MiB is 413', async () => {
    const huge = JSON.stringify({ email_address: 'vendor@example.com', password: 'x'.repeat(1024 * 1024 + 10) });
    expectErrorShape(await server.call('POST', '/login', { rawBody: huge }), 413);
  });

  it('an unsupported content type is 415 and an unknown route 404', async () => {
    expectErrorShape(await server.call('POST', '/login', { rawBody: '<login/>', headers: { 'content-type': 'application/xml' } }), 415);
    expectErrorShape(await server.call('GET', '/no/such/route'), 404);
    expectErrorShape(await server.call('GET', `${server.baseUrl}/orders/api/v2/vendors`), 404);
  });

  it('SQL and HTML in strings are stored verbatim and answered as JSON', async () => {
    const text = `'; DELETE FROM vendors; -- <img src=x onerror=alert(1)>`;
    const response = await server.call('PUT', `/vendor/${DEMO_VENDORS.saOlaya}/address`, { auth: vendorAuth, body: { ...address, rider_instructions: text } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const vendor = (await server.call('GET', `/vendor/${DEMO_VENDORS.saOlaya}`, { auth: vendorAuth })).body as { result: { vendor_information: { location: { rider_instructions: string } } } };
    expect(vendor.result.vendor_information.location.rider_instructions).toBe(text);
    expect(((await server.call('GET', '/vendors', { auth: vendorAuth })).body as { result: { vendors: unknown[] } }).result.vendors.length).toBeGreaterThan(3);
  });

  it('garbage in Authorization is 401, not 500', async () => {
    for (const auth of ['Bearer', 'Bearer |', 'Bearer a|b|c', 'GoDroid ', 'Basic dXNlcjpwdw==', 'Bearer ' + 'x'.repeat(5000), 'Ops nope']) {
      expectErrorShape(await server.call('GET', '/vendors', { auth }), 401);
    }
  });

  it('a foreign id is 403 even when the body is also invalid (tenancy first)', async () => {
    const response = await server.call('PUT', `/vendor/${DEMO_VENDORS.kuwait}/address`, { auth: vendorAuth, body: { nonsense: true } });
    expectErrorShape(response, 403);
  });
});
