// Webhook endpoints under tenancy and SSRF (issue #25): nobody registers an endpoint for a vendor it
// does not reach, nor sees, changes, deletes, rotates, reads the log of, resends or tests another
// account's endpoint (403, the same answer as for a missing one); API keys and guests cannot manage
// webhooks; and an endpoint on a private, link-local or metadata address, over plain http to a
// public host, or (without WEBHOOKS_ALLOW_LOOPBACK) on loopback is refused on save in the error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPair, startServer, type TestServer } from '../server/harness';
import { resultOf, SA_OLAYA, SG_VENDOR } from '../server/orders-fixtures';
import { isApiErrorBody } from './support';

let server: TestServer;
let production: TestServer;
let vendorUser: string;
let otherUser: string;
beforeAll(async () => {
  ({ server, vendor: vendorUser, other: otherUser } = await signedInPair({ COURIER_SIM_SPEED: '0' }, {}, { listen: false }));
  production = await startServer({ COURIER_SIM_SPEED: '0', WEBHOOKS_ALLOW_LOOPBACK: '0' }, {}, { listen: false });
});
afterAll(async () => {
  await server?.stop();
  await production?.stop();
});

const body = (url: string, vendorId = SA_OLAYA) => ({ vendor_id: vendorId, url, events: ['order.created'] });

describe('webhook tenancy', () => {
  it('refuses an endpoint for a foreign or unknown vendor', async () => {
    for (const vendorId of [SG_VENDOR, 'no-such-vendor']) {
      const answer = await server.call('POST', '/webhooks', { auth: vendorUser, body: body('http://127.0.0.1:9/hooks', vendorId) });
      expect(answer.status).toBe(403);
      expect(isApiErrorBody(answer.body, 403)).toBe(true);
    }
  });

  it('answers another account\'s endpoint exactly like a missing one, on every route', async () => {
    const created = await server.call('POST', '/webhooks', { auth: vendorUser, body: body('http://127.0.0.1:9/hooks') });
    expect(created.status, created.text).toBe(200);
    const { endpoint_id: mine } = resultOf<{ endpoint: { endpoint_id: string } }>(created.body).endpoint;
    const listed = resultOf<{ endpoints: { endpoint_id: string }[] }>((await server.call('GET', '/webhooks', { auth: otherUser })).body).endpoints;
    expect(listed.map((e) => e.endpoint_id)).not.toContain(mine);
    const routes = (id: string): [string, string, unknown?][] => [
      ['PUT', `/webhooks/${id}`, { events: ['order.cancelled'] }],
      ['POST', `/webhooks/${id}/secret`],
      ['GET', `/webhooks/${id}/deliveries`],
      ['POST', `/webhooks/${id}/deliveries/wd_0/resend`],
      ['POST', `/webhooks/${id}/test`],
      ['DELETE', `/webhooks/${id}`],
    ];
    for (const [index, [method, path, payload]] of routes(mine).entries()) {
      const foreign = await server.call(method, path, { auth: otherUser, ...(payload ? { body: payload } : {}) });
      const [, missingPath] = routes('we_missing')[index] ?? [];
      const missing = await server.call(method, missingPath ?? '', { auth: otherUser, ...(payload ? { body: payload } : {}) });
      expect(foreign.status, `${method} ${path}`).toBe(403);
      expect(foreign.text).toBe(missing.text);
    }
    // Still there, unchanged.
    const still = resultOf<{ endpoints: { endpoint_id: string; events: string[] }[] }>((await server.call('GET', '/webhooks', { auth: vendorUser })).body).endpoints;
    expect(still.find((e) => e.endpoint_id === mine)?.events).toEqual(['order.created']);
  });

  it('lets no API key and no guest manage webhooks', async () => {
    const created = await server.call('POST', '/api-keys', { auth: vendorUser, body: { name: 'Shop', access: 'write', vendor_ids: [SA_OLAYA] } });
    const key = `ApiKey ${resultOf<{ key: string }>(created.body).key}`;
    expect((await server.call('GET', '/webhooks', { auth: key })).status).toBe(403);
    expect((await server.call('POST', '/webhooks', { auth: key, body: body('http://127.0.0.1:9/hooks') })).status).toBe(403);
    expect((await server.call('GET', '/webhooks')).status).toBe(401);
  });
});

describe('webhook SSRF on save', () => {
  it.each([
    ['a private address', 'https://10.0.0.5/hooks', 'webhook.url.private-address'],
    ['cloud metadata', 'https://169.254.169.254/latest/meta-data', 'webhook.url.private-address'],
    ['an IPv4-mapped private address', 'https://[::ffff:192.168.1.1]/hooks', 'webhook.url.private-address'],
    ['plain http to a public host', 'http://93.184.216.34/hooks', 'webhook.url.scheme'],
    ['credentials in the URL', 'https://user:pw@93.184.216.34/hooks', 'webhook.url.credentials'],
    ['not a URL', 'hooks please', 'webhook.url.invalid'],
  ])('refuses %s', async (_case, url, key) => {
    const answer = await server.call('POST', '/webhooks', { auth: vendorUser, body: body(url) });
    expect(answer.status).toBe(422);
    expect(isApiErrorBody(answer.body, 422)).toBe(true);
    expect(answer.text).toContain(key);
  });

  it('refuses a changed URL that points inside', async () => {
    const created = await server.call('POST', '/webhooks', { auth: vendorUser, body: body('http://127.0.0.1:9/hooks') });
    const id = resultOf<{ endpoint: { endpoint_id: string } }>(created.body).endpoint.endpoint_id;
    const answer = await server.call('PUT', `/webhooks/${id}`, { auth: vendorUser, body: { events: ['order.created'], url: 'https://192.168.0.1/' } });
    expect(answer.status).toBe(422);
  });

  it('refuses every spelling of loopback where the deployment does not allow it', async () => {
    const auth = await production.login('vendor@example.com');
    for (const url of ['http://127.0.0.1:9000/hooks', 'https://127.0.0.1/hooks', 'http://localhost:9000/hooks', 'https://[::1]/hooks', 'https://0x7f000001/hooks']) {
      const answer = await production.call('POST', '/webhooks', { auth, body: body(url) });
      expect(answer.status, url).toBe(422);
    }
  });
});
