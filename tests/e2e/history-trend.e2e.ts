// The History page's orders-per-day chart in a real Chromium against the real server serving dist/
// or E2E_DIST_DIR (issue #7 follow-up). Orders are placed through the API and moved with /ops; the
// chart must show today's bar with those counts and follow the period filter. Screenshots:
// test-results/screenshots/history-trend-<desktop|phone>-<en|ar-SA>.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { countryConfig, localDateAt, startOfDay } from '../../domain';
import { DESKTOP, PHONE, screenshot, type Viewport } from './support/browser';
import { signedInStorage } from './support/session';
import { moveOrder, placeOrder, SA_PARENT } from '../server/orders-fixtures';
import { useE2eServer } from './support/e2eServer';
import { settled } from './support/settled';

// COURIER_SIM_SPEED 0: the simulated fleet stays still, so /ops alone decides the statuses.
const e2e = useE2eServer({ COURIER_SIM_SPEED: '0' });
let auth: string;

/** The vendor's calendar (Riyadh): the demo seed's past orders all fall before today there. */
const ZONE = countryConfig('SA').timeZone;
const nowUnix = () => Math.floor(Date.now() / 1000);
const today = () => localDateAt(nowUnix(), ZONE);

beforeAll(async () => {
  auth = await e2e.server.login('vendor@example.com');
  const moves = [['PICKED_UP', 'DELIVERED'], ['PICKED_UP', 'DELIVERED'], ['CANCELLED'], []];
  for (const statuses of moves) {
    const orderId = await placeOrder(e2e.server, auth, SA_PARENT);
    for (const status of statuses) await moveOrder(e2e.server, orderId, status);
  }
});

/** Signed in on the parent vendor, optionally with remembered History filters (as the page stores them). */
async function signedIn(options: { viewport?: Viewport; locale?: string; filters?: { from: number; to: number } } = {}): Promise<Page> {
  const storage = await signedInStorage(e2e.server, 'vendor@example.com', { locale: options.locale, selectedVendor: SA_PARENT });
  if (options.filters) {
    storage['portal.filters'] = JSON.stringify({
      dateRangeFilter: { ...options.filters, category: 'Custom' }, orderStatusFilter: 'ANY', showToggleOutlet: false, enableToggleOutlet: false,
    });
  }
  return (await e2e.browser.newPage({ viewport: options.viewport, storage })).page;
}

const chart = (page: Page) => page.getByRole('region', { name: /Orders per day|الطلبات يوميًا/ });
const dayBars = (page: Page) => chart(page).locator('g[data-date]');

describe('History orders-per-day chart', () => {
  it("shows today's bar with the orders placed and moved today, and follows the period", async () => {
    const page = await signedIn();
    await page.goto(`${e2e.server.baseUrl}/history/${SA_PARENT}`);
    await page.getByLabel('Period').selectOption('Custom');
    await page.getByLabel('From').fill(today().toString());
    await page.getByLabel('To').fill(today().toString());
    await page.getByRole('button', { name: 'Apply' }).click();

    const todayBar = chart(page).locator(`g[data-date="${today().toString()}"]`);
    await todayBar.waitFor();
    expect(await dayBars(page).count()).toBe(1);
    expect(await todayBar.getAttribute('aria-label')).toMatch(/: 4 orders \(2 delivered, 1 cancelled, 1 in progress\)$/);
    expect(await chart(page).getByTestId('orders-trend-total').textContent()).toBe('4 orders in this period');
    // Keyboard: the bar is reachable and shows its numbers.
    await todayBar.focus();
    expect(await chart(page).getByRole('tooltip').textContent()).toContain('2 delivered');

    // The past month ends yesterday: thirty days of the seeded orders, today's bar gone.
    await page.getByLabel('Period').selectOption('PastMonth');
    await expect.poll(() => dayBars(page).count(), { timeout: 10_000 }).toBe(30);
    expect(await todayBar.count()).toBe(0);
    expect(await chart(page).getByTestId('orders-trend-total').textContent()).not.toBe('4 orders in this period');
    await page.close();
  });

  it('looks right at 1440 and 375 px in en and ar-SA', async () => {
    // The week up to today: the seeded days and today's orders.
    const week = { from: startOfDay(today().minusDays(6), ZONE), to: startOfDay(today().plusDays(1), ZONE) - 1 };
    for (const locale of ['en', 'ar-SA']) {
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await signedIn({ viewport, locale, filters: week });
        await page.goto(`${e2e.server.baseUrl}/history/${SA_PARENT}`);
        await dayBars(page).first().waitFor();
        expect(await dayBars(page).count()).toBe(7);
        // Reading order: the newest day sits at the end of the line (right in en, left in ar-SA).
        const first = await dayBars(page).first().boundingBox();
        const last = await dayBars(page).last().boundingBox();
        expect(first && last && (locale === 'ar-SA' ? first.x > last.x : first.x < last.x)).toBe(true);
        await settled(page);
        // Nothing of the chart (its hidden table included) makes the page scroll sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        await screenshot(page, `history-trend-${viewport.name}-${locale}`);
        await page.close();
      }
    }
  });
});
