// "Order again" (issue #27) in a real Chromium against the real server serving dist/ or E2E_DIST_DIR:
// a delivered order's History row and its drawer open the request form filled in with its drop-off,
// recipient and item; the fee is quoted afresh and the new order is placed only when the vendor
// confirms. Screenshots: test-results/screenshots/order-again-*.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryConfig, localDateAt } from '../../domain';
import type { Order } from '../../domain/types';
import { DESKTOP, launchBrowser, screenshot, type LaunchedBrowser } from './support/browser';
import { signedInStorage } from './support/session';
import { distDir } from './support/e2eServer';
import { landedOrderId } from './request-flow';
import { startServer, type TestServer } from '../server/harness';
import { moveOrder, placeOrder, resultOf, RIYADH_DESTINATION, SA_PARENT } from '../server/orders-fixtures';

let server: TestServer;
let browser: LaunchedBrowser;
let auth: string;
let pastOrderId: string;

const RECIPIENT = { name: 'Layla Haddad', phone_number: '+966507654321' };

beforeAll(async () => {
  // COURIER_SIM_SPEED 0: the simulated fleet stays still, so /ops alone decides the statuses.
  server = await startServer({ DIST_DIR: distDir(), COURIER_SIM_SPEED: '0' });
  browser = await launchBrowser();
  auth = await server.login('vendor@example.com');
  pastOrderId = await placeOrder(server, auth, SA_PARENT, {
    customer: { ...RECIPIENT, location: { ...RIYADH_DESTINATION, address: '7, Al Malaz Street, Riyadh', notes: 'Blue door' } },
    order: { payment_method: 'CASH_ON_DELIVERY', amount: 85, description: 'Anniversary cake', cold_bag_needed: false },
  });
  for (const status of ['PICKED_UP', 'DELIVERED']) await moveOrder(server, pastOrderId, status);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(): Promise<Page> {
  const storage = await signedInStorage(server, 'vendor@example.com', { selectedVendor: SA_PARENT });
  return (await browser.newPage({ viewport: DESKTOP, storage })).page;
}

async function orderOf(orderId: string): Promise<Order> {
  const response = await server.call('GET', `/order?vendorId=${SA_PARENT}&orderId=${encodeURIComponent(orderId)}`, { auth });
  expect(response.status, response.text).toBe(200);
  return resultOf<Order>(response.body);
}

/** Today's orders on the History page, where the delivered order is listed. */
async function historyOfToday(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/history/${SA_PARENT}`);
  const today = localDateAt(Math.floor(Date.now() / 1000), countryConfig('SA').timeZone).toString();
  await page.getByLabel('Period').selectOption('Custom');
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.locator(`[data-order-id="${pastOrderId}"]`).waitFor();
}

/** The request form filled in from the past order, its fee quoted now. */
async function expectFilledIn(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/request-a-rider/${SA_PARENT}` && url.searchParams.get('again') === pastOrderId);
  await page.getByTestId('delivery-fee').waitFor();
  expect(await page.getByLabel('Customer name').inputValue()).toBe(RECIPIENT.name);
  expect(await page.getByRole('combobox', { name: 'Customer address' }).inputValue()).toContain('Al Malaz Street');
  expect(await page.getByLabel(/Order amount/).inputValue()).toBe('85');
  expect(await page.getByLabel(/What is being delivered/).inputValue()).toBe('Anniversary cake');
}

describe('Order again', () => {
  it('from a History row: the form is filled in, and the order is placed on confirmation as a new order', async () => {
    const page = await signedIn();
    await historyOfToday(page);
    await page.locator(`[data-order-id="${pastOrderId}"]`).getByRole('link', { name: 'Order again' }).click();
    await expectFilledIn(page);
    await screenshot(page, 'order-again-desktop-en-filled');

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Request a rider' }).click();
    const placedId = await landedOrderId(page);
    expect(placedId).not.toBe(pastOrderId);
    const placed = await orderOf(placedId);
    const past = await orderOf(pastOrderId);
    expect(placed.customer).toEqual(past.customer);
    expect(placed.order).toMatchObject({ amount: 85, description: 'Anniversary cake', payment_method: 'CASH_ON_DELIVERY' });
    expect(placed.status).not.toBe('DELIVERED');
  });

  it('from the order drawer: the same filled-in form, and nothing is placed until the vendor confirms', async () => {
    const page = await signedIn();
    await historyOfToday(page);
    await page.locator(`[data-order-id="${pastOrderId}"]`).click();
    await page.locator(`[data-order-detail="${pastOrderId}"]`).getByRole('link', { name: 'Order again' }).click();
    await expectFilledIn(page);
    // Still on the form: the request waits for the vendor.
    await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/request-a-rider/${SA_PARENT}`);
  });
});
