// Steps of the request-a-rider screen shared by the request-*.e2e.ts files: a signed-in page, choosing an
// address from the autocomplete, typing the customer, and /ops calls. Each file starts its own server.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LaunchedBrowser, Viewport } from './support/browser';
import type { TestServer } from '../server/harness';
import { signedInStorage } from './support/session';

/** A page already signed in as `email`: the session the login screen would store, so a test starts on its screen. */
export async function signedInPage(
  browser: LaunchedBrowser,
  server: TestServer,
  email: string,
  options: { viewport?: Viewport; locale?: string } = {},
): Promise<Page> {
  const { page } = await browser.newPage({ viewport: options.viewport, storage: await signedInStorage(server, email, options) });
  return page;
}

/** An /ops call with the server's ops token; fails the test unless it succeeds. */
export async function ops(server: TestServer, method: string, path: string, body: unknown): Promise<void> {
  const response = await server.call(method, path, { body, headers: { authorization: `Ops ${server.opsToken}` } });
  expect(response.status, response.text).toBeLessThan(300);
}

/** Types into the address autocomplete named `label` and picks the first option matching `option`. */
export async function chooseAddress(page: Page, label: RegExp | string, query: string, option: RegExp | string): Promise<void> {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(query);
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option }).first().click();
}

export async function fillCustomer(page: Page, values: { name: string; phone: string; amount: string }): Promise<void> {
  await page.getByLabel('Customer name').fill(values.name);
  await page.getByLabel('Customer phone').fill(values.phone);
  await page.getByLabel(/Order amount/).fill(values.amount);
}

/**
 * The request form's drop-off (Al Olaya, Riyadh) and customer filled, after the signed fee has
 * arrived: the start most request tests share.
 */
export async function fillOlayaDelivery(page: Page, amount: string, customer = { name: 'Sara Ali', phone: '0501234567' }): Promise<void> {
  await chooseAddress(page, 'Customer address', 'Olaya', /Al Olaya/);
  await page.getByTestId('delivery-fee').waitFor();
  await fillCustomer(page, { ...customer, amount });
}

/** The order id of the tracking page the flow landed on. */
export async function landedOrderId(page: Page): Promise<string> {
  await page.waitForURL(/\/order-tracking\?order_id=/);
  return new URL(page.url()).searchParams.get('order_id') ?? '';
}

/** Closes the order's drawer the tracking page opened for the order it landed on, as Escape does for a user. */
export async function closeOrderDrawer(page: Page): Promise<void> {
  const drawer = page.getByRole('dialog').filter({ has: page.locator('[data-order-detail]') });
  await drawer.waitFor();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
}

/** "SAR 10.80" -> 10.8 (Latin digits expected). */
export function amountOf(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}
