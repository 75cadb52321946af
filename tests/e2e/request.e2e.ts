// Request a rider in a real Chromium against the real server serving dist/ (issue 6). Each test
// starts from a signed-in vendor; screenshots go to test-results/screenshots/request-*.png.
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, DESKTOP, PHONE, screenshot, type Viewport } from './support/browser';
import { startServer, type TestServer } from '../server/harness';

let server: TestServer;
let browser: Browser;

/** support/browser.ts's launchBrowser passes --user-data-dir, which playwright-core 1.65 refuses
 * (launchPersistentContext only); Playwright gives each launch a fresh profile anyway. */
async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

async function newPage(options: { viewport?: Viewport; storage?: Record<string, string> } = {}): Promise<Page> {
  const viewport = options.viewport ?? DESKTOP;
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, locale: 'en-US', timezoneId: 'Asia/Dubai' });
  if (options.storage) {
    await context.addInitScript((pairs: [string, string][]) => {
      for (const [key, value] of pairs) window.localStorage.setItem(key, value);
    }, Object.entries(options.storage));
  }
  return context.newPage();
}

beforeAll(async () => {
  // E2E_DIST_DIR lets a run point at another build of the app (default: the dist/ the global setup builds).
  server = await startServer({ DIST_DIR: process.env.E2E_DIST_DIR ?? join(process.cwd(), 'dist'), COURIER_SIM_SPEED: '30' });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page: the session the login screen would store, so each test starts on its screen. */
async function signedIn(email: string, options: { viewport?: Viewport; locale?: string } = {}): Promise<Page> {
  const response = await server.call('POST', '/login', { body: { email_address: email, password: 'Portal!2026' } });
  const result = (response.body as { result: { user: { id: string; email: string }; AccessToken: string; IdToken: string; RefreshToken: string; Expires: number } }).result;
  const storage: Record<string, string> = {
    'portal.auth-user': JSON.stringify(result.user),
    'portal.auth-meta': JSON.stringify({ AccessToken: result.AccessToken, IdToken: result.IdToken, RefreshToken: result.RefreshToken, Expires: result.Expires }),
  };
  if (options.locale) storage['portal.locale'] = options.locale;
  return newPage({ viewport: options.viewport, storage });
}

async function ops(method: string, path: string, body: unknown) {
  const response = await server.call(method, path, { body, headers: { authorization: `Ops ${server.opsToken}` } });
  expect(response.status).toBeLessThan(300);
}

async function chooseAddress(page: Page, label: RegExp | string, query: string, option: RegExp | string) {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(query);
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option }).first().click();
}

async function fillCustomer(page: Page, values: { name: string; phone: string; amount: string }) {
  await page.getByLabel('Customer name').fill(values.name);
  await page.getByLabel('Customer phone').fill(values.phone);
  await page.getByLabel(/Order amount/).fill(values.amount);
}

describe('request a rider', () => {
  it('a vendor signs in, requests an ASAP cash order in Riyadh and lands on its tracking page', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(`${server.baseUrl}/connect`);
    await page.getByLabel('Email address').fill('vendor@example.com');
    await page.getByLabel('Password').fill('Portal!2026');
    await page.getByRole('button', { name: /log in/i }).click();
    await page.waitForURL(/request-a-rider/);
    await page.getByRole('combobox', { name: 'Customer address' }).waitFor();
    await screenshot(page, 'request-desktop-en-empty');

    await chooseAddress(page, 'Customer address', 'Olaya', /Al Olaya/);
    await page.getByTestId('delivery-fee').waitFor();
    await fillCustomer(page, { name: 'Sara Ali', phone: '0501234567', amount: '120' });
    await page.getByLabel(/What is being delivered/).fill('Two birthday cakes');
    await screenshot(page, 'request-desktop-en-details');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await screenshot(page, 'request-desktop-en-payment');
    await page.getByRole('button', { name: 'Request a rider' }).click();

    await page.waitForURL(/\/order-tracking\?order_id=/);
    const orderId = new URL(page.url()).searchParams.get('order_id') ?? '';
    expect(orderId).toMatch(/^sa-1000/);
    const auth = await server.login('vendor@example.com');
    const order = await server.call('GET', `/order?vendorId=sa-1000&orderId=${encodeURIComponent(orderId)}`, { auth });
    expect(order.body).toMatchObject({ result: { customer: { name: 'Sara Ali' }, order: { payment_method: 'CASH_ON_DELIVERY', amount: 120 } } });
    // The tracking page lists it and opens its details.
    await page.getByText(orderId).first().waitFor();
    await screenshot(page, 'request-desktop-en-tracking');
  });

  it('an undeliverable address shows its message and keeps what was typed', async () => {
    const page = await signedIn('vendor@example.com', { viewport: PHONE });
    await page.goto(`${server.baseUrl}/request-a-rider/sa-1000`);
    await chooseAddress(page, 'Customer address', 'Jeddah', /^Jeddah/);
    await page.getByText('We cannot deliver to this address.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Customer address' }).inputValue()).toBe('Jeddah, Saudi Arabia');
    await screenshot(page, 'request-phone-en-undeliverable');
  });

  it('a closed outlet shows its service hours', async () => {
    // Open for one hour, starting in two hours on the Saudi build's clock (Asia/Dubai).
    const dubai = new Date(Date.now() + 4 * 3600_000);
    const hour = (offset: number) => String((dubai.getUTCHours() + offset) % 24).padStart(2, '0');
    await ops('PUT', '/ops/country-parameters/serviceHours', { value: `${hour(2)}00:${hour(3)}00`, vendor_id: 'sa-1004' });
    const page = await signedIn('vendor@example.com', { viewport: DESKTOP });
    await page.goto(`${server.baseUrl}/request-a-rider/sa-1004`);
    await page.getByText(`Service hours: ${hour(2)}:00 to ${hour(3)}:00.`, { exact: false }).first().waitFor();
    await screenshot(page, 'request-desktop-en-closed');
  });

  it('a Pakistan order under 100 PKR is refused with its message, everything typed kept', async () => {
    const page = await signedIn('other@example.com', { viewport: PHONE });
    await page.goto(`${server.baseUrl}/request-a-rider/pk-3000`);
    await chooseAddress(page, 'Customer address', 'Lahore', /Lahore/);
    await page.getByTestId('delivery-fee').waitFor();
    await fillCustomer(page, { name: 'Ali Raza', phone: '03001234567', amount: '50' });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Minimum amount of 100 PKR').waitFor();
    expect(await page.getByLabel('Customer name').inputValue()).toBe('Ali Raza');
    expect(await page.getByLabel('Customer phone').inputValue()).toContain('300');
    await screenshot(page, 'request-phone-en-pakistan-minimum');
  });

  it('a voucher lowers the fee', async () => {
    const page = await signedIn('vendor@example.com', { viewport: DESKTOP });
    await page.goto(`${server.baseUrl}/request-a-rider/sa-1000`);
    await chooseAddress(page, 'Customer address', 'Olaya', /Al Olaya/);
    await page.getByTestId('delivery-fee').waitFor();
    await fillCustomer(page, { name: 'Sara Ali', phone: '0501234567', amount: '80' });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const before = await page.getByTestId('fee-due').innerText();
    await page.getByLabel('Voucher code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/WELCOME10 applied/).waitFor();
    const after = await page.getByTestId('fee-due').innerText();
    expect(amountOf(after)).toBeLessThan(amountOf(before));
    await screenshot(page, 'request-desktop-en-voucher');
  });

  it('typed lat,lng coordinates resolve to an address', async () => {
    const page = await signedIn('vendor@example.com', { viewport: DESKTOP });
    await page.goto(`${server.baseUrl}/request-a-rider/sa-1000`);
    await chooseAddress(page, 'Customer address', '24.7136,46.6753', /Riyadh/);
    await page.getByTestId('delivery-fee').waitFor();
    expect(await page.getByRole('combobox', { name: 'Customer address' }).inputValue()).toMatch(/Riyadh/);
  });

  /** The request form up to the card form, for an online payment from sa-1000. */
  async function toCardForm(page: Page) {
    await page.goto(`${server.baseUrl}/request-a-rider/sa-1000`);
    await chooseAddress(page, 'Customer address', 'Olaya', /Al Olaya/);
    await page.getByTestId('delivery-fee').waitFor();
    await fillCustomer(page, { name: 'Sara Ali', phone: '0501234567', amount: '80' });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /Online payment/ }).check();
  }

  /** A new card typed in; when the wallet has saved cards (an earlier test saved one), "A new card" first. */
  async function typeCard(page: Page, number: string) {
    await page.getByRole('button', { name: 'Pay and place order' }).waitFor();
    const newCard = page.getByRole('radio', { name: 'A new card' });
    if ((await newCard.count()) > 0) await newCard.check();
    await page.getByLabel('Name on card').fill('Sara Ali');
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel(/Expiry/).fill('12/30');
    await page.getByLabel('CVV/CVC').fill('123');
  }

  for (const card of [
    { number: '4111 1111 1111 1111', outcome: 'paid' },
    { number: '4000 0000 0000 0002', outcome: 'declined' },
  ] as const) {
    it(`a sandbox card payment is ${card.outcome}`, async () => {
      const page = await signedIn('vendor@example.com', { viewport: DESKTOP });
      await toCardForm(page);
      await typeCard(page, card.number);
      await screenshot(page, `request-desktop-en-card-${card.outcome}-form`);
      await page.getByRole('button', { name: 'Pay and place order' }).click();
      if (card.outcome === 'paid') {
        await page.waitForURL(/\/order-tracking\?order_id=/);
      } else {
        await page.getByText('Your card was declined. Please try another card.').first().waitFor();
        expect(await page.getByLabel('Name on card').inputValue()).toBe('Sara Ali');
        await screenshot(page, 'request-desktop-en-card-declined');
      }
    });
  }

  it('a card saved on one payment pays the next order', async () => {
    const page = await signedIn('vendor@example.com', { viewport: DESKTOP });
    await toCardForm(page);
    await typeCard(page, '5555 5555 5555 4444');
    await page.getByLabel('Save this card for next time').check();
    await page.getByRole('button', { name: 'Pay and place order' }).click();
    await page.waitForURL(/\/order-tracking\?order_id=/);

    await toCardForm(page);
    await page.getByRole('radio', { name: /MASTERCARD ending in 4444/ }).check();
    await screenshot(page, 'request-desktop-en-card-saved');
    await page.getByRole('button', { name: 'Pay and place order' }).click();
    await page.waitForURL(/\/order-tracking\?order_id=/);
  });

  it('a rejected 3-D Secure challenge comes back to tracking with the declined notice', async () => {
    const page = await signedIn('vendor@example.com', { viewport: DESKTOP });
    await toCardForm(page);
    await typeCard(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: 'Pay and place order' }).click();
    await page.waitForURL(/\/payments-sandbox\/challenge\//);
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.waitForURL(/\/order-tracking\?payment=declined/);
    await page.getByRole('alert').filter({ hasText: 'Your bank did not approve the payment' }).waitFor();
    await screenshot(page, 'request-desktop-en-card-challenge-rejected');
  });

  it('a collection point is added', async () => {
    const page = await signedIn('vendor@example.com', { viewport: DESKTOP });
    await page.goto(`${server.baseUrl}/request-a-rider/sa-1000`);
    await page.getByRole('button', { name: 'Add collection point' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save collection point' }).click();
    await dialog.getByText('Please enter collection point ID').waitFor();
    await screenshot(page, 'request-desktop-en-collection-point-errors');
    await dialog.getByLabel('Collection point ID').fill('OLAYA-2');
    await dialog.getByLabel('Label').fill('Olaya kiosk');
    await chooseAddress(page, 'Address', 'Olaya', /Al Olaya/);
    await dialog.getByLabel('Phone number').fill('+966 50 123 4567');
    await dialog.getByLabel('Owner email 1', { exact: true }).fill('owner@example.com');
    await dialog.getByRole('button', { name: 'Save collection point' }).click();
    await page.getByText(/saved successfully\. It will take a few minutes/).waitFor();
    const auth = await server.login('vendor@example.com');
    const vendors = await server.call('GET', '/vendors', { auth });
    expect(JSON.stringify(vendors.body)).toContain('Olaya kiosk');
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`looks right in Arabic on a ${viewport.name}`, async () => {
      const page = await signedIn('vendor@example.com', { viewport, locale: 'ar-SA' });
      await page.goto(`${server.baseUrl}/request-a-rider/sa-1000`);
      const address = page.getByRole('combobox', { name: 'عنوان العميل' });
      await address.waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await address.fill('Olaya');
      await page.getByRole('listbox', { name: 'عنوان العميل' }).getByRole('option').first().click();
      await page.getByTestId('delivery-fee').waitFor();
      await screenshot(page, `request-${viewport.name}-ar-details`);
    });
  }

  it('looks right in English on a phone', async () => {
    const page = await signedIn('vendor@example.com', { viewport: PHONE });
    await page.goto(`${server.baseUrl}/request-a-rider/sa-1000`);
    await chooseAddress(page, 'Customer address', 'Olaya', /Al Olaya/);
    await page.getByTestId('delivery-fee').waitFor();
    await screenshot(page, 'request-phone-en-details');
  });
});

/** "SAR 10.80" or "١٠٫٨٠ ر.س." -> 10.8 (Latin digits expected here). */
function amountOf(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}
