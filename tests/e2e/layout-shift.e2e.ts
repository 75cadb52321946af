// Layout shift of the pages people open on phones and shop tablets, from Chromium's own layout-shift
// entries (the figure Lighthouse's CLS sums; `npm run bench:web` prints Lighthouse's): what arrives late
// (the vendor's lists, the drop-off section, the live status, the map) has its room kept, so nothing the
// user is reading jumps. Shifts right after the user's own input do not count, as in CLS.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../domain/types';
import { DEMO_VENDORS } from '../../server/db/seed';
import { DESKTOP, launchBrowser, type LaunchedBrowser, type Viewport } from './support/browser';
import { signedInStorage } from './support/session';
import { distDir } from './support/e2eServer';
import { placeOrder, resultOf } from '../server/orders-fixtures';
import { startServer, type TestServer } from '../server/harness';

/** Web Vitals' "good" cumulative layout shift. */
const GOOD_LAYOUT_SHIFT = 0.1;
/** Lighthouse's mobile screen (a Moto G Power): at 412 px the tracking toolbar fits one line or two
 * depending on the live status's word, where at 375 px it always takes two. */
const LIGHTHOUSE_PHONE: Viewport = { name: 'phone', width: 412, height: 823 };

let server: TestServer;
let browser: LaunchedBrowser;
let publicTrackingPath: string;

beforeAll(async () => {
  server = await startServer({ DIST_DIR: distDir(), COURIER_SIM_SPEED: '0' });
  browser = await launchBrowser();
  const auth = await server.login('vendor@example.com');
  const orderId = await placeOrder(server, auth, DEMO_VENDORS.saOlaya);
  const order = resultOf<Order>((await server.call('GET', `/order?vendorId=${DEMO_VENDORS.saOlaya}&orderId=${encodeURIComponent(orderId)}`, { auth })).body);
  publicTrackingPath = `/tracking/${encodeURIComponent(orderId)}?t=${encodeURIComponent(order.tracking_token ?? '')}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface PageCase {
  name: string;
  path: () => string;
  signedIn: boolean;
  /** Waits until everything the page loads first is on screen. */
  ready: (page: Page) => Promise<void>;
}

const PAGES: PageCase[] = [
  { name: 'landing', path: () => '/', signedIn: false, ready: (page) => page.locator('main h1, #main h1').first().waitFor() },
  { name: 'sign-in', path: () => '/connect', signedIn: false, ready: (page) => page.getByRole('textbox').first().waitFor() },
  { name: 'public tracking', path: () => publicTrackingPath, signedIn: false, ready: (page) => page.locator('[data-tracking-status]').waitFor() },
  {
    name: 'tracking (signed in)',
    path: () => '/order-tracking',
    signedIn: true,
    ready: async (page) => {
      await page.locator('[data-live="connected"]').waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    },
  },
  {
    name: 'request a rider (signed in)',
    path: () => '/request-a-rider',
    signedIn: true,
    ready: async (page) => {
      await page.locator('#request-dropoff').waitFor();
      await page.locator('input[role="combobox"]:not([readonly])').first().waitFor();
      await page.locator('[data-testid="map-skeleton"]').first().waitFor({ state: 'detached' });
    },
  },
];

/** Starts recording layout shifts before the page's first byte (buffered entries need an observer). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] }[]) {
        if (entry.hadRecentInput) continue;
        const describe = (node: Node | null) => (node instanceof Element ? `${node.tagName.toLowerCase()} "${(node.textContent ?? '').replace(/\s+/g, ' ').slice(0, 40)}"` : String(node?.nodeName));
        shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => describe(source.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShiftOf(page: Page): Promise<{ total: number; shifts: { value: number; sources: string[] }[] }> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts);
  return { total: shifts.reduce((sum, { value }) => sum + value, 0), shifts };
}

describe('layout shift while a page loads', () => {
  const cases = PAGES.flatMap((page) => [LIGHTHOUSE_PHONE, DESKTOP].map((viewport): [string, PageCase, Viewport] => [`${page.name} at ${viewport.width} px`, page, viewport]));
  it.each(cases)('%s stays under 0.1', async (_name, pageCase, viewport) => {
    const storage = pageCase.signedIn ? await signedInStorage(server) : { 'portal.welcome-seen': 'true' };
    const { context, page } = await browser.newPage({ viewport, storage });
    try {
      await recordShifts(page);
      await page.goto(`${server.baseUrl}${pageCase.path()}`);
      await pageCase.ready(page);
      const { total, shifts } = await layoutShiftOf(page);
      expect(total, JSON.stringify(shifts)).toBeLessThan(GOOD_LAYOUT_SHIFT);
    } finally {
      await context.close();
    }
  });
});
