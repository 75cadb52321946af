// TaiwanCardProvider (SPEC §6, issue #5) in a real Chromium against the real server: with the flag on
// (through /ops, then a reload) the card form uses the second card provider, which encrypts the card in
// the browser (WebCrypto) with the key of the payment intent: the confirm request carries
// `encrypted_card` and the card number nowhere, and the sandbox test cards still pay, decline and
// challenge. With the flag off the confirm request carries `card` as typed. Screenshots:
// test-results/screenshots/taiwan-card-provider-*.png.
import type { Page, Request } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DESKTOP, screenshot } from './support/browser';
import { fillOlayaDelivery, landedOrderId, ops, signedInPage } from './request-flow';
import { useE2eServer } from './support/e2eServer';

const NOTE = 'Your card details are encrypted on this device before they are sent.';

const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });

afterEach(async () => {
  await ops(e2e.server, 'PUT', '/ops/flags/TaiwanCardProvider', { variation: false });
});

/** The bodies of the page's POST {service}/api/v1/order/payment/intent/confirm requests, as they leave the browser. */
function confirmBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/order/payment/intent/confirm')) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

/** A signed-in vendor's card form (sa-1000, online payment), with the flag as the server says now. */
async function cardForm(taiwan: boolean): Promise<{ page: Page; bodies: string[] }> {
  await ops(e2e.server, 'PUT', '/ops/flags/TaiwanCardProvider', { variation: taiwan });
  const page = await signedInPage(e2e.browser, e2e.server, 'vendor@example.com', { viewport: DESKTOP });
  const bodies = confirmBodies(page);
  await page.goto(`${e2e.server.baseUrl}/request-a-rider/sa-1000`);
  await fillOlayaDelivery(page, '80');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('radio', { name: /Online payment/ }).check();
  await page.getByRole('button', { name: 'Pay and place order' }).waitFor();
  return { page, bodies };
}

async function typeCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Name on card').fill('Mei-Ling Chen');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel('CVV/CVC').fill('123');
}

/** Clicks pay once the form may pay (with the flag: once the card is encrypted). */
async function pay(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Pay and place order' });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
}

describe('TaiwanCardProvider', () => {
  it('on: the card is encrypted in the browser; the confirm request has encrypted_card and no card number', async () => {
    const { page, bodies } = await cardForm(true);
    await page.getByText(NOTE).waitFor();
    await typeCard(page, '4111 1111 1111 1111');
    await screenshot(page, 'taiwan-card-provider-on');
    await pay(page);
    expect(await landedOrderId(page)).toMatch(/^sa-1000/);

    expect(bodies).toHaveLength(1);
    const body = JSON.parse(bodies[0]!) as Record<string, unknown>;
    expect(body).toMatchObject({ payment_instrument_id: 'NEW', holder_name: 'Mei-Ling Chen', encrypted_card: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/) });
    expect(body).not.toHaveProperty('card');
    for (const clear of ['4111111111111111', '4111 1111 1111 1111', '"cvc"', '"number"']) expect(bodies[0]).not.toContain(clear);
    await page.close();
  });

  it('on: the sandbox test cards still decline (4000…0002) and challenge (4000…3220)', async () => {
    const { page, bodies } = await cardForm(true);
    await typeCard(page, '4000 0000 0000 0002');
    await pay(page);
    await page.getByText('Your card was declined. Please try another card.').first().waitFor();

    await page.getByLabel('Card number').fill('4000 0000 0000 3220');
    await pay(page);
    await page.waitForURL(/\/payments-sandbox\/challenge\//);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/order-tracking\?order_id=/);

    expect(bodies).toHaveLength(2);
    for (const [index, number] of ['4000000000000002', '4000000000003220'].entries()) {
      expect(JSON.parse(bodies[index]!)).toHaveProperty('encrypted_card');
      expect(bodies[index]).not.toContain(number);
    }
    await page.close();
  });

  it('off: no note, and the confirm request carries the card as typed', async () => {
    const { page, bodies } = await cardForm(false);
    await typeCard(page, '4111 1111 1111 1111');
    expect(await page.getByText(NOTE).count()).toBe(0);
    await screenshot(page, 'taiwan-card-provider-off');
    await pay(page);
    await landedOrderId(page);

    expect(bodies).toHaveLength(1);
    const body = JSON.parse(bodies[0]!) as Record<string, unknown>;
    expect(body).toMatchObject({ card: { number: '4111111111111111', expiry_month: 12, expiry_year: 2030, cvc: '123', holder_name: 'Mei-Ling Chen' } });
    expect(body).not.toHaveProperty('encrypted_card');
    await page.close();
  });
});
