// API keys (Settings → Developers): a key is shown once and stored hashed, reaches exactly the
// vendors of its scope through the app's order routes, is refused on everything else, a read-only
// key cannot write, a revoked key is 401 at its next call, and every other spelling of a key is nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPair, startServer, type TestServer } from '../server/harness';
import { moveOrder, orderPayload, placeOrder, placeSingaporeOrder, quoteFee, resultOf, SA_OLAYA, SA_PARENT, SG_VENDOR } from '../server/orders-fixtures';
import { inject, isApiErrorBody, SERVICE } from './support';

interface KeyView { key_id: string; prefix: string; name: string; access: string; vendor_ids: string[]; created_by: string; created_at: number; last_used_at: number | null }
interface Created { key: string; api_key: KeyView }

let server: TestServer;
let vendorUser: string;
let otherUser: string;
beforeAll(async () => {
  ({ server, vendor: vendorUser, other: otherUser } = await signedInPair({ COURIER_SIM_SPEED: '0' }));
});
afterAll(async () => { await server?.stop(); });

async function createKey(auth: string, vendorIds: string[], access: 'read' | 'write' = 'write', name = 'Shop'): Promise<Created> {
  const response = await server.call('POST', '/api-keys', { auth, body: { name, access, vendor_ids: vendorIds } });
  expect(response.status, response.text).toBe(200);
  return resultOf<Created>(response.body);
}
const listKeys = async (auth: string) => resultOf<{ api_keys: KeyView[] }>((await server.call('GET', '/api-keys', { auth })).body).api_keys;
const apiKey = (created: Created) => `ApiKey ${created.key}`;

describe('creating and listing keys', () => {
  it('shows the key once, lists only its prefix, creator and times, and stores only a hash', async () => {
    const created = await createKey(vendorUser, [SA_OLAYA], 'write', 'Point of sale');
    expect(created.key).toMatch(/^cpk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(`${created.api_key.prefix}_`)).toBe(true);
    expect(created.api_key).toMatchObject({ name: 'Point of sale', access: 'write', vendor_ids: [SA_OLAYA], created_by: 'vendor@example.com', last_used_at: null });

    const listing = await server.call('GET', '/api-keys', { auth: vendorUser });
    expect(listing.text).not.toContain(created.key.slice(created.api_key.prefix.length));
    expect(resultOf<{ api_keys: KeyView[] }>(listing.body).api_keys.map((k) => k.key_id)).toContain(created.api_key.key_id);

    const row = await server.app.db.selectFrom('api_keys').selectAll().where('key_id', '=', created.api_key.key_id).executeTakeFirstOrThrow();
    const secret = created.key.split('_').slice(2).join('_');
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.secret_hash).toHaveLength(43);

    // The first call records when the key was last used.
    expect((await server.call('GET', `/vendor/${SA_OLAYA}/orders`, { auth: apiKey(created) })).status).toBe(200);
    const used = (await listKeys(vendorUser)).find((k) => k.key_id === created.api_key.key_id);
    expect(used?.last_used_at).toEqual(expect.any(Number));
  });

  it('refuses a scope with a vendor the user does not reach, and a blank name', async () => {
    const foreign = await server.call('POST', '/api-keys', { auth: vendorUser, body: { name: 'x', access: 'read', vendor_ids: [SA_OLAYA, SG_VENDOR] } });
    expect(foreign.status).toBe(403);
    expect(isApiErrorBody(foreign.body, 403)).toBe(true);
    const blank = await server.call('POST', '/api-keys', { auth: vendorUser, body: { name: '   ', access: 'read', vendor_ids: [SA_OLAYA] } });
    expect(blank.status).toBe(422);
    const badAccess = await server.call('POST', '/api-keys', { auth: vendorUser, body: { name: 'x', access: 'admin', vendor_ids: [SA_OLAYA] } });
    expect(badAccess.status).toBe(400);
    expect((await server.call('POST', '/api-keys', { body: { name: 'x', access: 'read', vendor_ids: [SA_OLAYA] } })).status).toBe(401);
  });

  it('never shows nor revokes another account\'s keys', async () => {
    const mine = await createKey(vendorUser, [SA_PARENT]);
    const theirs = await createKey(otherUser, [SG_VENDOR]);
    expect((await listKeys(otherUser)).map((k) => k.key_id)).not.toContain(mine.api_key.key_id);
    expect((await listKeys(vendorUser)).map((k) => k.key_id)).not.toContain(theirs.api_key.key_id);
    expect((await server.call('DELETE', `/api-keys/${mine.api_key.key_id}`, { auth: otherUser })).status).toBe(403);
    expect((await server.call('DELETE', '/api-keys/0000000000000000', { auth: otherUser })).status).toBe(403);
    expect((await server.call('GET', `/vendor/${SA_OLAYA}/orders`, { auth: apiKey(mine) })).status).toBe(200);
  });
});

describe('calling the order routes with a key', () => {
  it('creates, reads, lists and cancels an order under the same rules as the app, idempotency keys included', async () => {
    const key = apiKey(await createKey(vendorUser, [SA_OLAYA]));
    const quote = await quoteFee(server, key, SA_OLAYA);
    const body = orderPayload(SA_OLAYA, quote);
    const headers = { 'Idempotency-Key': 'pos-order-1' };
    const first = await server.call('POST', '/order', { auth: key, body, headers });
    expect(first.status, first.text).toBe(200);
    const orderId = resultOf<{ order_id: string }>(first.body).order_id;
    const replay = await server.call('POST', '/order', { auth: key, body, headers });
    expect(resultOf<{ order_id: string }>(replay.body).order_id).toBe(orderId);

    const read = await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${encodeURIComponent(orderId)}`, { auth: key });
    expect(read.status).toBe(200);
    const listed = resultOf<{ data: { order_id: string }[] }>((await server.call('GET', `/vendor/${SA_OLAYA}/orders`, { auth: key })).body).data;
    expect(listed.filter((o) => o.order_id === orderId)).toHaveLength(1);

    // Validation as for the app: a wrong type is a 400 in API.md's shape.
    const invalid = await server.call('POST', '/order', { auth: key, body: { ...body, delivery_fee: '12' } });
    expect(invalid.status).toBe(400);
    expect(isApiErrorBody(invalid.body, 400)).toBe(true);

    await moveOrder(server, orderId, 'RECEIVED');
    const cancelled = await server.call('PUT', '/order/cancel', { auth: key, body: { vendor_id: SA_OLAYA, order_id: orderId, reason: 'Customer changed mind' } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(resultOf<{ status: string }>(cancelled.body).status).toBe('CANCELLED');
  });

  it('a read-only key reads and estimates but gets 403 on every write', async () => {
    const key = apiKey(await createKey(vendorUser, [SA_OLAYA], 'read'));
    const orderId = await placeOrder(server, vendorUser, SA_OLAYA);
    await moveOrder(server, orderId, 'RECEIVED');
    expect((await server.call('GET', `/vendor/${SA_OLAYA}/orders`, { auth: key })).status).toBe(200);
    const quote = await quoteFee(server, key, SA_OLAYA);
    const create = await server.call('POST', '/order', { auth: key, body: orderPayload(SA_OLAYA, quote) });
    expect(create.status).toBe(403);
    expect(isApiErrorBody(create.body, 403)).toBe(true);
    const cancel = await server.call('PUT', '/order/cancel', { auth: key, body: { vendor_id: SA_OLAYA, order_id: orderId, reason: 'x' } });
    expect(cancel.status).toBe(403);
    // The order is untouched (a user may cancel it: the 403 was the key's right, not the order's state).
    const read = await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${encodeURIComponent(orderId)}`, { auth: key });
    expect(resultOf<{ status: string }>(read.body).status).not.toBe('CANCELLED');
  });

  it('reaches only the vendors of its scope: an outlet key not its parent nor a sibling, a parent key its outlets', async () => {
    const outletKey = apiKey(await createKey(vendorUser, [SA_OLAYA]));
    const parentKey = apiKey(await createKey(vendorUser, [SA_PARENT]));
    const siblingKey = apiKey(await createKey(vendorUser, ['sa-1004']));
    const olayaOrder = await placeOrder(server, vendorUser, SA_OLAYA);
    expect((await server.call('GET', `/vendor/${SA_PARENT}/orders`, { auth: outletKey })).status).toBe(403);
    expect((await server.call('GET', '/vendor/sa-1004/orders', { auth: outletKey })).status).toBe(403);
    expect((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${encodeURIComponent(olayaOrder)}`, { auth: siblingKey })).status).toBe(403);
    expect((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${encodeURIComponent(olayaOrder)}`, { auth: parentKey })).status).toBe(200);
    expect((await server.call('GET', '/vendor/sa-1004/orders', { auth: parentKey })).status).toBe(200);
    const vendors = resultOf<{ vendors: { vendor_id: string }[] }>((await server.call('GET', '/vendors', { auth: outletKey })).body).vendors;
    expect(vendors.map((v) => v.vendor_id)).toEqual([SA_OLAYA]);
  });

  it('never reaches another tenant: foreign vendor ids and foreign orders are 403, as for a user', async () => {
    const key = apiKey(await createKey(vendorUser, [SA_PARENT]));
    const foreignOrder = await placeSingaporeOrder(server, otherUser);
    expect((await server.call('GET', `/vendor/${SG_VENDOR}/orders`, { auth: key })).status).toBe(403);
    expect((await server.call('GET', `/order?vendorId=${SG_VENDOR}&orderId=${encodeURIComponent(foreignOrder)}`, { auth: key })).status).toBe(403);
    const cancel = await server.call('PUT', '/order/cancel', { auth: key, body: { vendor_id: SG_VENDOR, order_id: foreignOrder, reason: 'x' } });
    expect(cancel.status).toBe(403);
    const quote = await quoteFee(server, otherUser, SG_VENDOR, { latitude: 1.31, longitude: 103.86 });
    expect((await server.call('POST', '/order', { auth: key, body: orderPayload(SG_VENDOR, quote) })).status).toBe(403);
  });

  it('is refused on everything but the order routes: keys, account, vendor settings, bulk, ops', async () => {
    const key = apiKey(await createKey(vendorUser, [SA_PARENT]));
    expect((await server.call('GET', '/api-keys', { auth: key })).status).toBe(403);
    expect((await server.call('POST', '/api-keys', { auth: key, body: { name: 'x', access: 'write', vendor_ids: [SA_PARENT] } })).status).toBe(403);
    expect((await server.call('PUT', `/vendor/${SA_OLAYA}/address`, { auth: key, body: { address_text: 'x', city: 'Riyadh', country_code: 'SA', latitude: 24.7, longitude: 46.7 } })).status).toBe(403);
    expect((await server.call('GET', '/bulk-job/example-file', { auth: key })).status).toBe(403);
    expect((await server.call('POST', '/ops/clock', { auth: key, body: { offset_s: 0 } })).status).toBe(403);
  });

  it('a key stops reaching a vendor its creator is unlinked from', async () => {
    const created = await createKey(vendorUser, [SA_OLAYA]);
    await server.app.db.deleteFrom('account_vendors').where('vendor_id', '=', SA_PARENT).execute();
    try {
      expect((await server.call('GET', `/vendor/${SA_OLAYA}/orders`, { auth: apiKey(created) })).status).toBe(403);
    } finally {
      const account = await server.app.db.selectFrom('accounts').select('account_id').where('email', '=', 'vendor@example.com').executeTakeFirstOrThrow();
      await server.app.db.insertInto('account_vendors').values({ account_id: account.account_id, vendor_id: SA_PARENT }).execute();
    }
  });
});

describe('revocation and wrong credentials', () => {
  it('a revoked key is 401 at its very next call and leaves the list', async () => {
    const created = await createKey(vendorUser, [SA_OLAYA]);
    expect((await server.call('GET', `/vendor/${SA_OLAYA}/orders`, { auth: apiKey(created) })).status).toBe(200);
    expect((await server.call('DELETE', `/api-keys/${created.api_key.key_id}`, { auth: vendorUser })).status).toBe(200);
    const after = await server.call('GET', `/vendor/${SA_OLAYA}/orders`, { auth: apiKey(created) });
    expect(after.status).toBe(401);
    expect(isApiErrorBody(after.body, 401)).toBe(true);
    expect((await listKeys(vendorUser)).map((k) => k.key_id)).not.toContain(created.api_key.key_id);
  });

  it('refuses the key in any other header form, a tampered secret and a secret under another key\'s id', async () => {
    const created = await createKey(vendorUser, [SA_OLAYA]);
    const other = await createKey(vendorUser, [SA_OLAYA]);
    const path = `${SERVICE}/vendor/${SA_OLAYA}/orders`;
    const status = async (headers: Record<string, string>, url = path) => (await inject(server.app, 'GET', url, { headers })).status;
    expect(await status({ authorization: `ApiKey ${created.key}` })).toBe(200);
    expect(await status({ authorization: `apikey   ${created.key}` })).toBe(200);
    expect(await status({ authorization: `Bearer ${created.key}` })).toBe(401);
    expect(await status({ authorization: created.key })).toBe(401);
    expect(await status({ authorization: `ApiKey ${created.key} extra` })).toBe(401);
    expect(await status({ 'x-api-key': created.key })).toBe(401);
    expect(await status({}, `${path}?api_key=${encodeURIComponent(created.key)}`)).toBe(401);
    const last = created.key.at(-1) === 'A' ? 'B' : 'A';
    expect(await status({ authorization: `ApiKey ${created.key.slice(0, -1)}${last}` })).toBe(401);
    expect(await status({ authorization: `ApiKey ${created.key}A` })).toBe(401);
    const otherSecret = other.key.split('_').slice(2).join('_');
    expect(await status({ authorization: `ApiKey ${created.api_key.prefix}_${otherSecret}` })).toBe(401);
    expect(await status({ authorization: `ApiKey ${created.api_key.prefix}` })).toBe(401);
  });
});

describe('each key has its own request budget', () => {
  let small: TestServer;
  beforeAll(async () => { small = await startServer({ COURIER_SIM_SPEED: '0' }, { tenantQuota: { ratePerS: 0.001, burst: 6 } }); });
  afterAll(async () => { await small?.stop(); });

  it('one key spending its budget leaves another key and the app\'s session theirs', async () => {
    const user = await small.login('vendor@example.com');
    const make = async () => resultOf<Created>((await small.call('POST', '/api-keys', { auth: user, body: { name: 'k', access: 'read', vendor_ids: [SA_OLAYA] } })).body);
    const first = `ApiKey ${(await make()).key}`;
    const second = `ApiKey ${(await make()).key}`;
    const list = (auth: string) => inject(small.app, 'GET', `${SERVICE}/vendor/${SA_OLAYA}/orders`, { auth });
    // A key's first call proves it (charged to its IP); from then on it spends its own budget.
    expect((await list(first)).status).toBe(200);
    expect((await list(second)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await list(first)).status);
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses[6]).toBe(429);
    expect((await list(second)).status).toBe(200);
    expect((await list(user)).status).toBe(200);
  });
});
