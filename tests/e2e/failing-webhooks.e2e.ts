// The failing-webhooks banner in a real Chromium against the real server (issue #25): an endpoint
// whose receiver answers 500 runs out of its 24 h of retries (the server clock is moved, never slept
// on) and the banner appears on the vendor's page at once, pushed over the live socket; deleting the
// endpoint takes it away, again without a reload. The page holds one WebSocket, shared by the
// history page's live orders and the banner.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DESKTOP, launchBrowser, type LaunchedBrowser } from './support/browser';
import { signedInStorage } from './support/session';
import { distDir } from './support/e2eServer';
import { advanceClock } from '../server/clock';
import { startServer, type TestServer } from '../server/harness';
import { placeOrder, resultOf, SA_OLAYA, SA_PARENT } from '../server/orders-fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../server/webhookReceiver';

let server: TestServer;
let browser: LaunchedBrowser;
let receiver: WebhookReceiver;

beforeAll(async () => {
  // Sessions outlive the 25 h the clock is moved by, so the page stays signed in across it.
  server = await startServer({ DIST_DIR: distDir(), COURIER_SIM_SPEED: '0', ACCESS_TOKEN_TTL_S: String(7 * 86_400) });
  browser = await launchBrowser();
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await browser?.close();
  await server?.stop();
});

describe('failing-webhooks banner', () => {
  it('appears when an endpoint starts failing and goes when it is deleted, pushed to the open page', async () => {
    const auth = await server.login('vendor@example.com');
    receiver.setMode({ answer: 500, body: 'broken' });
    const registered = await server.call('POST', '/webhooks', { auth, body: { vendor_id: SA_OLAYA, url: receiver.url, events: ['order.created'] } });
    expect(registered.status, registered.text).toBe(200);
    const endpointId = resultOf<{ endpoint: { endpoint_id: string } }>(registered.body).endpoint.endpoint_id;
    await placeOrder(server, auth, SA_OLAYA);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 15_000, interval: 50 });

    const storage = await signedInStorage(server, 'vendor@example.com', { selectedVendor: SA_PARENT });
    const { page } = await browser.newPage({ viewport: DESKTOP, storage });
    // One socket for the tab (adapters/websocket/sharedLiveChannel.ts): the history page's live orders
    // and the banner both subscribe on it, and the banner's request is answered there.
    const sockets: { url: string; sent: string[] }[] = [];
    const subscribed = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => {
        const record = { url: socket.url(), sent: [] as string[] };
        sockets.push(record);
        socket.on('framesent', (frame) => {
          record.sent.push(String(frame.payload));
          if (!String(frame.payload).includes('subscribeToWebhookHealth')) return;
          void socket.waitForEvent('framereceived', (answer) => String(answer.payload).includes('subscribe_ok')).then(() => resolve());
        });
      });
    });
    await page.goto(`${server.baseUrl}/history/${SA_PARENT}`);
    await subscribed;
    const banner = page.getByTestId('failing-webhooks-banner');
    expect(await banner.count()).toBe(0);

    advanceClock(server, 25 * 3600);
    await banner.waitFor();
    expect(await banner.textContent()).toContain('A webhook endpoint is failing: deliveries to it have not gone through for 24 hours.');

    const deleted = await server.call('DELETE', `/webhooks/${endpointId}`, { auth });
    expect(deleted.status, deleted.text).toBe(200);
    await banner.waitFor({ state: 'detached' });

    expect(sockets.map((socket) => new URL(socket.url).pathname)).toEqual(['/ws']);
    const actions = sockets[0]?.sent.map((frame) => (JSON.parse(frame) as { action: string }).action);
    expect(actions).toEqual(expect.arrayContaining(['subscribeToVendor', 'subscribeToWebhookHealth']));
  });
});
