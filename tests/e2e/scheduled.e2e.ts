// A pre-order across a day boundary in a real Chromium against the real server (the production
// build): placed today for tomorrow 14:30, then "the next morning" (the server clock moved with
// POST /ops/clock, the browser's clock with Playwright's) it is still under Scheduled on the tracking
// page although it was placed yesterday, its detail shows its slot, and the vendor cancels it.
// Screenshots go to test-results/screenshots/scheduled-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../domain/types';
import { DESKTOP, screenshot } from './support/browser';
import { signedInStorage } from './support/session';
import { fillOlayaDelivery, landedOrderId, ops } from './request-flow';
import { resultOf, SA_PARENT } from '../server/orders-fixtures';
import { useE2eServer } from './support/e2eServer';

// A moving fleet (30x): an order it did not hold until dispatch would be past cancelling within seconds.
const e2e = useE2eServer({ COURIER_SIM_SPEED: '30' });

const row = (page: Page, list: string, orderId: string) => page.locator(`[data-list="${list}"] [data-order-id="${orderId}"]`);

/** A signed-in page whose browser clock reads `nowMs` (and runs on from there). */
async function signedInAt(nowMs: number | null): Promise<Page> {
  const storage = await signedInStorage(e2e.server, 'vendor@example.com', { selectedVendor: SA_PARENT });
  const { context, page } = await e2e.browser.newPage({ viewport: DESKTOP, storage });
  if (nowMs !== null) await context.clock.setSystemTime(nowMs);
  return page;
}

async function statusOf(orderId: string): Promise<Order['status']> {
  const auth = await e2e.server.login('vendor@example.com');
  const response = await e2e.server.call('GET', `/order?vendorId=${SA_PARENT}&orderId=${encodeURIComponent(orderId)}`, { auth });
  return resultOf<Order>(response.body).status;
}

describe('a pre-order placed yesterday', () => {
  it('is under Scheduled the next morning, shows its slot and can be cancelled', async () => {
    const today = await signedInAt(null);
    await today.goto(`${e2e.server.baseUrl}/request-a-rider/${SA_PARENT}`);
    await fillOlayaDelivery(today, '60');
    await today.getByRole('radio', { name: /^Later/ }).check();
    // The second date offered is tomorrow in Asia/Dubai (the Saudi build's zone).
    const date = today.getByLabel('Date', { exact: true });
    const tomorrow = (await date.locator('option').nth(1).getAttribute('value')) ?? '';
    expect(tomorrow).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await date.selectOption(tomorrow);
    await today.getByLabel('Time', { exact: true }).fill('14:30');
    await today.getByRole('button', { name: 'Continue to payment' }).click();
    await today.getByRole('radio', { name: /Cash on delivery/ }).check();
    await today.getByRole('button', { name: 'Request a rider' }).click();
    const orderId = await landedOrderId(today);
    await row(today, 'preorder', orderId).waitFor();
    // The courier platform has received it at once and holds it until dispatch.
    expect(await statusOf(orderId)).toBe('RECEIVED');
    await today.close();

    // 08:00 tomorrow in Dubai (UTC+4) is 04:00 UTC: the server and the browser both move there.
    const nextMorningMs = Date.parse(`${tomorrow}T04:00:00Z`);
    await ops(e2e.server, 'POST', '/ops/clock', { offset_s: Math.floor((nextMorningMs - Date.now()) / 1000) });
    const page = await signedInAt(nextMorningMs);
    await page.goto(`${e2e.server.baseUrl}/order-tracking/${SA_PARENT}`);
    await page.locator('[data-live="connected"]').waitFor();
    // The browser's today is the slot's day: the order was placed yesterday.
    expect(await page.evaluate(() => new Date().toISOString().slice(0, 10))).toBe(tomorrow);
    await row(page, 'preorder', orderId).waitFor();
    expect(await row(page, 'new', orderId).count()).toBe(0);
    await screenshot(page, 'scheduled-desktop-en-next-morning');

    await row(page, 'preorder', orderId).click();
    const drawer = page.getByRole('dialog', { name: 'Order details' });
    const detail = drawer.locator(`[data-order-detail="${orderId}"]`);
    await detail.waitFor();
    // Its slot, in the zone, not estimates counted from now.
    expect(await detail.textContent()).toMatch(/Scheduled for .*2:30\sPM/);
    expect(await drawer.getByText('Estimated delivery', { exact: true }).count()).toBe(0);
    const cancel = drawer.getByRole('button', { name: 'Cancel order' });
    expect(await cancel.isEnabled()).toBe(true);
    await screenshot(page, 'scheduled-desktop-en-detail');
    await cancel.click();
    const picker = page.getByRole('dialog', { name: 'Cancel this order?' });
    await picker.getByLabel('The customer cancelled').check();
    await picker.getByRole('button', { name: 'Cancel order' }).click();
    await row(page, 'cancelled', orderId).waitFor();
    expect(await statusOf(orderId)).toBe('CANCELLED');
    await page.close();
  });
});
