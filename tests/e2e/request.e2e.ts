// Request a rider in a real Chromium against the real server serving the production build (issue 6).
// Each test starts from a signed-in vendor (or a guest from the landing page); screenshots go to
// test-results/screenshots/request-*.png. The expired-signature cases are in request-signature.e2e.ts
// (their server signs fees for one second).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, type Viewport } from './support/browser';
import { fillGuestDialog } from './support/landing';
import { amountOf, chooseAddress, closeOrderDrawer, fillCustomer, fillOlayaDelivery, landedOrderId, ops as opsCall, signedInPage } from './request-flow';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { useE2eServer } from './support/e2eServer';

const e2e = useE2eServer({ COURIER_SIM_SPEED: '30' });

async function newPage(options: { viewport?: Viewport } = {}): Promise<Page> {
  return (await e2e.browser.newPage({ viewport: options.viewport ?? DESKTOP })).page;
}

function signedIn(email: string, options: { viewport?: Viewport; locale?: string } = {}): Promise<Page> {
  return signedInPage(e2e.browser, e2e.server, email, options);
}

function ops(method: string, path: string, body: unknown): Promise<void> {
  return opsCall(e2e.server, method, path, body);
}

describe('request a rider', () => {
  it('a vendor signs in, requests an ASAP cash order in Riyadh and lands on its tracking page', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(`${e2e.server.baseUrl}/connect`);
    await page.getByLabel('Email address').fill('vendor@example.com');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /log in/i }).click();
    await page.waitForURL(/request-a-rider/);
    await page.getByRole('combobox', { name: 'Customer address' }).waitFor();
    await screenshot(page, 'request-desktop-en-empty');

    await fillOlayaDelivery(page, '120');
    await page.getByLabel(/What is being delivered/).fill('Two birthday cakes');
    await screenshot(page, 'request-desktop-en-details');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await screenshot(page, 'request-desktop-en-payment');
    await page.getByRole('button', { name: 'Request a rider' }).click();

    const orderId = await landedOrderId(page);
    expect(orderId).toMatch(/^sa-1000/);
    const auth = await e2e.server.login('vendor@example.com');
    const order = await e2e.server.call('GET', `/order?vendorId=sa-1000&orderId=${encodeURIComponent(orderId)}`, { auth });
    expect(order.body).toMatchObject({ result: { customer: { name: 'Sara Ali' }, order: { payment_method: 'CASH_ON_DELIVERY', amount: 120 } } });
    // The tracking page lists it and opens its details.
    await page.getByText(orderId).first().waitFor();
    await screenshot(page, 'request-desktop-en-tracking');
  });

  it('an undeliverable address shows its message and keeps what was typed', async () => {
    const page = await signedIn('vendor@example.com', { viewport: PHONE });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider/sa-1000`);
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
    await page.goto(`${e2e.server.baseUrl}/request-a-rider/sa-1004`);
    await page.getByText(`Service hours: ${hour(2)}:00 to ${hour(3)}:00.`, { exact: false }).first().waitFor();
    await screenshot(page, 'request-desktop-en-closed');
  });

  it('a Pakistan order under 100 PKR is refused with its message, everything typed kept', async () => {
    const page = await signedIn('other@example.com', { viewport: PHONE });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider/pk-3000`);
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
    await page.goto(`${e2e.server.baseUrl}/request-a-rider/sa-1000`);
    await fillOlayaDelivery(page, '80');
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
    await page.goto(`${e2e.server.baseUrl}/request-a-rider/sa-1000`);
    await chooseAddress(page, 'Customer address', '24.7136,46.6753', /Riyadh/);
    await page.getByTestId('delivery-fee').waitFor();
    expect(await page.getByRole('combobox', { name: 'Customer address' }).inputValue()).toMatch(/Riyadh/);
  });

  /**
   * The request form up to the card form, for an online payment from sa-1000: loaded, or from a page
   * already in the app (an order's tracking page) through the header's "Request a rider" tab.
   */
  async function toCardForm(page: Page, from: 'load' | 'app' = 'load') {
    if (from === 'load') await page.goto(`${e2e.server.baseUrl}/request-a-rider/sa-1000`);
    else await page.getByRole('banner').getByRole('link', { name: 'Request a rider', exact: true }).click();
    await page.waitForURL(/\/request-a-rider\/sa-1000/);
    await fillOlayaDelivery(page, '80');
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

    // The next order, asked for from the tracking page the first one landed on (its drawer closed).
    await closeOrderDrawer(page);
    await toCardForm(page, 'app');
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

  it('a Later order, tomorrow at 14:30 on the Saudi clock, appears under scheduled on tracking', async () => {
    const page = await signedIn('vendor@example.com', { viewport: DESKTOP });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider/sa-1000`);
    await fillOlayaDelivery(page, '60');
    await page.getByRole('radio', { name: /^Later/ }).check();
    // The second date offered is tomorrow in Asia/Dubai (the Saudi build's zone): within the 2 days allowed.
    const date = page.getByLabel('Date', { exact: true });
    const tomorrow = await date.locator('option').nth(1).getAttribute('value');
    expect(tomorrow).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await date.selectOption(tomorrow ?? '');
    await page.getByLabel('Time', { exact: true }).fill('14:30');
    await screenshot(page, 'request-desktop-en-later');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await page.getByRole('button', { name: 'Request a rider' }).click();

    const orderId = await landedOrderId(page);
    const auth = await e2e.server.login('vendor@example.com');
    const saved = await e2e.server.call('GET', `/order?vendorId=sa-1000&orderId=${encodeURIComponent(orderId)}`, { auth });
    const preorderedFor = (saved.body as { result: { preordered_for: number | null } }).result.preordered_for;
    // 14:30 tomorrow in Asia/Dubai (UTC+4) is 10:30 UTC tomorrow.
    const expected = new Date(`${tomorrow}T10:30:00Z`).getTime() / 1000;
    expect(preorderedFor).toBe(expected);
    // The order's details open over the lists (a modal: the lists leave the accessibility tree), so the
    // lists are found by the group they mark (data-list): the scheduled one is 'preorder'.
    const list = (group: string) => page.locator(`section[data-list="${group}"]`);
    await list('preorder').getByText(orderId).first().waitFor();
    expect(await list('preorder').locator('h2').first().textContent()).toMatch(/^Scheduled/);
    expect(await list('new').getByText(orderId).count()).toBe(0);
    await screenshot(page, 'request-desktop-en-later-tracking');
  });

  it('a guest from the landing page places an order and is then asked to register', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto(`${e2e.server.baseUrl}/`);
    const dialog = await fillGuestDialog(page);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/request-a-rider/);
    // No order yet: no prompt.
    await page.getByRole('combobox', { name: 'Collection address' }).waitFor();
    expect(await page.getByText(/as a guest\. Create an account/).count()).toBe(0);

    // A guest's collection address is asked first.
    await chooseAddress(page, 'Collection address', 'Malaz', /Al Malaz/);
    await page.getByRole('button', { name: 'Use this address' }).click();
    await fillOlayaDelivery(page, '45', { name: 'Omar Saleh', phone: '0551234567' });
    await screenshot(page, 'request-phone-en-guest-details');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await page.getByRole('button', { name: 'Request a rider' }).click();
    const orderId = await landedOrderId(page);
    expect(orderId).not.toBe('');

    // The order is kept on this device, and the next request invites the guest to register.
    const kept = await page.evaluate(() => localStorage.getItem('portal.guest-orders') ?? '');
    expect(kept).toContain(orderId);
    // Back to the request form through the header's logo, as the guest would (the order's drawer closed).
    await closeOrderDrawer(page);
    await page.getByRole('banner').getByRole('link', { name: /home$/ }).click();
    await page.waitForURL(/\/request-a-rider/);
    const prompt = page.getByText('You have placed 1 order as a guest. Create an account to keep your order history and track every order.');
    await prompt.waitFor();
    await screenshot(page, 'request-phone-en-guest-register-prompt');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/register/);
  });

  it('a collection point is added, then edited with its parent and ID locked', async () => {
    const page = await signedIn('vendor@example.com', { viewport: DESKTOP });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider/sa-1000`);
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

    const auth = await e2e.server.login('vendor@example.com');
    const outlet = async () => {
      const vendors = (await e2e.server.call('GET', '/vendors', { auth })).body as { result: { vendors: { vendor_id: string; client_vendor_id: string; name: string; vendor_information: { contact: { phone: string } } }[] } };
      return vendors.result.vendors.find((vendor) => vendor.client_vendor_id === 'OLAYA-2');
    };
    const added = await outlet();
    expect(added).toMatchObject({ name: 'Olaya kiosk' });

    // Editing: the parent and the collection point ID are locked (SPEC §5); the rest can change.
    await page.goto(`${e2e.server.baseUrl}/request-a-rider/${added?.vendor_id ?? ''}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Edit collection point' });
    const id = editor.getByLabel('Collection point ID');
    expect(await id.inputValue()).toBe('OLAYA-2');
    expect(await id.getAttribute('readonly')).not.toBeNull();
    const parent = editor.getByLabel('Parent vendor');
    if ((await parent.count()) > 0) expect(await parent.isDisabled()).toBe(true);
    await editor.getByLabel('Label').fill('Olaya kiosk (side door)');
    await editor.getByLabel('Phone number').fill('+966 50 765 4321');
    await screenshot(page, 'request-desktop-en-collection-point-edit');
    await editor.getByRole('button', { name: 'Save collection point' }).click();
    // An edit is live at once: the toast has no few-minutes note.
    await page.getByText('The collection point has been saved successfully', { exact: true }).waitFor();
    const edited = await outlet();
    expect(edited).toMatchObject({ vendor_id: added?.vendor_id, client_vendor_id: 'OLAYA-2', name: 'Olaya kiosk (side door)' });
    expect(edited?.vendor_information.contact.phone.replace(/\s/g, '')).toBe('+966507654321');
  });

  it('an outlet managed by a partner (id a-…) offers no edit', async () => {
    const page = await signedIn('vendor@example.com', { viewport: DESKTOP });
    await page.goto(`${e2e.server.baseUrl}/request-a-rider/a-1005`);
    await page.getByRole('button', { name: 'Add collection point' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
  });

  it('draws the map with the map settings of the server: the offline maplibre basemap when it has no Mapbox token', async () => {
    const page = await signedIn('vendor@example.com', { viewport: DESKTOP });
    const clientConfig = page.waitForResponse((response) => new URL(response.url()).pathname === '/client-config');
    await page.goto(`${e2e.server.baseUrl}/request-a-rider/sa-1000`);
    await chooseAddress(page, 'Customer address', 'Olaya', /Al Olaya/);
    expect(await (await clientConfig).json()).toEqual({ mapbox_token: null, map_style_url: null, google_maps_api_key: null, map_pmtiles_url: null });
    await page.locator('.maplibregl-map canvas').first().waitFor();
    expect(await page.locator('.mapboxgl-map').count()).toBe(0);
  });

  // The request page at 375 and 1440 px, in English and in Arabic (right to left), with a fee shown.
  // Loaded once per language at 375 px and resized to 1440 px and back: the page lays itself out by CSS
  // alone (no script in src/ reads the window's size), so each width is checked at half the page loads.
  const resizeTo = async (page: Page, viewport: Viewport) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  };
  for (const language of [
    { locale: 'en', label: 'Customer address', dir: 'ltr' },
    { locale: 'ar-SA', label: 'عنوان العميل', dir: 'rtl' },
  ] as const) {
    it(`looks right in ${language.locale} at 375 and 1440 px`, async () => {
      const page = await signedIn('vendor@example.com', { viewport: PHONE, locale: language.locale });
      await page.goto(`${e2e.server.baseUrl}/request-a-rider/sa-1000`);
      const address = page.getByRole('combobox', { name: language.label });
      await address.waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language.dir);
      for (const viewport of [PHONE, DESKTOP]) {
        await resizeTo(page, viewport);
        await screenshot(page, `request-${viewport.width}-${language.locale}-empty`);
      }
      await address.fill('Olaya');
      await page.getByRole('listbox', { name: language.label }).getByRole('option').first().click();
      await page.getByTestId('delivery-fee').waitFor();
      for (const viewport of [DESKTOP, PHONE]) {
        await resizeTo(page, viewport);
        // Nothing overflows the viewport sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
        await screenshot(page, `request-${viewport.width}-${language.locale}-details`);
      }
    });
  }
});
