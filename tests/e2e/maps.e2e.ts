// Maps in Chromium against the real server (issue "Maps"): the order drawer keeps one map while the
// order moves through its statuses (it used to rebuild it, an empty grey box, on every status), past
// orders show pickup and drop-off, and MAP_PMTILES draws streets read through the pmtiles protocol.
// Screenshots: test-results/screenshots/maps-*.png.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streetGridArchive } from '../fixtures/pmtiles';
import { moveOrder, placeOrder, SA_PARENT } from '../server/orders-fixtures';
import { startServer, type TestServer } from '../server/harness';
import { chooseAddress, signedInPage } from './request-flow';
import { DESKTOP, launchBrowser, PHONE, screenshot, type LaunchedBrowser, type Viewport } from './support/browser';

const DIST_DIR = process.env.E2E_DIST_DIR ?? join(process.cwd(), 'dist');
const OLAYA = { lng: 46.683, lat: 24.6985 };
const GAZETTEER_DISTRICTS = (JSON.parse(readFileSync(join(process.cwd(), 'server', 'geo', 'data', 'districts.json'), 'utf8')) as { districts: { en: string; ar: string }[] }).districts;

let browser: LaunchedBrowser;
/**
 * The server of the first three groups, which need no setting of their own: one boot and one demo seed
 * for the file instead of one per group (each test places its own orders, so none sees another's).
 */
let server: TestServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ DIST_DIR })]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Counts, in the page, every map canvas the drawer ever mounts and every loading placeholder it shows. */
async function countMapMounts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = { canvases: new WeakSet<Element>(), maps: 0, skeletons: 0 };
    (window as unknown as { mapMounts: typeof seen }).mapMounts = seen;
    const visit = (node: Node) => {
      if (!(node instanceof Element)) return;
      for (const canvas of node.matches('[role="dialog"] .maplibregl-canvas') ? [node] : [...node.querySelectorAll('[role="dialog"] .maplibregl-canvas')]) {
        if (!seen.canvases.has(canvas)) {
          seen.canvases.add(canvas);
          seen.maps += 1;
        }
      }
      const skeletons = node.matches('[data-testid="map-skeleton"]') ? 1 : node.querySelectorAll('[data-testid="map-skeleton"]').length;
      seen.skeletons += skeletons;
    };
    new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach(visit))).observe(document.body, { childList: true, subtree: true });
  });
}

const mapMounts = (page: Page) => page.evaluate(() => {
  const { maps, skeletons } = (window as unknown as { mapMounts: { maps: number; skeletons: number } }).mapMounts;
  return { maps, skeletons };
});

/** The map has drawn (its placeholder gone) and its canvas has a real size. */
async function mapDrawn(map: Locator): Promise<{ width: number; height: number }> {
  await map.locator('.maplibregl-canvas').waitFor();
  await map.locator('[data-testid="map-skeleton"]').waitFor({ state: 'detached' });
  const box = await map.locator('.maplibregl-canvas').boundingBox();
  return { width: box?.width ?? 0, height: box?.height ?? 0 };
}

describe('the order drawer map', () => {
  let auth: string;
  beforeAll(async () => {
    auth = await server.login('vendor@example.com');
  });

  it('is drawn once and stays drawn while the order moves through its statuses', async () => {
    const orderId = await placeOrder(server, auth, SA_PARENT);
    const page = await signedInPage(browser, server, 'vendor@example.com', { viewport: DESKTOP });
    await page.goto(`${server.baseUrl}/order-tracking/${SA_PARENT}?order_id=${encodeURIComponent(orderId)}`);
    const drawer = page.getByRole('dialog');
    await drawer.locator(`[data-order-detail="${orderId}"]`).waitFor();
    // Moves are pushed to the page once its live subscription is answered (a move before that reaches
    // it only at the fallback refresh, minutes later): the subject here is the map, so wait for it.
    await page.locator('[data-live="connected"]').waitFor();
    await countMapMounts(page);

    await moveOrder(server, orderId, 'COURIER_ACCEPTED_DELIVERY');
    const size = await mapDrawn(drawer.getByTestId('order-map'));
    expect(size.width).toBeGreaterThan(200);
    expect(size.height).toBeGreaterThan(100);
    for (const status of ['NEAR_VENDOR', 'PICKED_UP', 'NEAR_CUSTOMER']) {
      await moveOrder(server, orderId, status);
      await drawer.locator(`[data-status="${status}"]`).first().waitFor();
      await mapDrawn(drawer.getByTestId('order-map'));
    }
    // One map and one placeholder for the whole ride: no grey box again on each status.
    expect(await mapMounts(page)).toEqual({ maps: 1, skeletons: 1 });
    await screenshot(page, 'maps-drawer-1440-en');
    await page.close();
  });

  const views: [Viewport, string][] = [[PHONE, 'en'], [DESKTOP, 'ar-SA'], [PHONE, 'ar-SA']];
  it.each(views)('draws pickup, drop-off and rider with a real size (%o, %s)', async (viewport, locale) => {
    const orderId = await placeOrder(server, auth, SA_PARENT);
    for (const status of ['COURIER_ACCEPTED_DELIVERY', 'PICKED_UP']) await moveOrder(server, orderId, status);
    const page = await signedInPage(browser, server, 'vendor@example.com', { viewport, locale });
    await page.goto(`${server.baseUrl}/order-tracking/${SA_PARENT}?order_id=${encodeURIComponent(orderId)}`);
    const map = page.getByRole('dialog').getByTestId('order-map');
    const size = await mapDrawn(map);
    expect(size.width).toBeGreaterThan(200);
    expect(await map.locator('[data-marker-kind]').evaluateAll((pins) => pins.map((pin) => pin.getAttribute('data-marker-kind')))).toEqual(expect.arrayContaining(['pickup', 'dropoff']));
    await map.screenshot({ path: join(process.cwd(), 'test-results', 'screenshots', `maps-drawer-${viewport.width}-${locale}.png`) });
    await page.close();
  });
});

describe('place names on the request map (offline basemap)', () => {

  const cases: [Viewport, string, string, RegExp][] = [
    [DESKTOP, 'en', 'Customer address', /^[A-Za-z' -]+$/],
    [DESKTOP, 'ar-SA', 'عنوان العميل', /^[\u0600-\u06FF]/],
    // At 375 px the drop-off pin can arrive after the map settled: the names move out of its way.
    [PHONE, 'en', 'Customer address', /^[A-Za-z' -]+$/],
    [PHONE, 'ar-SA', 'عنوان العميل', /^[\u0600-\u06FF]/],
  ];
  it.each(cases)('names the districts around the trip, none under a pin (%o, %s)', async (viewport, locale, addressLabel, nameShape) => {
    const page = await signedInPage(browser, server, 'vendor@example.com', { viewport, locale });
    await page.goto(`${server.baseUrl}/request-a-rider/${SA_PARENT}`);
    // Al Malaz: a few kilometres from the outlet in Al Olaya, so the map frames a part of the city.
    await chooseAddress(page, addressLabel, 'Malaz', /./);
    const figure = page.getByTestId('map-canvas').first().locator('..');
    await mapDrawn(figure);
    await figure.locator('.map-place-label').first().waitFor();
    type Box = { name: string; left: number; top: number; right: number; bottom: number };
    // One read of the map: whether its names are placed for what is on screen (the map's 'idle' after
    // the last move or pin: data-place-labels), with the boxes of its pins and names at that moment.
    const snapshot = () => figure.evaluate((element) => {
      const boxesOf = (selector: string) => [...element.querySelectorAll(selector)].map((node) => {
        const r = node.getBoundingClientRect();
        return { name: node.textContent ?? '', left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      });
      return { labelsPlaced: element.querySelector('[data-place-labels]')?.getAttribute('data-place-labels'), pins: boxesOf('.map-marker'), labels: boxesOf('.map-place-label') };
    });
    const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    // The names settle after the last pin arrives (the map's next 'idle'): wait for that, then check.
    let settled = await snapshot();
    await expect.poll(async () => {
      settled = await snapshot();
      return settled.labelsPlaced === 'placed' && settled.pins.length === 2 && settled.labels.length > 0;
    }, { timeout: 15_000 }).toBe(true);
    const { labels, pins } = settled;
    const under = labels.filter((label) => pins.some((pin) => overlaps(label, pin)));
    expect(under).toEqual([]);
    // The map's credit starts folded to its (i) button, off the pins, and opens from it.
    const credit = figure.locator('.maplibregl-ctrl-attrib');
    await expect.poll(() => credit.evaluate((element) => element.classList.contains('maplibregl-compact-show'))).toBe(false);
    await expect(figure.locator('.maplibregl-ctrl-attrib-button').count()).resolves.toBe(1);
    // Names in the page's language, districts of the gazetteer among them.
    const districts = new Set(GAZETTEER_DISTRICTS.map((district) => (locale === 'en' ? district.en : district.ar)));
    expect(labels.filter((label) => districts.has(label.name)).length).toBeGreaterThanOrEqual(1);
    for (const label of labels) expect(label.name).toMatch(nameShape);
    await figure.screenshot({ path: join(process.cwd(), 'test-results', 'screenshots', `maps-request-${viewport.width}-${locale}.png`) });
    await page.close();
  });
});

describe('a past order in the history drawer', () => {

  it('shows its pickup and its drop-off on the map', async () => {
    const auth = await server.login('vendor@example.com');
    const orderId = await placeOrder(server, auth, SA_PARENT);
    for (const status of ['COURIER_ACCEPTED_DELIVERY', 'PICKED_UP', 'DELIVERED']) await moveOrder(server, orderId, status);
    const page = await signedInPage(browser, server, 'vendor@example.com', { viewport: DESKTOP });
    await page.goto(`${server.baseUrl}/history/${SA_PARENT}`);
    // Periods end yesterday; a search by id finds today's order.
    await page.getByPlaceholder('Order ID or customer phone').fill(orderId);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.locator(`[data-testid="history-rows"] [data-order-id="${orderId}"]`);
    await row.click();
    const map = page.getByRole('dialog').getByTestId('order-map');
    await mapDrawn(map);
    expect(await map.locator('[data-marker-kind]').evaluateAll((pins) => pins.map((pin) => pin.getAttribute('data-marker-kind')))).toEqual(expect.arrayContaining(['pickup', 'dropoff']));
    await screenshot(page, 'maps-history-drawer-1440-en');
    await page.close();
  });
});

describe('MAP_PMTILES street map', () => {
  // A server of its own: MAP_PMTILES is read at start.
  let streetServer: TestServer;
  let folder: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'maps-e2e-'));
    writeFileSync(join(folder, 'riyadh.pmtiles'), streetGridArchive(OLAYA));
    streetServer = await startServer({ DIST_DIR, MAP_PMTILES: join(folder, 'riyadh.pmtiles') });
  });
  afterAll(async () => {
    await streetServer?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const cases: [Viewport, string, string][] = [
    [DESKTOP, 'en', 'Customer address'],
    [PHONE, 'ar-SA', 'عنوان العميل'],
  ];
  it.each(cases)('the request map reads its streets from the archive in byte ranges (%o, %s)', async (viewport, locale, addressLabel) => {
    const page = await signedInPage(browser, streetServer, 'vendor@example.com', { viewport, locale });
    const ranges: { range: string | null; status: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/map-tiles/riyadh.pmtiles') ranges.push({ range: response.request().headers().range ?? null, status: response.status() });
    });
    await page.goto(`${streetServer.baseUrl}/request-a-rider/${SA_PARENT}`);
    await chooseAddress(page, addressLabel, 'Olaya', /./);
    await mapDrawn(page.getByTestId('map-canvas').first().locator('..'));
    // The header and directory, then tiles: every read a range answered with 206.
    expect(ranges.length).toBeGreaterThanOrEqual(2);
    for (const read of ranges) expect(read).toMatchObject({ range: expect.stringMatching(/^bytes=\d+-\d+$/), status: 206 });
    await screenshot(page, `maps-streets-${viewport.width}-${locale}`);
    await page.close();
  });
});
