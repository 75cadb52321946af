// SPEC.md §4 "Signature handling" in a real Chromium against a server that signs fees for one second
// (FEE_SIGNATURE_TTL_S=1): an order submitted after its fee signature expired is answered 422
// SignatureExpired; the browser waits, recomputes the fee and retries at once when the amount is the
// same, and asks the user to confirm when it changed.
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, screenshot } from './support/browser';
import { fillOlayaDelivery, landedOrderId, signedInPage } from './request-flow';
import { useE2eServer } from './support/e2eServer';

const e2e = useE2eServer({ FEE_SIGNATURE_TTL_S: '1' });

interface Exchange {
  fees: { amount: number; expiresAt: number }[];
  orders: { status: number; text: string }[];
}

/** Records the fee quotes and order submits the page exchanges with the server. */
function recordExchange(page: Page): Exchange {
  const exchange: Exchange = { fees: [], orders: [] };
  // A response still being read when the test closes its page has nothing left to read: ignored,
  // so it cannot surface as an unhandled rejection after the test ended.
  const ignoreClosedPage = () => undefined;
  page.on('response', (response: Response) => {
    const { pathname } = new URL(response.url());
    if (response.request().method() !== 'POST') return;
    if (pathname.endsWith('/delivery/fee')) {
      void response.json().then((body: { result: { fee: number; expires_at: number } }) => exchange.fees.push({ amount: body.result.fee, expiresAt: body.result.expires_at }), ignoreClosedPage);
    } else if (pathname.endsWith('/order')) {
      void response.text().then((text) => exchange.orders.push({ status: response.status(), text }), ignoreClosedPage);
    }
  });
  return exchange;
}

/** Until the server's clock (unix seconds, as it checks signatures) has passed the last quote's expiry. */
async function outliveLastQuote(page: Page, exchange: Exchange): Promise<void> {
  await expect.poll(() => exchange.fees.length).toBeGreaterThan(0);
  const expiresAt = exchange.fees.at(-1)?.expiresAt ?? 0;
  await expect.poll(() => Date.now() / 1000 >= expiresAt + 0.2, { timeout: 5_000, interval: 100 }).toBe(true);
  expect(page.isClosed()).toBe(false);
}

/** The form filled up to the payment step, for a cash order from sa-1000 to Al Olaya. */
async function fillOrder(page: Page): Promise<void> {
  await page.goto(`${e2e.server.baseUrl}/request-a-rider/sa-1000`);
  await fillOlayaDelivery(page, '75');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('radio', { name: /Cash on delivery/ }).check();
}

async function savedFee(orderId: string): Promise<number> {
  const auth = await e2e.server.login('vendor@example.com');
  const order = await e2e.server.call('GET', `/order?vendorId=sa-1000&orderId=${encodeURIComponent(orderId)}`, { auth });
  expect(order.status, order.text).toBe(200);
  return (order.body as { result: { delivery_fee: number } }).result.delivery_fee;
}

describe('an expired fee signature', () => {
  it('is renewed and the order retried without asking when the fee is unchanged', async () => {
    const page = await signedInPage(e2e.browser, e2e.server, 'vendor@example.com', { viewport: DESKTOP });
    const exchange = recordExchange(page);
    await fillOrder(page);
    await outliveLastQuote(page, exchange);
    const quotesBefore = exchange.fees.length;
    await page.getByRole('button', { name: 'Request a rider' }).click();

    const orderId = await landedOrderId(page);
    await expect.poll(() => exchange.orders.at(-1)?.status).toBeLessThan(300);
    // Refused once as expired, then accepted with a fresh quote of the same amount; no question asked.
    expect(exchange.orders[0]?.status).toBe(422);
    expect(exchange.orders[0]?.text).toContain('SignatureExpired');
    expect(exchange.orders.at(-1)?.status).toBeLessThan(300);
    expect(exchange.fees.length).toBeGreaterThan(quotesBefore);
    expect(exchange.fees.at(-1)?.amount).toBe(exchange.fees[quotesBefore - 1]?.amount);
    expect(await page.getByText('The delivery fee has changed.').count()).toBe(0);
    expect(await savedFee(orderId)).toBe(exchange.fees.at(-1)?.amount);
  });

  it('asks to confirm the new fee when it changed, and places the order at it once accepted', async () => {
    const page = await signedInPage(e2e.browser, e2e.server, 'vendor@example.com', { viewport: DESKTOP });
    const exchange = recordExchange(page);
    // The server's prices have no switch a test can turn, so the fee is made to change between the two
    // quotes by pricing the first ones (while the form is filled) for a drop-off ~5 km farther east. The
    // server signs that quote as usual; only its renewal, for the real drop-off, comes back lower.
    await page.route('**/delivery/fee', async (route) => {
      const body = route.request().postDataJSON() as { destination: { latitude: number; longitude: number } };
      await route.continue({ postData: JSON.stringify({ ...body, destination: { ...body.destination, longitude: body.destination.longitude + 0.05 } }) });
    });
    await fillOrder(page);
    await outliveLastQuote(page, exchange);
    await page.unroute('**/delivery/fee');
    const shownFee = exchange.fees.at(-1)?.amount ?? 0;
    await page.getByRole('button', { name: 'Request a rider' }).click();

    const dialog = page.getByRole('dialog', { name: 'The delivery fee has changed.' });
    await dialog.waitFor();
    const renewedFee = exchange.fees.at(-1)?.amount ?? 0;
    expect(renewedFee).toBeLessThan(shownFee);
    expect((await dialog.innerText()).replace(/\u00a0/g, ' ')).toContain(`The new delivery fee is SAR ${renewedFee.toFixed(2)}`);
    expect(exchange.orders).toHaveLength(1);
    expect(exchange.orders[0]?.text).toContain('SignatureExpired');
    await screenshot(page, 'request-desktop-en-fee-changed');

    await dialog.getByRole('button', { name: 'Accept new fee' }).click();
    const orderId = await landedOrderId(page);
    expect(await savedFee(orderId)).toBe(renewedFee);
  });
});
