// A working day with the portal open (issue "working day"): one page stays open in Chromium while
// short-lived tokens (ACCESS_TOKEN_TTL_S) are refreshed several times and the server ends the session;
// then the vendor signs in again on the same page, places an order, tracks it through live updates that
// arrive on the websocket, and cancels it. No request may be answered 401 along the way.
import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { moveOrder, resultOf, SA_PARENT } from '../server/orders-fixtures';
import { fillOlayaDelivery, landedOrderId } from './request-flow';
import { DESKTOP, screenshot } from './support/browser';
import { useE2eServer } from './support/e2eServer';

/** Tokens live 8 s, so the page refreshes them every 4 s (half their life). */
const TOKEN_TTL_S = 8;
/** Three token lifetimes, counted in refreshes at half-life. */
const REFRESHES_FOR_THREE_LIFETIMES = 6;

// COURIER_SIM_SPEED 0: the simulated fleet stays still, so /ops alone moves the order.
const e2e = useE2eServer({ ACCESS_TOKEN_TTL_S: String(TOKEN_TTL_S), COURIER_SIM_SPEED: '0' });

/** What the page did on the network: every 401 answer and every live socket with the frames it got. */
interface NetworkLog {
  unauthorized: string[];
  sockets: { socket: WebSocket; authorization: string | null; received: string[]; closed: boolean }[];
}

function recordNetwork(page: Page): NetworkLog {
  const log: NetworkLog = { unauthorized: [], sockets: [] };
  page.on('response', (response) => {
    if (response.status() === 401) log.unauthorized.push(`${response.request().method()} ${response.url()}`);
  });
  page.on('websocket', (socket) => {
    const entry = { socket, authorization: new URL(socket.url()).searchParams.get('Authorization'), received: [] as string[], closed: false };
    socket.on('framereceived', (frame) => entry.received.push(String(frame.payload)));
    socket.on('close', () => (entry.closed = true));
    log.sockets.push(entry);
  });
  return log;
}

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Email address').fill('vendor@example.com');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
  await page.waitForURL(/request-a-rider/);
}

const storedAuthorization = (page: Page) =>
  page.evaluate(() => {
    const meta = JSON.parse(window.localStorage.getItem('portal.auth-meta') ?? 'null') as { AccessToken: string; IdToken: string } | null;
    return meta ? `Bearer ${meta.AccessToken}|${meta.IdToken}` : null;
  });

const row = (page: Page, list: string, orderId: string) => page.locator(`[data-list="${list}"] [data-order-id="${orderId}"]`);

/** Resolves when an order_update for `orderId` with `status` arrives on an open socket of the page. */
function updateOnSocket(log: NetworkLog, orderId: string, status: string): Promise<void> {
  const matches = (payload: string) => {
    const message = JSON.parse(payload) as { type?: string; order?: { order_id?: string; status?: string } };
    return message.type === 'order_update' && message.order?.order_id === orderId && message.order.status === status;
  };
  const live = log.sockets.filter((entry) => !entry.closed);
  return Promise.any(live.map((entry) => entry.socket.waitForEvent('framereceived', { predicate: (frame) => matches(String(frame.payload)), timeout: 10_000 }))).then(() => undefined);
}

describe('a working day with the portal open', () => {
  it('keeps one page working across token refreshes and a server-side session end, then places, tracks and cancels an order', async () => {
    const { page } = await e2e.browser.newPage({ viewport: DESKTOP });
    const log = recordNetwork(page);
    await page.goto(`${e2e.server.baseUrl}/connect`);
    await signIn(page);
    await page.getByRole('link', { name: 'Tracking' }).first().click();
    await page.locator('[data-live="connected"]').waitFor();

    // Three token lifetimes: every refresh stores the new tokens and the socket opens again with them.
    await expect
      .poll(() => new Set(log.sockets.map((entry) => entry.authorization)).size, { timeout: 90_000, interval: 500 })
      .toBeGreaterThan(REFRESHES_FOR_THREE_LIFETIMES);
    await page.locator('[data-live="connected"]').waitFor();
    const current = await storedAuthorization(page);
    expect(log.sockets.at(-1)?.authorization, 'the socket carries the stored (refreshed) token').toBe(current);
    expect(log.unauthorized).toEqual([]);

    // The server ends the session (signed out elsewhere): the socket is closed with 4401 and the page
    // signs out cleanly with the translated message, before any request is refused.
    const ended = log.sockets.at(-1)!.socket.waitForEvent('close', { timeout: 10_000 });
    const logout = await e2e.server.call('POST', '/logout', { auth: current!, body: {} });
    expect(logout.status, logout.text).toBeLessThan(300);
    await ended;
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
    await page.waitForURL((url) => !url.pathname.startsWith('/order-tracking'));
    expect(await storedAuthorization(page)).toBeNull();
    await screenshot(page, 'working-day-session-ended');

    // Signed in again on the same page, from the header's link: a cash order placed through the form.
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await signIn(page);
    await fillOlayaDelivery(page, '75');
    await page.getByLabel(/What is being delivered/).fill('Lunch boxes');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await page.getByRole('button', { name: 'Request a rider' }).click();
    const orderId = await landedOrderId(page);
    await page.locator('[data-live="connected"]').waitFor();
    const drawer = page.getByRole('dialog', { name: 'Order details' });
    await drawer.locator(`[data-order-detail="${orderId}"]`).waitFor();
    await page.keyboard.press('Escape');

    // Tracking: each status arrives as an order_update on the socket and the page follows it (the
    // fallback refresh waits 300 s without updates, far longer than this).
    for (const status of ['RECEIVED', 'WAITING_FOR_TRANSPORT']) {
      const onSocket = updateOnSocket(log, orderId, status);
      await moveOrder(e2e.server, orderId, status);
      await onSocket;
      await row(page, 'new', orderId).locator(`[data-status="${status}"]`).waitFor({ timeout: 5000 });
    }

    // Cancelled from its detail, with a reason.
    await row(page, 'new', orderId).click();
    await drawer.getByRole('button', { name: 'Cancel order' }).click();
    const picker = page.getByRole('dialog', { name: 'Cancel this order?' });
    await picker.getByLabel('The customer cancelled').check();
    await picker.getByRole('button', { name: 'Cancel order' }).click();
    await row(page, 'cancelled', orderId).waitFor({ timeout: 5000 });
    const auth = await e2e.server.login('vendor@example.com');
    const order = await e2e.server.call('GET', `/order?vendorId=${SA_PARENT}&orderId=${encodeURIComponent(orderId)}`, { auth });
    expect(resultOf<{ status: string }>(order.body).status).toBe('CANCELLED');
    await screenshot(page, 'working-day-cancelled');

    expect(log.unauthorized, 'no request answered 401 all day').toEqual([]);
    await page.close();
  });
});
