// Settings → Developers in a real Chromium against the real server: a user opens the page from the
// account menu, creates an order-writing API key for one branch, sees it once, the test places and
// reads an order with it through the API, then the user revokes it and the key's next call is 401.
// Screenshot: test-results/screenshots/developers-desktop-en.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, screenshot, type LaunchedBrowser } from './support/browser';
import { signedInStorage } from './support/session';
import { distDir } from './support/e2eServer';
import { startServer, type TestServer } from '../server/harness';
import { advanceClock } from '../server/clock';
import { moveOrder, orderPayload, quoteFee, resultOf, SA_OLAYA, SA_PARENT } from '../server/orders-fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../server/webhookReceiver';
import { verifyWebhookSignature } from '../../server/webhooks/signature';

let server: TestServer;
let browser: LaunchedBrowser;
let receiver: WebhookReceiver | undefined;

beforeAll(async () => {
  server = await startServer({ DIST_DIR: distDir(), COURIER_SIM_SPEED: '0' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await receiver?.close();
  await browser?.close();
  await server?.stop();
});

describe('Developers page', () => {
  it('creates a key shown once, the key places an order through the API, revoking it makes the next call 401', async () => {
    const storage = await signedInStorage(server, 'vendor@example.com', { selectedVendor: SA_PARENT });
    const { page } = await browser.newPage({ viewport: DESKTOP, storage });
    await page.goto(`${server.baseUrl}/request-a-rider`);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Developers' }).click();
    await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();

    await page.getByLabel('Key name').fill('Olaya till');
    await page.getByLabel('Access').selectOption('write');
    await page.getByRole('group', { name: 'Branches' }).getByText('Riyadh Fresh Bakery - Olaya', { exact: true }).click();
    await page.getByRole('button', { name: 'Create key' }).click();

    const revealed = page.getByTestId('revealed-api-key');
    await revealed.waitFor();
    const key = await revealed.inputValue();
    expect(key).toMatch(/^cpk_[0-9a-f]{16}_/);
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Olaya till' });
    await expect(row.textContent()).resolves.toContain(key.split('_').slice(0, 2).join('_'));
    await screenshot(page, 'developers-desktop-en');

    // The key works through the API, with the app's rules, for its branch only.
    const auth = `ApiKey ${key}`;
    const quote = await quoteFee(server, auth, SA_OLAYA);
    const created = await server.call('POST', '/order', { auth, body: orderPayload(SA_OLAYA, quote) });
    expect(created.status, created.text).toBe(200);
    const orderId = resultOf<{ order_id: string }>(created.body).order_id;
    const read = await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${encodeURIComponent(orderId)}`, { auth });
    expect(read.status).toBe(200);
    expect((await server.call('GET', `/vendor/${SA_PARENT}/orders`, { auth })).status).toBe(403);

    // Shown once: after dismissing (and after a reload) the page never holds the key again.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await revealed.waitFor({ state: 'detached' });
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(key);

    await row.getByRole('button', { name: 'Revoke Olaya till' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    const after = await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${encodeURIComponent(orderId)}`, { auth });
    expect(after.status).toBe(401);
  });

  it('registers a webhook to a local receiver: an API-key order\'s status changes arrive signed, a failing receiver is retried and logged, a delivery is resent', async () => {
    receiver = await startWebhookReceiver();
    const hook = receiver;
    const session = await server.login('vendor@example.com');
    const created = await server.call('POST', '/api-keys', { auth: session, body: { name: 'Shop', access: 'write', vendor_ids: [SA_OLAYA] } });
    const auth = `ApiKey ${resultOf<{ key: string }>(created.body).key}`;

    const storage = await signedInStorage(server, 'vendor@example.com', { selectedVendor: SA_PARENT });
    const { page } = await browser.newPage({ viewport: DESKTOP, storage });
    await page.goto(`${server.baseUrl}/settings/developers`);
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.waitFor();
    await webhooks.getByLabel('Branch', { exact: true }).selectOption({ label: 'Riyadh Fresh Bakery - Olaya' });
    await webhooks.getByLabel('Endpoint URL').fill(hook.url);
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
    const revealed = webhooks.getByTestId('revealed-webhook-secret');
    await revealed.waitFor();
    const secret = await revealed.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await webhooks.getByRole('button', { name: 'I have copied it' }).click();

    // An order placed with the key, moved by the courier: each change arrives, signed with the secret.
    const quote = await quoteFee(server, auth, SA_OLAYA);
    const placed = await server.call('POST', '/order', { auth, body: orderPayload(SA_OLAYA, quote) });
    expect(placed.status, placed.text).toBe(200);
    const orderId = resultOf<{ order_id: string }>(placed.body).order_id;
    await moveOrder(server, orderId, 'RECEIVED');
    await moveOrder(server, orderId, 'WAITING_FOR_TRANSPORT');
    const statuses = () => hook.accepted().filter((e) => e.order?.order_id === orderId && e.type !== 'order.rider_assigned').map((e) => e.order?.status);
    await expect.poll(statuses, { timeout: 15_000 }).toEqual(['NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT']);
    for (const request of hook.received) {
      expect(verifyWebhookSignature(secret, String(request.headers['webhook-signature']), request.body, server.app.clock.nowS())).toBe(true);
    }

    // The receiver fails: the attempt is logged with its status and answer, and retried on the server clock.
    hook.setMode({ answer: 500, body: 'receiver down' });
    await moveOrder(server, orderId, 'ASSIGNED_TO_TRANSPORT');
    await expect.poll(() => hook.received.filter((r) => r.status === 500).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    advanceClock(server, 120);
    await expect.poll(() => hook.received.filter((r) => r.status === 500).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await webhooks.getByRole('button', { name: 'Deliveries' }).click();
    const failing = page.getByTestId('webhook-delivery').filter({ hasText: 'order.rider_assigned' });
    await failing.waitFor();
    await expect.poll(async () => failing.getByTestId('webhook-attempt').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect(failing.textContent()).resolves.toContain('receiver down');
    await screenshot(page, 'developers-webhooks-desktop-en');

    // Back up: resending a delivery sends it again at once (same event id).
    hook.setMode({ answer: 200 });
    const delivered = page.getByTestId('webhook-delivery').filter({ hasText: 'order.created' });
    await delivered.getByRole('button', { name: 'Resend' }).click();
    const createdEvents = () => hook.accepted().filter((e) => e.order?.order_id === orderId && e.type === 'order.created');
    await expect.poll(() => createdEvents().length, { timeout: 15_000 }).toBe(2);
    expect(createdEvents()[0]?.id).toBe(createdEvents()[1]?.id);

    // The key is revoked: its next call is 401.
    const keys = resultOf<{ api_keys: { key_id: string; name: string }[] }>((await server.call('GET', '/api-keys', { auth: session })).body).api_keys;
    const keyId = keys.find((k) => k.name === 'Shop')?.key_id ?? '';
    expect((await server.call('DELETE', `/api-keys/${keyId}`, { auth: session })).status).toBe(200);
    expect((await server.call('GET', `/order?vendorId=${SA_OLAYA}&orderId=${encodeURIComponent(orderId)}`, { auth })).status).toBe(401);
  });
});
