// The failing-webhooks banner's live push (issue #25) over the real server, real sockets and a real
// receiver on loopback: when an endpoint starts failing (its delivery ran out of 24 h of retries on
// the server clock, moved, never slept on) and when it stops (deleted), the vendor's open sockets
// that asked for it hear `webhook_health` at once; a member whose role may not see webhooks (a
// viewer) is refused, and another tenant's socket hears nothing. Tests wait for events.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_VENDORS } from '../../server/db/seed';
import { advanceClock } from './clock';
import { startServer, type TestServer } from './harness';
import { placeOrder, resultOf } from './orders-fixtures';
import { addMember } from './teamMembers';
import { healthNotices, listeningToWebhookHealth, type HealthSocket } from './webhookHealthSockets';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';

const PARENT = DEMO_VENDORS.saParent;
const OLAYA = DEMO_VENDORS.saOlaya;
/** The sender sweeps for due work every second; a few rounds at most. */
const SOON = { timeout: 15_000, interval: 50 };

const listening = (server: TestServer, auth: string) => listeningToWebhookHealth(server.wsUrl, auth);

describe('GET /ws webhook_health', () => {
  let server: TestServer;
  let hook: WebhookReceiver;
  const sockets: HealthSocket[] = [];
  beforeAll(async () => {
    // Sessions outlive the 25 h the clock is moved by, so the sockets stay open across it.
    server = await startServer({ COURIER_SIM_SPEED: '0', ACCESS_TOKEN_TTL_S: String(7 * 86_400) });
    hook = await startWebhookReceiver();
  });
  afterAll(async () => {
    for (const live of sockets) live.socket.close();
    await hook?.close();
    await server?.stop();
  });

  it('tells the vendor\'s managers when an endpoint starts and stops failing, never a viewer nor another tenant', async () => {
    const owner = await server.login('vendor@example.com');
    const manager = await addMember(server, owner, 'manager', OLAYA);
    const viewer = await addMember(server, owner, 'viewer', PARENT);
    const ownerLive = await listening(server, owner);
    const managerLive = await listening(server, manager.auth);
    const viewerLive = await listening(server, viewer.auth);
    const foreignLive = await listening(server, await server.login('other@example.com'));
    sockets.push(ownerLive, managerLive, viewerLive, foreignLive);

    // The parent's owner hears its outlets too; the Olaya manager only Olaya; the viewer is refused.
    expect(ownerLive.messages).toContainEqual({ type: 'subscribe_ok', vendor_id: PARENT });
    expect(ownerLive.messages).toContainEqual({ type: 'subscribe_ok', vendor_id: OLAYA });
    expect(managerLive.messages).toEqual([{ type: 'subscribe_ok', vendor_id: OLAYA }]);
    expect(viewerLive.messages).toEqual([{ type: 'error', message: 'error.forbidden' }]);

    hook.setMode({ answer: 500 });
    const registered = await server.call('POST', '/webhooks', { auth: owner, body: { vendor_id: OLAYA, url: hook.url, events: ['order.created'] } });
    expect(registered.status, registered.text).toBe(200);
    const endpointId = resultOf<{ endpoint: { endpoint_id: string } }>(registered.body).endpoint.endpoint_id;
    await placeOrder(server, owner, OLAYA);
    await vi.waitFor(() => expect(hook.received).toHaveLength(1), SOON);
    expect(healthNotices(ownerLive)).toEqual([]);

    advanceClock(server, 25 * 3600);
    const failing = { type: 'webhook_health', vendor_id: OLAYA, endpoint_id: endpointId, failing: true };
    await vi.waitFor(() => expect(healthNotices(ownerLive)).toEqual([failing]), SOON);
    await vi.waitFor(() => expect(healthNotices(managerLive)).toEqual([failing]), SOON);

    const deleted = await server.call('DELETE', `/webhooks/${endpointId}`, { auth: owner });
    expect(deleted.status, deleted.text).toBe(200);
    const fixed = { ...failing, failing: false };
    await vi.waitFor(() => expect(healthNotices(ownerLive)).toEqual([failing, fixed]), SOON);
    await vi.waitFor(() => expect(healthNotices(managerLive)).toEqual([failing, fixed]), SOON);

    // Both notices went out before the last one arrived: the others would have had them by now.
    expect(healthNotices(viewerLive)).toEqual([]);
    expect(healthNotices(foreignLive)).toEqual([]);
  });
});
