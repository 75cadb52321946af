// The ApiClient on ofetch against a real HTTP server on loopback (SPEC.md §7, API.md conventions).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFixedClock } from '../../adapters/clock';
import { ApiError, OFFLINE_KEY } from '../../adapters/http/apiError';
import { resolveApiOrigin } from '../../adapters/http/apiConfig';
import { createHttpApiClient } from '../../adapters/http/apiClient';
import type { ApiClient, KeyValueStorage } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { STORAGE_KEYS } from '../../adapters/storage/storageKeys';
import type { OrderRequestPayload } from '../../domain/types';
import { startLoopbackServer, type LoopbackServer } from './loopbackServer';

let server: LoopbackServer;
let storage: KeyValueStorage;
let sleeps: number[];
let client: ApiClient;
const clock = createFixedClock(1_800_000_000);

const ok = (json: unknown) => ({ status: 200, json });
const validationError = {
  status: 422,
  message: 'validation.fill-customer-name',
  errors: [{ code: 'validation', field: 'customer.name', meta: { translation_key: 'validation.fill-customer-name' } }],
};
const orderPayload: OrderRequestPayload = {
  vendor_id: 'SA-1',
  customer: { location: { latitude: 24.7, longitude: 46.6, address: 'Olaya St', notes: '' }, phone_number: '+966501234567', name: 'Sara' },
  order: { payment_method: 'CASH_ON_DELIVERY', amount: 50, description: 'Box', cold_bag_needed: false },
  delivery_fee: 12.5,
  signature: 'sig',
};

beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  storage = createMemoryStorage();
  sleeps = [];
  client = createHttpApiClient({
    origin: server.origin,
    storage,
    clock,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('base URL and envelopes', () => {
  it('calls {origin}/orders/api/v1 and unwraps result', async () => {
    server.answer(ok({ result: { vendors: [{ vendor_id: 'SA-1' }] } }));
    const vendors = await client.getVendors();
    expect(vendors).toEqual([{ vendor_id: 'SA-1' }]);
    expect(server.requests[0]?.url.pathname).toBe('/orders/api/v1/vendors');
  });

  it('calls the hurrier service for riders, fees and delivery areas', async () => {
    server.answer(ok({ result: { fee: 12.5, signature: 's', expires_at: 1 } }));
    await client.computeFee({ source: { latitude: 1, longitude: 2 }, destination: { latitude: 3, longitude: 4 }, vendor_id: 'SA-1', delivery_type: 'food' });
    expect(server.requests[0]?.url.pathname).toBe('/hurrier/api/v1/delivery/fee');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toMatchObject({ vendor_id: 'SA-1', delivery_type: 'food' });
    expect(server.requests[0]?.headers['content-type']).toContain('application/json');
  });

  it('sends the order list query without empty parameters', async () => {
    server.answer(ok({ result: { data: [], pagination_key: null } }));
    await client.listOrders('SA-1', { from: 10, to: 20, count: 30, pagination_key: undefined, include_outlets: true });
    const url = server.requests[0]?.url;
    expect(url?.pathname).toBe('/orders/api/v1/vendor/SA-1/orders');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({ from: '10', to: '20', count: '30', include_outlets: 'true' });
  });

  it('reads the geolocator data envelope and the address-book body envelope', async () => {
    server.respond((request) =>
      request.url.pathname.includes('geolocator')
        ? ok({ data: [{ address: { id: 'p1', formatted_address: 'Riyadh', latitude: 1, longitude: 2 } }] })
        : ok({ body: [{ id: 'a1', name: 'Sara' }] }),
    );
    const places = await client.autocomplete({ query: 'Riy', country: 'SA', language: 'en' });
    const entries = await client.searchAddressBook('SA-1', 'Sa');
    expect(places[0]?.address.id).toBe('p1');
    expect(entries[0]?.id).toBe('a1');
    expect(server.requests[0]?.url.searchParams.get('language')).toBe('en');
  });

  it('lists, creates, updates and deletes an outlet\'s order templates on their routes, reading the body envelope', async () => {
    const saved = { id: 't 1', vendor_id: 'SA-1', name: 'Morning bread' };
    server.respond((request) => ok({ body: request.method === 'DELETE' ? true : request.method === 'GET' ? [saved] : saved }));
    const template = {
      name: 'Morning bread', customer_name: 'Sara', phone_number: '+966501234567', latitude: 24.7, longitude: 46.6,
      address: '4, Riyadh', notes: '', amount: 45, description: 'Bread', payment_method: 'CASH_ON_DELIVERY' as const,
    };
    expect((await client.listOrderTemplates('SA-1'))[0]?.id).toBe('t 1');
    expect((await client.createOrderTemplate('SA-1', template)).id).toBe('t 1');
    expect((await client.updateOrderTemplate('SA-1', 't 1', template)).id).toBe('t 1');
    await client.deleteOrderTemplate('SA-1', 't 1');
    expect(server.requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'GET /orders/api/v1/templates/SA-1',
      'POST /orders/api/v1/templates/SA-1',
      'PUT /orders/api/v1/templates/SA-1/t%201',
      'DELETE /orders/api/v1/templates/SA-1/t%201',
    ]);
  });

  it('creates, lists, edits, pauses, resumes and deletes recurring orders on their routes, reading the result envelope', async () => {
    const view = { schedule_id: 's 1', vendor_id: 'SA-1', template_id: 't1', status: 'active', next_run_at: 1_800_000_000 };
    server.respond((request) => ok({ result: request.method === 'DELETE' ? true : request.method === 'GET' ? [view] : view }));
    const rule = { repeat: { kind: 'weekly' as const, weekdays: [1, 2, 3, 4, 5] }, time: '09:30', starts_on: '2026-12-01', until: null };
    expect((await client.listRecurringOrders('SA-1'))[0]?.schedule_id).toBe('s 1');
    expect((await client.createRecurringOrder('SA-1', { template_id: 't1', ...rule, language: 'ar-SA' })).schedule_id).toBe('s 1');
    expect((await client.updateRecurringOrder('SA-1', 's 1', { ...rule, time: '10:00' })).next_run_at).toBe(1_800_000_000);
    await client.setRecurringOrderPaused('SA-1', 's 1', true);
    await client.setRecurringOrderPaused('SA-1', 's 1', false);
    await client.deleteRecurringOrder('SA-1', 's 1');
    expect(server.requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'GET /orders/api/v1/vendor/SA-1/recurring-orders',
      'POST /orders/api/v1/vendor/SA-1/recurring-orders',
      'PUT /orders/api/v1/vendor/SA-1/recurring-orders/s%201',
      'POST /orders/api/v1/vendor/SA-1/recurring-orders/s%201/pause',
      'POST /orders/api/v1/vendor/SA-1/recurring-orders/s%201/resume',
      'DELETE /orders/api/v1/vendor/SA-1/recurring-orders/s%201',
    ]);
    expect(JSON.parse(server.requests[1]?.body ?? '{}')).toMatchObject({ template_id: 't1', time: '09:30', language: 'ar-SA' });
  });

  it('names a downloaded template from Content-Disposition', async () => {
    server.answer({ status: 200, body: Buffer.from('PK-xlsx'), headers: { 'Content-Disposition': 'attachment; filename=Template.xlsx', 'Content-Type': 'application/octet-stream' } });
    const template = await client.downloadBulkTemplate();
    expect(template.fileName).toBe('Template.xlsx');
    expect(await template.file.text()).toBe('PK-xlsx');
  });

  it('turns a failed download into the API error shape', async () => {
    server.answer({ status: 403, json: { status: 403, message: 'error.forbidden', errors: [] } });
    const error = await failureOf(client.downloadBulkTemplate());
    expect(error).toMatchObject({ status: 403, key: 'error.forbidden' });
  });

  it('posts the help-centre init under its own prefix, outside the services', async () => {
    server.answer(ok({ url: 'https://help.example/session' }));
    const init = { user_id: 'u1', email: 'v@example.com', guest: false, name: 'V', brand: 'HUNGER_STATION', global_entity_id: 'HS_SA', country: 'SA', locale: 'en', app_version: '1', verification_token: 'jwt', bridge: 'web', service_type: 'courier' };
    await expect(client.initHelpCentre(init)).resolves.toEqual({ url: 'https://help.example/session' });
    expect(server.requests[0]?.url.pathname).toBe('/help-centre-service/conditions-api/v1/init');
  });

  it('exports orders as a file or as an emailed report', async () => {
    const body = { vendor_id: 'SA-1', from: 1, to: 2, status: 'ANY' as const, include_outlets: false, format: 'csv' as const };
    server.answer({ status: 200, body: 'order_id\nSA-1-a\n', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="orders-SA-1.csv"' } });
    const download = await client.exportOrders({ ...body, delivery: 'download' });
    expect(download).toMatchObject({ kind: 'file', fileName: 'orders-SA-1.csv' });
    server.answer(ok({ result: { emailed_to: 'v@example.com' } }));
    await expect(client.exportOrders({ ...body, delivery: 'email' })).resolves.toEqual({ kind: 'emailed', emailedTo: 'v@example.com' });
  });

  it('downloads the proof archive of a period and of one order as named ZIP files', async () => {
    const zip = { status: 200, body: 'PK', headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="proofs-SA-1-1-2.zip"' } };
    server.answer(zip);
    await expect(client.exportProofs({ vendor_id: 'SA-1', from: 1, to: 2, include_outlets: true })).resolves.toMatchObject({ fileName: 'proofs-SA-1-1-2.zip' });
    expect(server.requests[0]?.method).toBe('POST');
    expect(server.requests[0]?.url.pathname).toBe('/orders/api/v1/proofs/export');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ vendor_id: 'SA-1', from: 1, to: 2, include_outlets: true });
    server.answer({ status: 200, body: 'PK', headers: { 'Content-Type': 'application/zip' } });
    const one = await client.downloadOrderProofs('SA-1/x');
    expect(one.fileName).toBe('proofs-SA-1_x.zip');
    expect(await one.file.text()).toBe('PK');
    expect(server.requests[1]?.url.pathname).toBe('/orders/api/v1/order/SA-1%2Fx/proofs');
  });

  it('passes the tracking token and encodes path segments', async () => {
    server.answer(ok({ result: { order_id: 'SA-1/x' } }));
    await client.getTracking('SA-1/x', 'tok en');
    expect(server.requests[0]?.url.pathname).toBe('/orders/api/v1/tracking/SA-1%2Fx');
    expect(server.requests[0]?.url.searchParams.get('t')).toBe('tok en');
  });

  it('unwraps the nested answer of /login/extend', async () => {
    server.answer(ok({ result: { AuthenticationResult: { AccessToken: 'a', IdToken: 'i', ExpiresIn: 3600 } } }));
    await expect(client.extendSession('refresh')).resolves.toEqual({ AccessToken: 'a', IdToken: 'i', ExpiresIn: 3600 });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ refresh_token: 'refresh' });
  });

  it('answers logout with true, or false on any failure (SPEC.md §7)', async () => {
    server.answer(ok({ result: true }));
    await expect(client.logout()).resolves.toBe(true);
    server.answer({ status: 401, json: { status: 401, message: 'NotAuthorizedException', errors: [] } });
    await expect(client.logout()).resolves.toBe(false);
    server.answer('drop');
    await expect(client.logout()).resolves.toBe(false);
  });

  it('caches paymentMethods for 5 minutes, other parameters never', async () => {
    server.answer(ok({ result: 'CASH_ON_DELIVERY|ONLINE_PAYMENT' }));
    await client.getCountryParameter('paymentMethods', 'SA-1');
    await client.getCountryParameter('paymentMethods', 'SA-1');
    await client.getCountryParameter('serviceHours', 'SA-1');
    await client.getCountryParameter('serviceHours', 'SA-1');
    expect(server.requests).toHaveLength(3);
    clock.advance(301);
    await client.getCountryParameter('paymentMethods', 'SA-1');
    expect(server.requests).toHaveLength(4);
    expect(server.requests[0]?.url.searchParams.get('vendor_id')).toBe('SA-1');
  });
});

describe('errors', () => {
  it("turns API.md's error shape into an ApiError with status, key, field and translation key", async () => {
    server.answer({ status: 422, json: validationError });
    const error = await failureOf(client.createOrder(orderPayload));
    expect(error).toMatchObject({
      kind: 'http',
      status: 422,
      key: 'validation.fill-customer-name',
      field: 'customer.name',
      translationKey: 'validation.fill-customer-name',
    });
  });

  it('keeps an identity-provider code as the key', async () => {
    server.answer({ status: 401, json: { status: 401, message: 'NotAuthorizedException', errors: [] } });
    const error = await failureOf(client.login('a@b.c', 'wrong'));
    expect(error).toMatchObject({ status: 401, key: 'NotAuthorizedException', translationKey: 'NotAuthorizedException', field: null });
  });

  it('gives a key even when the body is not the API shape', async () => {
    server.answer({ status: 502, body: '<html>bad gateway</html>' });
    const error = await failureOf(client.createOrder(orderPayload));
    expect(error).toMatchObject({ status: 502, key: 'http.502' });
  });

  it('reports a network failure as offline with the SPEC message', async () => {
    server.answer('drop');
    const error = await failureOf(client.getVendors());
    expect(error.kind).toBe('offline');
    expect(error.key).toBe(OFFLINE_KEY);
    expect(error.message).toBe('Something went wrong. Please try again. You could be offline.');
  });
});

describe('retries (3, 1 s x attempt)', () => {
  it('retries a 429 and honours Retry-After', async () => {
    server.answer({ status: 429, json: { status: 429, message: 'TooManyRequestsException', errors: [] }, headers: { 'Retry-After': '2' } }, ok({ result: { vendors: [] } }));
    await expect(client.getVendors()).resolves.toEqual([]);
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  it('surfaces a 429 at once when Retry-After asks for more than 10 s', async () => {
    server.answer({ status: 429, json: { status: 429, message: 'TooManyRequestsException', errors: [] }, headers: { 'Retry-After': '60' } });
    const error = await failureOf(client.login('v@example.com', 'x'));
    expect(error).toMatchObject({ status: 429, key: 'TooManyRequestsException', retryAfterS: 60 });
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries a 429 on a POST that is not idempotent (the server did nothing)', async () => {
    server.answer({ status: 429, json: { status: 429, message: 'TooManyRequestsException', errors: [] } }, ok({ result: { fee: 1, signature: 's', expires_at: 1 } }));
    await client.computeFee({ source: { latitude: 1, longitude: 2 }, destination: { latitude: 3, longitude: 4 }, vendor_id: 'SA-1', delivery_type: 'food' });
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
  });

  it('retries a network error, then succeeds', async () => {
    server.answer('drop', ok({ result: { vendors: [] } }));
    await expect(client.getVendors()).resolves.toEqual([]);
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
  });

  it('gives up after 3 retries, waiting 1, 2 and 3 seconds', async () => {
    server.answer('drop');
    const error = await failureOf(client.getVendors());
    expect(error.kind).toBe('offline');
    expect(server.requests).toHaveLength(4);
    expect(sleeps).toEqual([1000, 2000, 3000]);
  });

  it('retries a 5xx on an idempotent method', async () => {
    server.answer({ status: 503, json: { status: 503, message: 'error.unavailable', errors: [] } }, ok({ result: { vendor_id: 'SA-1' } }));
    await client.getVendor('SA-1');
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 422 on POST', async () => {
    server.answer({ status: 422, json: validationError }, ok({ result: { order_id: 'SA-1-x' } }));
    await failureOf(client.createOrder(orderPayload));
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry a 5xx on a POST without an idempotency key', async () => {
    server.answer({ status: 500, json: { status: 500, message: 'error.internal', errors: [] } }, ok({ result: true }));
    await failureOf(client.forgotPassword('a@b.c'));
    expect(server.requests).toHaveLength(1);
  });

  it('retries the address-book search once only', async () => {
    server.answer('drop');
    await failureOf(client.searchAddressBook('SA-1', 'Sara'));
    expect(server.requests).toHaveLength(2);
  });
});

describe('Idempotency-Key', () => {
  it('is generated for a creating write and reused across its retries', async () => {
    server.answer('drop', { status: 500, json: { status: 500, message: 'error.internal', errors: [] } }, ok({ result: { order_id: 'SA-1-abc' } }));
    await expect(client.createOrder(orderPayload)).resolves.toEqual({ order_id: 'SA-1-abc' });
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('is new for each call and absent from reads', async () => {
    server.answer(ok({ result: { order_id: 'x' } }));
    await client.createOrder(orderPayload);
    await client.createOrder(orderPayload);
    await client.getVendors().catch(() => undefined);
    const [first, second, read] = server.requests.map((request) => request.headers['idempotency-key']);
    expect(first).not.toBe(second);
    expect(read).toBeUndefined();
  });
});

describe('Authorization (SPEC.md §7 priority)', () => {
  const authOf = async () => {
    server.answer(ok({ result: { vendors: [] } }));
    server.requests.length = 0;
    await client.getVendors();
    return server.requests[0]?.headers.authorization;
  };

  it('sends none without credentials', async () => {
    expect(await authOf()).toBeUndefined();
  });

  it('prefers GoDroid, then the signed-in user, then the guest token', async () => {
    storage.setItem(STORAGE_KEYS.guestSession, JSON.stringify({ token: 'guest-1', expires: 1_900_000_000 }));
    expect(await authOf()).toBe('Bearer guest-1');
    storage.setItem(STORAGE_KEYS.authMeta, JSON.stringify({ AccessToken: 'acc', IdToken: 'id', RefreshToken: 'ref', Expires: 1_900_000_000 }));
    expect(await authOf()).toBe('Bearer acc|id');
    storage.setItem(STORAGE_KEYS.godroidToken, 'gd-token');
    expect(await authOf()).toBe('GoDroid gd-token');
  });

  it('reads the credentials at every attempt, so a token refreshed during a retry is used', async () => {
    storage.setItem(STORAGE_KEYS.guestSession, JSON.stringify({ token: 'old', expires: 1 }));
    client = createHttpApiClient({
      origin: server.origin,
      storage,
      clock,
      sleep: async () => storage.setItem(STORAGE_KEYS.guestSession, JSON.stringify({ token: 'new', expires: 2 })),
    });
    server.answer('drop', ok({ result: { vendors: [] } }));
    await client.getVendors();
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });
});

describe('API origin', () => {
  it('defaults to the app origin and follows the table per environment and country', () => {
    const origins = { prd: { SA: 'https://sa.api.example', '*': 'https://api.example' } };
    expect(resolveApiOrigin({ environment: 'stg', country: 'SA', appOrigin: 'https://app.example/x', origins })).toBe('https://app.example');
    expect(resolveApiOrigin({ environment: 'prd', country: 'sa', appOrigin: 'https://app.example', origins })).toBe('https://sa.api.example');
    expect(resolveApiOrigin({ environment: 'prd', country: 'KW', appOrigin: 'https://app.example', origins })).toBe('https://api.example');
  });
});
