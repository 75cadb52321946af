// PayAtPickup (SPEC §6, issue #5) in a real Chromium against the real server: with the flag off the
// payment step offers no pay-at-pick-up choice; with it on (through /ops, then a reload) the vendor
// chooses it, places the order, and the order detail names the method. Screenshots:
// test-results/screenshots/pay-at-pickup-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../domain/types';
import { resultOf } from '../server/orders-fixtures';
import { DESKTOP, screenshot } from './support/browser';
import { fillOlayaDelivery, landedOrderId, ops, signedInPage } from './request-flow';
import { useE2eServer } from './support/e2eServer';

const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });

/** The request form filled up to its payment step. */
async function reachPayment(page: Page): Promise<void> {
  await fillOlayaDelivery(page, '120');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('radio', { name: /Cash on delivery/ }).waitFor();
}

describe('PayAtPickup', () => {
  it('offers "Pay at pick-up" only with the flag on, and the placed order shows it', async () => {
    const page = await signedInPage(e2e.browser, e2e.server, 'vendor@example.com', { viewport: DESKTOP });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider`);
    await reachPayment(page);
    expect(await page.getByRole('radio', { name: /Pay at pick-up/ }).count()).toBe(0);
    await screenshot(page, 'pay-at-pickup-off');

    await ops(e2e.server, 'PUT', '/ops/flags/PayAtPickup', { variation: true });
    await page.reload();
    await reachPayment(page);
    await page.getByRole('radio', { name: /Pay at pick-up/ }).check();
    await page.getByText('Have the delivery fee ready in cash for the rider at pick-up.').waitFor();
    await screenshot(page, 'pay-at-pickup-on');
    await page.getByRole('button', { name: 'Request a rider' }).click();

    const orderId = await landedOrderId(page);
    const detail = page.getByRole('dialog', { name: 'Order details' }).locator(`[data-order-detail="${orderId}"]`);
    await detail.waitFor();
    const method = detail.locator('dt', { hasText: 'Payment method' }).locator('xpath=following-sibling::dd');
    expect(await method.textContent()).toBe('Pay at pick-up');
    await screenshot(page, 'pay-at-pickup-detail');

    const auth = await e2e.server.login('vendor@example.com');
    const response = await e2e.server.call('GET', `/order?vendorId=sa-1000&orderId=${encodeURIComponent(orderId)}`, { auth });
    expect(resultOf<Order>(response.body).order.payment_method).toBe('PAY_AT_PICKUP');
    await ops(e2e.server, 'PUT', '/ops/flags/PayAtPickup', { variation: false });
    await page.close();
  });
});
