// Tracking, history, export and the public tracking page in a real Chromium against the real server
// serving dist/ or E2E_DIST_DIR (issue 7). Orders are placed through the API and moved with /ops; screenshots go to
// test-results/screenshots/tracking-*.png.
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { matchesStatusFilter } from '../../domain/listGroups';
import type { Order } from '../../domain/types';
import { DESKTOP, PHONE, screenshot, type Viewport } from './support/browser';
import { signedInStorage } from './support/session';
import { moveOrder, placeOrder, resultOf, SA_PARENT } from '../server/orders-fixtures';
import { useE2eServer } from './support/e2eServer';
import { settled } from './support/settled';

// COURIER_SIM_SPEED 1: the simulated fleet moves slowly, so /ops decides the statuses here.
const e2e = useE2eServer();
let auth: string;

beforeAll(async () => {
  auth = await e2e.server.login('vendor@example.com');
});

async function signedIn(options: { viewport?: Viewport; locale?: string } = {}): Promise<Page> {
  const storage = await signedInStorage(e2e.server, 'vendor@example.com', { locale: options.locale, selectedVendor: SA_PARENT });
  const { page } = await e2e.browser.newPage({ viewport: options.viewport ?? DESKTOP, storage });
  return page;
}

/** For each customer name in the history table: is its first letter inside the cell, and how far is
 * the text from the cell's start edge (right on a right-to-left page). */
function customerNamePlacement(page: Page): Promise<{ name: string; firstLetterShown: boolean; gapOnStartSide: number }[]> {
  return page.locator('[data-testid="history-rows"] .customer').evaluateAll((cells) =>
    cells.map((cell) => {
      const text = cell.firstChild as Text;
      const box = cell.getBoundingClientRect();
      const firstLetter = document.createRange();
      firstLetter.setStart(text, 0);
      firstLetter.setEnd(text, 1);
      const letter = firstLetter.getBoundingClientRect();
      const whole = document.createRange();
      whole.selectNodeContents(text);
      const shown = whole.getBoundingClientRect();
      const rtl = getComputedStyle(document.documentElement).direction === 'rtl';
      return {
        name: text.data,
        firstLetterShown: letter.left >= box.left - 1 && letter.right <= box.right + 1,
        gapOnStartSide: rtl ? box.right - Math.min(shown.right, box.right) : Math.max(shown.left, box.left) - box.left,
      };
    }),
  );
}

/** Waits for an order map to be drawn (not its loading placeholder) and checks that the map library
 * placed each whole pin, pickup, drop-off and rider, inside the picture. */
async function expectEveryPinInView(orderMap: Locator): Promise<void> {
  const picture = orderMap.locator('[aria-busy="false"]');
  await picture.waitFor();
  await orderMap.locator('[data-marker-kind="rider"]').waitFor();
  const frame = (await picture.boundingBox())!;
  const pins = await orderMap.locator('[data-marker-kind]').evaluateAll((elements) =>
    elements.map((element) => ({ kind: (element as HTMLElement).dataset.markerKind, box: element.getBoundingClientRect().toJSON() as DOMRect })),
  );
  expect(pins.map((pin) => pin.kind).sort()).toEqual(['dropoff', 'pickup', 'rider']);
  for (const { kind, box } of pins) {
    const inside = box.left >= frame.x && box.right <= frame.x + frame.width && box.top >= frame.y && box.bottom <= frame.y + frame.height;
    expect({ kind, inside }).toEqual({ kind, inside: true });
  }
}

const row = (page: Page, list: string, orderId: string) => page.locator(`[data-list="${list}"] [data-order-id="${orderId}"]`);

async function openTracking(page: Page, query = ''): Promise<void> {
  await page.goto(`${e2e.server.baseUrl}/order-tracking/${SA_PARENT}${query}`);
  await page.locator('[data-live="connected"]').waitFor();
}

async function getOrder(orderId: string): Promise<Order> {
  const response = await e2e.server.call('GET', `/order?vendorId=${SA_PARENT}&orderId=${encodeURIComponent(orderId)}`, { auth });
  return resultOf<Order>(response.body);
}

describe('order tracking', () => {
  it('shows an order placed through the API within a second of its order_update, and moves it between lists', async () => {
    const page = await signedIn();
    await openTracking(page);
    const orderId = await placeOrder(e2e.server, auth, SA_PARENT);
    // The server publishes the order_update before it answers the POST.
    await row(page, 'new', orderId).waitFor({ timeout: 1000 });

    await moveOrder(e2e.server, orderId, 'COURIER_ACCEPTED_DELIVERY');
    await row(page, 'new', orderId).locator('[data-status="COURIER_ACCEPTED_DELIVERY"]').waitFor({ timeout: 2000 });
    await row(page, 'new', orderId).click();
    const drawer = page.getByRole('dialog');
    await drawer.locator('[data-eta-kind="to-vendor"]').waitFor();
    // The picture in the screenshot is the map itself, not its loading placeholder.
    await expectEveryPinInView(drawer.getByTestId('order-map'));
    await screenshot(page, 'tracking-desktop-en-detail-to-vendor');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // Keyboard users keep their place: focus is back on the row that opened the drawer.
    expect(await row(page, 'new', orderId).evaluate((element) => element === document.activeElement || element.contains(document.activeElement))).toBe(true);

    await moveOrder(e2e.server, orderId, 'PICKED_UP');
    await row(page, 'collected', orderId).waitFor({ timeout: 2000 });
    expect(await row(page, 'new', orderId).count()).toBe(0);
    await row(page, 'collected', orderId).click();
    await drawer.locator('[data-eta-kind="to-customer"]').waitFor();
    await drawer.getByTestId('order-map').waitFor();
    // A collected order cannot be cancelled.
    expect(await drawer.getByRole('button', { name: 'Cancel order' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    await moveOrder(e2e.server, orderId, 'DELIVERED');
    await row(page, 'delivered', orderId).waitFor({ timeout: 2000 });
    await page.close();
  });

  it('hides the map while waiting for a rider, and cancels a cancellable order with a reason', async () => {
    const orderId = await placeOrder(e2e.server, auth, SA_PARENT);
    await moveOrder(e2e.server, orderId, 'WAITING_FOR_TRANSPORT');
    const page = await signedIn();
    await openTracking(page, `?order_id=${encodeURIComponent(orderId)}`);
    const drawer = page.getByRole('dialog', { name: 'Order details' });
    await drawer.locator(`[data-order-detail="${orderId}"]`).waitFor();
    expect(await drawer.getByTestId('order-map').count()).toBe(0);
    await drawer.getByRole('button', { name: 'Cancel order' }).click();
    const picker = page.getByRole('dialog', { name: 'Cancel this order?' });
    await picker.getByLabel('The customer cancelled').check();
    await screenshot(page, 'tracking-desktop-en-cancel');
    await picker.getByRole('button', { name: 'Cancel order' }).click();
    await row(page, 'cancelled', orderId).waitFor({ timeout: 5000 });
    expect((await getOrder(orderId)).status).toBe('CANCELLED');
    await page.close();
  });

  it('reconnects and resubscribes when the server drops the socket', async () => {
    const page = await signedIn();
    await openTracking(page);
    const subscribed = page.waitForEvent('websocket', { timeout: 10_000 });
    for (const client of e2e.server.app.websocketServer.clients) client.terminate();
    const socket = await subscribed;
    await socket.waitForEvent('framesent', { predicate: (frame) => String(frame.payload).includes('subscribeToVendor'), timeout: 5000 });
    await page.locator('[data-live="connected"]').waitFor({ timeout: 5000 });
    const orderId = await placeOrder(e2e.server, auth, SA_PARENT);
    await row(page, 'new', orderId).waitFor({ timeout: 2000 });
    await page.close();
  });

  it('looks right at 375 and 1440 px in en and ar-SA', async () => {
    for (const locale of ['en', 'ar-SA']) {
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await signedIn({ viewport, locale });
        await openTracking(page);
        await screenshot(page, `tracking-${viewport.name}-${locale}`);
        await page.goto(`${e2e.server.baseUrl}/history/${SA_PARENT}`);
        await page.locator('main select').first().waitFor();
        // The past month holds the seeded orders, so the table shows rows (yesterday may have none).
        await page.locator('main select').first().selectOption('PastMonth');
        await page.locator('[data-testid="history-rows"] [data-order-id]').first().waitFor();
        await settled(page);
        await screenshot(page, `history-${viewport.name}-${locale}`);
        for (const placement of await customerNamePlacement(page)) {
          // A clipped name keeps its first letters (the ellipsis ends it) in either page direction...
          expect(placement, placement.name).toMatchObject({ firstLetterShown: true });
          // ...and Latin and Arabic names line up on the page's start side.
          expect(placement.gapOnStartSide, placement.name).toBeLessThan(2);
        }
        await page.close();
      }
    }
  });
});

describe('history and export', () => {
  async function listPastMonth(): Promise<Order[]> {
    const { dateRangeFor } = await import('../../domain/dateRange');
    const range = dateRangeFor('PastMonth', Math.floor(Date.now() / 1000), 'Asia/Dubai');
    const response = await e2e.server.call('GET', `/vendor/${SA_PARENT}/orders?from=${range.from}&to=${range.to}&count=200`, { auth });
    return resultOf<{ data: Order[] }>(response.body).data;
  }

  async function shownRows(page: Page): Promise<string[]> {
    await page.locator('[data-testid="history-rows"]').waitFor();
    // The table is virtualised: scroll it through and collect every row id.
    const ids = new Set<string>();
    const scroller = page.getByTestId('history-rows');
    for (let step = 0; step < 50; step += 1) {
      for (const id of await scroller.locator('[data-order-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id') ?? ''))) ids.add(id);
      const done = await scroller.evaluate((el) => {
        const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
        el.scrollTop += el.clientHeight;
        return atEnd;
      });
      if (done) break;
    }
    return [...ids].sort();
  }

  it('filters by period and status, and the exports parse back with every row', async () => {
    const page = await signedIn();
    await page.goto(`${e2e.server.baseUrl}/history/${SA_PARENT}`);
    await page.getByLabel('Period').selectOption('PastMonth');
    await page.getByLabel('Status').selectOption('DELIVERED');
    const now = Math.floor(Date.now() / 1000);
    const expected = (await listPastMonth()).filter((order) => matchesStatusFilter(order, 'DELIVERED', now)).map((order) => order.order_id).sort();
    expect(expected.length).toBeGreaterThan(0);
    await page.getByText(`${expected.length} order`, { exact: false }).first().waitFor();
    expect(await shownRows(page)).toEqual(expected);
    await screenshot(page, 'history-desktop-en-delivered');

    for (const format of ['csv', 'xlsx'] as const) {
      await page.getByLabel(format === 'csv' ? 'CSV' : 'Excel (XLSX)').check();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download', exact: true }).click()]);
      const path = await download.path();
      const bytes = readFileSync(path);
      const workbook = new ExcelJS.Workbook();
      const sheet =
        format === 'csv'
          ? await workbook.csv.read(Readable.from(bytes))
          : (await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer), workbook.worksheets[0]);
      const ids: string[] = [];
      sheet?.eachRow((line, index) => {
        if (index > 1) ids.push(String(line.getCell(1).value));
      });
      expect(ids.sort()).toEqual(expected);
    }

    // The filters persist across sessions; nothing else does.
    await page.reload();
    expect(await page.getByLabel('Period').inputValue()).toBe('PastMonth');
    expect(await page.getByLabel('Status').inputValue()).toBe('DELIVERED');
    await page.close();
  });
});

describe('public tracking page', () => {
  it('shows the stage without login', async () => {
    const orderId = await placeOrder(e2e.server, auth, SA_PARENT);
    await moveOrder(e2e.server, orderId, 'NEAR_VENDOR');
    const token = (await getOrder(orderId)).tracking_token ?? '';
    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await e2e.browser.newPage({ viewport });
      await page.goto(`${e2e.server.baseUrl}/tracking/${encodeURIComponent(orderId)}?t=${encodeURIComponent(token)}`);
      await page.locator('[aria-current="step"][data-stage="near-vendor"]').waitFor();
      expect(await page.getByText('Sara', { exact: false }).count()).toBeGreaterThan(0);
      expect(await page.getByText('Al-Harbi').count()).toBe(0);
      await expectEveryPinInView(page.getByTestId('order-map'));
      await screenshot(page, `tracking-public-${viewport.name}-en`);
      await page.close();
    }
    const { page } = await e2e.browser.newPage({ viewport: PHONE });
    await page.goto(`${e2e.server.baseUrl}/tracking/${encodeURIComponent(orderId)}?t=wrong`);
    await page.getByText('This tracking link is not valid', { exact: false }).waitFor();
    await page.close();
  });
});
