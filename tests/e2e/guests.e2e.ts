// A guest's journey after the order, in Chromium against the real server (issue 20, "Guests and
// senders"): live tracking over the guest's own socket, the drawer naming the sender and linking the
// consumer-to-consumer page, no internal placeholders. Screenshots: test-results/screenshots/guests-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, type Viewport } from './support/browser';
import { moveOrder, orderPayload, quoteFee, resultOf } from '../server/orders-fixtures';
import { useE2eServer } from './support/e2eServer';

// COURIER_SIM_SPEED 0: only /ops moves orders, so every change on screen came from the test.
const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });

const SENDER = { name: 'Nora Haddad', email: 'nora@example.com', phone_number: '+966501112233', country_code: 'SA' };
const PICKUP = { latitude: 24.7136, longitude: 46.6753, address: 'Olaya, Riyadh', notes: '' };

/** A guest session with one order, as the guest dialog and the request flow leave them on the device. */
async function guestWithOrder(): Promise<{ storage: Record<string, string>; orderId: string }> {
  const session = await e2e.server.call('POST', '/guest/session', { body: SENDER });
  const { token, expires } = resultOf<{ token: string; expires: number }>(session.body);
  const auth = `Bearer ${token}`;
  const quote = await quoteFee(e2e.server, auth, 'vendorID', undefined, { latitude: PICKUP.latitude, longitude: PICKUP.longitude });
  const created = await e2e.server.call('POST', '/order', { auth, body: orderPayload('vendorID', quote, { sender: { name: SENDER.name, email: SENDER.email, phone_number: SENDER.phone_number, location: PICKUP } }) });
  expect(created.status, created.text).toBe(200);
  const orderId = resultOf<{ order_id: string }>(created.body).order_id;
  return {
    orderId,
    storage: {
      'portal.guest-token': JSON.stringify({ token, expires }),
      'portal.guest-credentials': JSON.stringify({ ...SENDER, location: PICKUP }),
      'portal.guest-orders': JSON.stringify([{ order_id: orderId, vendor_id: 'vendorID', created_at: Math.floor(Date.now() / 1000) }]),
    },
  };
}

const row = (page: Page, list: string, orderId: string) => page.locator(`[data-list="${list}"] [data-order-id="${orderId}"]`);

describe('a guest tracking their order', () => {
  const cases: [Viewport, string][] = [[DESKTOP, 'en'], [PHONE, 'en'], [DESKTOP, 'ar-SA'], [PHONE, 'ar-SA']];
  it.each(cases)('sees it move live, with its sender and its own tracking page (%j, %s)', async (viewport, locale) => {
    const { storage, orderId } = await guestWithOrder();
    const { page } = await e2e.browser.newPage({ viewport, storage: { ...storage, 'portal.locale': locale } });
    const shot = `guests-tracking-${viewport.width}-${locale}`;
    await page.goto(`${e2e.server.baseUrl}/order-tracking`);
    await row(page, 'new', orderId).waitFor({ state: 'attached' });
    // The guest's socket is accepted: the page says live, not "Reconnecting…".
    await page.locator('[data-live="connected"]').waitFor({ timeout: 10_000 });

    await moveOrder(e2e.server, orderId, 'PICKED_UP');
    // Live, not the 60 s fallback refresh: well inside that.
    await row(page, 'collected', orderId).waitFor({ state: 'attached', timeout: 15_000 });
    expect(await page.locator('[data-live="reconnecting"]').count()).toBe(0);

    // On a phone the lists are tabs: open Collected (the third) to see the order.
    if (!(await row(page, 'collected', orderId).isVisible())) await page.locator('button[aria-pressed]').nth(2).click();
    // No placeholder on screen: neither the 'vendorID-' id prefix nor the 'guest' outlet.
    const shownId = orderId.slice('vendorID-'.length);
    const listText = await page.locator('main').innerText();
    expect(listText).not.toContain('vendorID');
    expect(listText).toContain(shownId);
    expect(listText).toContain(SENDER.name);
    await screenshot(page, `${shot}-list`);

    await row(page, 'collected', orderId).click();
    const drawer = page.getByRole('dialog');
    await drawer.locator(`[data-order-detail="${orderId}"]`).waitFor();
    const drawerText = await drawer.innerText();
    expect(drawerText).not.toContain('vendorID');
    expect(drawerText).not.toMatch(/\bguest\b/);
    expect(drawerText).toContain(SENDER.name);
    const hrefs = await drawer.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const trackingLink = drawer.locator('a[href^="/tracking"]');
    expect(hrefs.filter((href) => href?.startsWith('/tracking'))).toHaveLength(1);
    expect(await trackingLink.getAttribute('href')).toMatch(new RegExp(`^/tracking-c2c/${orderId}\\?t=`));
    await screenshot(page, `${shot}-drawer`);

    // The recipient page, given this parcel's id, sends the reader to the parcel's own page.
    const href = (await trackingLink.getAttribute('href')) as string;
    await page.goto(`${e2e.server.baseUrl}${href.replace('/tracking-c2c/', '/tracking/')}`);
    await page.waitForURL(/\/tracking-c2c\//);
    await page.locator('[aria-current="step"][data-stage="to-delivery"]').waitFor();
    await screenshot(page, `${shot}-c2c-page`);
    await page.close();
  }, 60_000);
});
