// TagIdCheck (SPEC §6, issue #5) in a real Chromium against the real server: with the flag off the
// order details have no tag field; with it on (through /ops, then a reload) a malformed tag shows its
// translated error, a good one travels with the order, and the order detail shows it with its hint.
// Screenshots: test-results/screenshots/tag-id-*.png.
import { describe, expect, it } from 'vitest';
import type { Order } from '../../domain/types';
import { resultOf } from '../server/orders-fixtures';
import { DESKTOP, screenshot } from './support/browser';
import { fillOlayaDelivery, landedOrderId, ops, signedInPage } from './request-flow';
import { useE2eServer } from './support/e2eServer';

const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });

describe('TagIdCheck', () => {
  it('asks for the tag id only with the flag on, checks it, and the order detail shows it', async () => {
    const page = await signedInPage(e2e.browser, e2e.server, 'vendor@example.com', { viewport: DESKTOP });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider`);
    await fillOlayaDelivery(page, '120');
    expect(await page.getByLabel('Tag ID (optional)').count()).toBe(0);
    await screenshot(page, 'tag-id-off');

    await ops(e2e.server, 'PUT', '/ops/flags/TagIdCheck', { variation: true });
    await page.reload();
    await fillOlayaDelivery(page, '120');
    await page.getByLabel('Tag ID (optional)').fill('BAG 42');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Use up to 32 letters, digits or dashes').waitFor();
    await screenshot(page, 'tag-id-error');

    await page.getByLabel('Tag ID (optional)').fill('BAG-0042');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await page.getByRole('button', { name: 'Request a rider' }).click();

    const orderId = await landedOrderId(page);
    const detail = page.getByRole('dialog', { name: 'Order details' }).locator(`[data-order-detail="${orderId}"]`);
    await detail.waitFor();
    const tag = detail.locator('dt', { hasText: 'Tag ID' }).locator('xpath=following-sibling::dd');
    expect(await tag.locator('code').textContent()).toBe('BAG-0042');
    expect(await tag.textContent()).toContain('The rider checks this tag at pick-up');
    await screenshot(page, 'tag-id-detail');

    const auth = await e2e.server.login('vendor@example.com');
    const response = await e2e.server.call('GET', `/order?vendorId=sa-1000&orderId=${encodeURIComponent(orderId)}`, { auth });
    expect(resultOf<Order>(response.body).order.tag_id).toBe('BAG-0042');
    await ops(e2e.server, 'PUT', '/ops/flags/TagIdCheck', { variation: false });
    await page.close();
  });
});
