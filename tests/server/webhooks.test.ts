// Webhooks (issue #25) over the real server and a real receiver on loopback: an endpoint hears its
// vendor's order events in each order's own order, signed with its secret (both secrets while one
// rotates); a failing endpoint is retried on the server clock (moved, never slept on) and logged
// attempt by attempt; after 24 h the delivery has failed, the endpoint is failing and its creator
// gets a mail; any delivery can be resent; a hanging endpoint never holds up another one.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyWebhookSignature } from '../../server/webhooks/signature';
import { advanceClock } from './clock';
import { startServer, type TestServer } from './harness';
import { upload, validRow, xlsx } from '../fixtures/bulk/workbooks';
import { moveOrder, placeOrder, resultOf, SA_OLAYA, SA_PARENT, SG_VENDOR } from './orders-fixtures';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';

interface Endpoint { endpoint_id: string; vendor_id: string; url: string; events: string[]; previous_secret_expires_at: number | null; failing_since: number | null }
interface Attempt { attempt: number; status_code: number | null; latency_ms: number; excerpt: string; error: string | null }
interface Delivery { delivery_id: string; event_id: string; event_type: string; order_id: string | null; state: string; next_attempt_at: number | null; attempts: Attempt[] }

const ALL_EVENTS = ['order.created', 'order.status_changed', 'order.rider_assigned', 'order.proof_available', 'order.cancelled', 'bulk_job.finished'];
/** The sender sweeps for due work every second; a few rounds at most. */
const SOON = { timeout: 15_000, interval: 50 };

let server: TestServer;
let vendorUser: string;
const receivers: WebhookReceiver[] = [];
beforeAll(async () => {
  server = await startServer({ COURIER_SIM_SPEED: '0', WEBHOOK_TIMEOUT_MS: '60000' });
  vendorUser = await server.login('vendor@example.com');
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await server?.stop();
});

async function receiver(): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
}

async function register(url: string, events = ALL_EVENTS, vendorId = SA_OLAYA): Promise<{ secret: string; endpoint: Endpoint }> {
  const response = await server.call('POST', '/webhooks', { auth: vendorUser, body: { vendor_id: vendorId, url, events } });
  expect(response.status, response.text).toBe(200);
  return resultOf<{ secret: string; endpoint: Endpoint }>(response.body);
}

async function deliveries(endpointId: string, query = ''): Promise<Delivery[]> {
  const response = await server.call('GET', `/webhooks/${endpointId}/deliveries${query}`, { auth: vendorUser });
  expect(response.status, response.text).toBe(200);
  return resultOf<{ deliveries: Delivery[] }>(response.body).deliveries;
}

/** Moves the server clock on; a session outlives no more than its access token, so sign in again. */
async function advance(seconds: number): Promise<void> {
  advanceClock(server, seconds);
  vendorUser = await server.login('vendor@example.com');
}

async function listEndpoint(url: string): Promise<Endpoint> {
  const listed = resultOf<{ endpoints: Endpoint[] }>((await server.call('GET', '/webhooks', { auth: vendorUser })).body).endpoints;
  const endpoint = listed.find((e) => e.url === url);
  if (!endpoint) throw new Error(`no endpoint ${url}`);
  return endpoint;
}

const eventsOf = (hook: WebhookReceiver, orderId: string) => hook.accepted().filter((event) => event.order?.order_id === orderId);

describe('registering an endpoint', () => {
  it('shows the secret once and keeps it encrypted; lists, changes and deletes the endpoint', async () => {
    const hook = await receiver();
    const { secret, endpoint } = await register(hook.url, ['order.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toMatchObject({ vendor_id: SA_OLAYA, url: hook.url, events: ['order.created'], failing_since: null });

    const listing = await server.call('GET', '/webhooks', { auth: vendorUser });
    expect(listing.text).not.toContain(secret);
    expect(resultOf<{ endpoints: Endpoint[] }>(listing.body).endpoints.map((e) => e.endpoint_id)).toContain(endpoint.endpoint_id);
    const row = await server.app.db.selectFrom('webhook_endpoints').selectAll().where('endpoint_id', '=', endpoint.endpoint_id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice('whsec_'.length));

    const changed = await server.call('PUT', `/webhooks/${endpoint.endpoint_id}`, { auth: vendorUser, body: { events: ['order.cancelled', 'order.created'] } });
    expect(resultOf<Endpoint>(changed.body).events).toEqual(['order.cancelled', 'order.created']);
    expect((await server.call('PUT', `/webhooks/${endpoint.endpoint_id}`, { auth: vendorUser, body: { events: ['order.teleported'] } })).status).toBe(400);
    expect((await server.call('PUT', `/webhooks/${endpoint.endpoint_id}`, { auth: vendorUser, body: { events: [] } })).status).toBe(400);

    expect((await server.call('DELETE', `/webhooks/${endpoint.endpoint_id}`, { auth: vendorUser })).status).toBe(200);
    const after = resultOf<{ endpoints: Endpoint[] }>((await server.call('GET', '/webhooks', { auth: vendorUser })).body).endpoints;
    expect(after.map((e) => e.endpoint_id)).not.toContain(endpoint.endpoint_id);
    expect((await server.call('DELETE', `/webhooks/${endpoint.endpoint_id}`, { auth: vendorUser })).status).toBe(403);
  });
});

describe('delivering order events', () => {
  it('sends the creation and each status change, signed, in the order they happened, with the order as GET /order answers it', async () => {
    const hook = await receiver();
    const { secret, endpoint } = await register(hook.url);
    const orderId = await placeOrder(server, vendorUser, SA_OLAYA);
    for (const status of ['RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY']) await moveOrder(server, orderId, status);
    const expected = ['order.created', 'order.status_changed', 'order.status_changed', 'order.status_changed', 'order.rider_assigned', 'order.status_changed'];
    await vi.waitFor(() => expect(eventsOf(hook, orderId)).toHaveLength(expected.length), SOON);

    const events = eventsOf(hook, orderId);
    // status_changed and rider_assigned of one change may arrive either way round; the statuses never go back.
    expect(events.map((e) => e.type).sort()).toEqual([...expected].sort());
    expect(events.filter((e) => e.type !== 'order.rider_assigned').map((e) => e.order?.status))
      .toEqual(['NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY']);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);

    const nowS = server.app.clock.nowS();
    for (const request of hook.received) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(verifyWebhookSignature(secret, String(request.headers['webhook-signature']), request.body, nowS)).toBe(true);
      expect(verifyWebhookSignature('whsec_not-the-secret', String(request.headers['webhook-signature']), request.body, nowS)).toBe(false);
      expect(request.headers['webhook-id']).toBe((JSON.parse(request.body) as { id: string }).id);
    }
    const read = await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${orderId}`, { auth: vendorUser });
    const last = events.at(-1)?.order as Record<string, unknown>;
    // The webhook carries the order as GET /order answers it, less the detail's recipient message log.
    const { recipient_messages: _messages, ...detail } = resultOf<Record<string, unknown>>(read.body);
    expect(Object.keys(last).sort()).toEqual(Object.keys(detail).sort());

    const log = await deliveries(endpoint.endpoint_id);
    expect(log.filter((d) => d.order_id === orderId).every((d) => d.state === 'succeeded' && d.attempts.length === 1 && d.attempts[0]?.status_code === 200)).toBe(true);
  });

  it('sends only the events an endpoint chose, and a parent endpoint hears its outlets', async () => {
    const hook = await receiver();
    await register(hook.url, ['order.cancelled'], SA_PARENT);
    const orderId = await placeOrder(server, vendorUser, SA_OLAYA);
    await moveOrder(server, orderId, 'RECEIVED');
    await moveOrder(server, orderId, 'CANCELLED');
    await vi.waitFor(() => expect(eventsOf(hook, orderId).map((e) => e.type)).toEqual(['order.cancelled']), SOON);
  });

  it('signs with both secrets while one rotates', async () => {
    const hook = await receiver();
    const { secret: oldSecret, endpoint } = await register(hook.url, ['order.created']);
    const rotated = await server.call('POST', `/webhooks/${endpoint.endpoint_id}/secret`, { auth: vendorUser });
    const { secret: newSecret, endpoint: after } = resultOf<{ secret: string; endpoint: Endpoint }>(rotated.body);
    expect(newSecret).not.toBe(oldSecret);
    expect(after.previous_secret_expires_at).toBeGreaterThan(server.app.clock.nowS());
    const orderId = await placeOrder(server, vendorUser, SA_OLAYA);
    await vi.waitFor(() => expect(eventsOf(hook, orderId)).toHaveLength(1), SOON);
    const request = hook.received.at(-1);
    const header = String(request?.headers['webhook-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    const nowS = server.app.clock.nowS();
    expect(verifyWebhookSignature(oldSecret, header, request?.body ?? '', nowS)).toBe(true);
    expect(verifyWebhookSignature(newSecret, header, request?.body ?? '', nowS)).toBe(true);
  });
});

describe('proofs and bulk jobs', () => {
  it('tells when a proof of pickup and of delivery arrives, with the proof and the order', async () => {
    const hook = await receiver();
    const { secret } = await register(hook.url, ['order.proof_available']);
    const orderId = await placeOrder(server, vendorUser, SA_OLAYA);
    for (const status of ['RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY', 'PICKED_UP', 'NEAR_CUSTOMER', 'DELIVERED']) await moveOrder(server, orderId, status);
    await vi.waitFor(() => expect(eventsOf(hook, orderId)).toHaveLength(2), SOON);

    type Proofs = Record<string, string> & { signatures: Record<string, string>; received_by: Record<string, string> };
    const events = eventsOf(hook, orderId) as unknown as { type: string; order: { status: string; proofs: Proofs; customer: { name: string } }; proof: { kind: string; url: string; signature_url: string | null; received_by: string | null } }[];
    expect(events.map((e) => [e.type, e.proof.kind, e.order.status])).toEqual([['order.proof_available', 'pickup', 'PICKED_UP'], ['order.proof_available', 'delivery', 'DELIVERED']]);
    for (const event of events) {
      expect(event.proof.url).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(event.order.proofs[event.proof.kind]).toBe(event.proof.url);
    }
    // The delivery comes with the receiver's signature and name, as the order's proofs hold them; the pickup with neither.
    const [pickup, delivery] = events;
    expect(pickup?.proof).toMatchObject({ signature_url: null, received_by: null });
    expect(delivery?.proof.signature_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(delivery?.proof.signature_url).toBe(delivery?.order.proofs.signatures.delivery);
    expect(delivery?.proof.received_by).toBe('Sara Al-Harbi');
    expect(delivery?.proof.received_by).toBe(delivery?.order.customer.name);
    const nowS = server.app.clock.nowS();
    for (const request of hook.received) expect(verifyWebhookSignature(secret, String(request.headers['webhook-signature']), request.body, nowS)).toBe(true);
  });

  it('tells when a bulk job has placed its orders, with its totals, once', async () => {
    const hook = await receiver();
    const { secret } = await register(hook.url, ['bulk_job.finished'], SA_PARENT);
    const created = await upload(server, vendorUser, await xlsx([validRow(), validRow({ customerName: '' }), validRow()]));
    expect(created.status, created.text).toBe(200);
    const jobId = (created.body as { body: { bulk_job: { bulk_job_id: string } } }).body.bulk_job.bulk_job_id;
    const placed = await server.call('POST', `/bulk-job/place-orders/${jobId}`, { auth: vendorUser, body: {} });
    expect(placed.status, placed.text).toBe(200);
    await vi.waitFor(() => expect(hook.accepted()).toHaveLength(1), SOON);

    const [event] = hook.accepted() as unknown as { type: string; order: null; bulk_job: Record<string, unknown> }[];
    expect(event).toMatchObject({ type: 'bulk_job.finished', order: null, bulk_job: { bulk_job_id: jobId, status: 'ORDER_PLACEMENT_SUCCESS', orders_placed: 2, orders_failed: 0 } });
    expect(verifyWebhookSignature(secret, String(hook.received[0]?.headers['webhook-signature']), hook.received[0]?.body ?? '', server.app.clock.nowS())).toBe(true);
    // Asking again places nothing more and tells nothing more.
    await server.call('POST', `/bulk-job/place-orders/${jobId}`, { auth: vendorUser, body: {} });
    const test = await server.call('POST', `/webhooks/${(await listEndpoint(hook.url)).endpoint_id}/test`, { auth: vendorUser });
    expect(test.status, test.text).toBe(200);
    await vi.waitFor(() => expect(hook.accepted().map((e) => e.type)).toEqual(['bulk_job.finished', 'webhook.test']), SOON);
  });
});

describe('failures, retries and the log', () => {
  it('retries a failing endpoint on the server clock, logs every attempt, and resends on request', async () => {
    const hook = await receiver();
    hook.setMode({ answer: 503, body: 'down for maintenance' });
    const { endpoint } = await register(hook.url, ['order.created']);
    const orderId = await placeOrder(server, vendorUser, SA_OLAYA);
    await vi.waitFor(async () => expect((await deliveries(endpoint.endpoint_id))[0]?.attempts).toHaveLength(1), SOON);
    const [failed] = await deliveries(endpoint.endpoint_id);
    expect(failed).toMatchObject({ order_id: orderId, event_type: 'order.created', state: 'pending' });
    expect(failed?.attempts[0]).toMatchObject({ status_code: 503, excerpt: 'down for maintenance' });
    expect(failed?.next_attempt_at).toBeGreaterThan(server.app.clock.nowMs());

    // Not before its time: the next try waits for the server clock.
    await advance(60);
    await vi.waitFor(async () => expect((await deliveries(endpoint.endpoint_id))[0]?.attempts).toHaveLength(2), SOON);
    hook.setMode({ answer: 204 });
    await advance(120);
    await vi.waitFor(async () => expect((await deliveries(endpoint.endpoint_id))[0]?.state).toBe('succeeded'), SOON);
    const [done] = await deliveries(endpoint.endpoint_id);
    expect(done?.attempts.map((a) => a.status_code)).toEqual([503, 503, 204]);
    expect(await deliveries(endpoint.endpoint_id, '?result=failed')).toEqual([]);
    expect(await deliveries(endpoint.endpoint_id, '?event=order.cancelled')).toEqual([]);

    const resend = await server.call('POST', `/webhooks/${endpoint.endpoint_id}/deliveries/${done?.delivery_id}/resend`, { auth: vendorUser });
    expect(resend.status, resend.text).toBe(200);
    await vi.waitFor(async () => expect((await deliveries(endpoint.endpoint_id))[0]?.attempts).toHaveLength(4), SOON);
    const again = eventsOf(hook, orderId);
    expect(again).toHaveLength(2);
    expect(again[0]?.id).toBe(again[1]?.id);
  });

  it('gives up after 24 h: the delivery failed, the endpoint is failing and its creator is told once', async () => {
    const hook = await receiver();
    hook.setMode({ answer: 500 });
    const { endpoint } = await register(hook.url, ['order.created']);
    await placeOrder(server, vendorUser, SA_OLAYA);
    await vi.waitFor(async () => expect((await deliveries(endpoint.endpoint_id))[0]?.attempts).toHaveLength(1), SOON);
    await advance(25 * 3600);
    await vi.waitFor(async () => expect((await deliveries(endpoint.endpoint_id))[0]?.state).toBe('failed'), SOON);
    const listed = resultOf<{ endpoints: Endpoint[] }>((await server.call('GET', '/webhooks', { auth: vendorUser })).body).endpoints;
    expect(listed.find((e) => e.endpoint_id === endpoint.endpoint_id)?.failing_since).toEqual(expect.any(Number));
    await vi.waitFor(async () => {
      const mails = (await server.outbox()).filter((mail) => mail.to.includes('vendor@example.com') && mail.text.includes(hook.url));
      expect(mails).toHaveLength(1);
      // In the vendor's language (Saudi Arabia's default is English), with the way to the log.
      expect(mails[0]?.subject).toBe('Your webhook endpoint is failing');
      expect(mails[0]?.text).toContain(`${server.baseUrl}/settings/developers#webhooks-heading`);
    }, SOON);
    expect((await deliveries(endpoint.endpoint_id, '?result=failed'))).toHaveLength(1);

    // A test event reaches a recovered endpoint and clears the failing mark.
    hook.setMode({ answer: 200 });
    const test = await server.call('POST', `/webhooks/${endpoint.endpoint_id}/test`, { auth: vendorUser });
    expect(test.status, test.text).toBe(200);
    await vi.waitFor(() => expect(hook.accepted().map((e) => e.type)).toContain('webhook.test'), SOON);
    await vi.waitFor(async () => {
      const now = resultOf<{ endpoints: Endpoint[] }>((await server.call('GET', '/webhooks', { auth: vendorUser })).body).endpoints;
      expect(now.find((e) => e.endpoint_id === endpoint.endpoint_id)?.failing_since).toBeNull();
    }, SOON);
  });

  it("tells the vendor in its own language: a Swedish vendor's creator and owners get the mail in Swedish", async () => {
    const other = await server.login('other@example.com');
    // As if the other account's Singapore vendor were Swedish, with an owner besides the endpoint's creator.
    await server.app.db.updateTable('vendors').set({ country_code: 'SE', owners_json: JSON.stringify(['owner@example.se']) }).where('vendor_id', '=', SG_VENDOR).execute();
    try {
      const hook = await receiver();
      hook.setMode({ answer: 500 });
      const registered = await server.call('POST', '/webhooks', { auth: other, body: { vendor_id: SG_VENDOR, url: hook.url, events: ['order.created'] } });
      expect(registered.status, registered.text).toBe(200);
      const { endpoint } = resultOf<{ endpoint: Endpoint }>(registered.body);
      await server.call('POST', `/webhooks/${endpoint.endpoint_id}/test`, { auth: other });
      await vi.waitFor(() => expect(hook.received.length).toBeGreaterThan(0), SOON);
      await advance(25 * 3600);
      await vi.waitFor(async () => {
        const mails = (await server.outbox()).filter((mail) => mail.text.includes(hook.url));
        expect(mails.map((mail) => mail.to).sort()).toEqual(['other@example.com', 'owner@example.se']);
      }, SOON);
      const mails = (await server.outbox()).filter((mail) => mail.text.includes(hook.url)).map((mail) => ({ ...mail, text: Buffer.from(mail.text, 'latin1').toString('utf8') }));
      expect(mails[0]?.subject).toContain('webhook-mottagarpunkt misslyckas');
      expect(mails[0]?.text).toContain('Leveranser till');
    } finally {
      await server.app.db.updateTable('vendors').set({ country_code: 'SG', owners_json: '[]' }).where('vendor_id', '=', SG_VENDOR).execute();
    }
  });

  it('a hanging endpoint does not hold up another endpoint of the same vendor', async () => {
    const stuck = await receiver();
    stuck.setMode('hang');
    const healthy = await receiver();
    await register(stuck.url, ['order.created']);
    await register(healthy.url, ['order.created']);
    const first = await placeOrder(server, vendorUser, SA_OLAYA);
    const second = await placeOrder(server, vendorUser, SA_OLAYA);
    await vi.waitFor(() => expect(stuck.received.length).toBeGreaterThan(0), SOON);
    await vi.waitFor(() => {
      expect(eventsOf(healthy, first)).toHaveLength(1);
      expect(eventsOf(healthy, second)).toHaveLength(1);
    }, SOON);
    // The stuck endpoint still has its request open (60 s timeout here) while the other got both.
    expect(stuck.accepted()).toEqual([]);
  });

  it('checks the address again before every send: an endpoint that now points inside gets no request', async () => {
    const hook = await receiver();
    const { endpoint } = await register(hook.url, ['order.created']);
    // As if its name had come to resolve to a private address since it was saved.
    await server.app.db.updateTable('webhook_endpoints').set({ url: 'https://10.0.0.1/hooks' }).where('endpoint_id', '=', endpoint.endpoint_id).execute();
    const test = await server.call('POST', `/webhooks/${endpoint.endpoint_id}/test`, { auth: vendorUser });
    expect(test.status, test.text).toBe(200);
    await vi.waitFor(async () => expect((await deliveries(endpoint.endpoint_id))[0]?.attempts[0]).toMatchObject({ status_code: null, error: 'webhook.url.private-address' }), SOON);
    expect(hook.received).toEqual([]);
  });
});
