// The Insights page in a real Chromium against the real server serving dist/ (issue #26). Five orders
// are placed today through the API and moved with /ops on a moved server clock (two delivered, one on
// time and one late, one cancelled, one returned, one left waiting); with the period set to today the
// page must show every figure computed by hand below (expectFiguresByHand: on time, returns,
// cancellations, durations, the trend's bar, drop-off areas; spend and heat map), in en and ar-SA, and
// nothing may make a 375 px phone scroll sideways. On a wide screen "Include all outlets" is switched
// on (on a phone through the menu), so the spend table (and the CSV) lists the parent's branches and
// ends with the "All outlets" row; a phone shows them as cards, the total last. Screenshots:
// test-results/screenshots/insights-<desktop|phone>-<en|ar-SA>.png.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { countryConfig, localDateAt } from '../../domain';
import { formattingLocale } from '../../src/i18n/bcp47';
import { DESKTOP, PHONE, screenshot, type Viewport } from './support/browser';
import { signedInStorage } from './support/session';
import { moveOrder, orderPayload, quoteFee, resultOf, SA_PARENT } from '../server/orders-fixtures';
import { useE2eServer } from './support/e2eServer';
import { settled } from './support/settled';
import { advanceClock } from '../server/clock';

// COURIER_SIM_SPEED 0: the simulated fleet stays still, so /ops alone decides the statuses. The orders'
// minutes pass on the server clock (moved, never slept on), so sessions must outlive them.
const e2e = useE2eServer({ COURIER_SIM_SPEED: '0', ACCESS_TOKEN_TTL_S: String(86_400) });

const ZONE = countryConfig('SA').timeZone;
const today = () => localDateAt(Math.floor(Date.now() / 1000), ZONE).toString();

/** Minutes on the server clock: request to pick-up of both delivered orders, pick-up to the first one's delivery, the second's lateness. */
const TO_PICKUP_MIN = 10;
const FIRST_DELIVERY_MIN = 15;
const LATE_BY_MIN = 5;
/** The delivery ETA both delivered orders were placed with (the same outlet and address), read from the order. */
let etaMin = 0;

/**
 * The hand-computed answer for today's five orders. Both delivered orders are picked up 10 minutes
 * after the request; the first is delivered 15 minutes later, within its ETA, the second 5 minutes
 * after its ETA: one of two on time, request to pick-up 10 minutes (average and p90), pick-up to
 * delivery 15 and ETA - 5 minutes (their average, and the longer one at p90 by nearest rank).
 */
const EXPECTED = {
  orders: 5, returned: 1, cancelled: 1, delivered: 2, cancelledRows: 1,
  onTimeRate: 0.5,
  toPickup: { average: TO_PICKUP_MIN, p90: TO_PICKUP_MIN },
  get toDelivery() {
    const late = etaMin + LATE_BY_MIN - TO_PICKUP_MIN;
    return { average: Math.round((FIRST_DELIVERY_MIN + late) / 2), p90: late };
  },
  // Every order goes to RIYADH_DESTINATION (24.6636, 46.7369): one area of 1/100 degree, centred at 24.66, 46.74.
  dropOffArea: { latitude: 24.66, longitude: 46.74 },
};
/** Each order's item value (cash on delivery, orderPayload) and the fee each was placed with, in order. */
const ITEM_AMOUNT = 120;
const fees: number[] = [];

/**
 * The spend in SAR, by hand (domain/insights/orderFacts.ts): the two delivered orders, the waiting one
 * and the returned one are charged their fee, the cancelled one nothing; no voucher, so no discount; the
 * rider collected item and fee in cash for each delivered order only (not for the returned one).
 */
function expectedSpend() {
  const [delivered1 = 0, delivered2 = 0, , waiting = 0, returned = 0] = fees;
  return { fees: delivered1 + delivered2 + waiting + returned, discounts: 0, cash: ITEM_AMOUNT + delivered1 + ITEM_AMOUNT + delivered2 };
}

/** The local hour in the vendor's zone, so the orders' two hours of server time stay within today. */
const localHour = () => Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));

beforeAll(async () => {
  const server = e2e.server;
  // The orders live up to two hours of server time: earlier today, or (in the day's first hours) later today.
  const startOffsetS = localHour() >= 3 ? -2 * 3600 : 0;
  server.app.clock.setOffsetS(startOffsetS);
  const auth = await server.login('vendor@example.com');
  const ids: string[] = [];
  for (let index = 0; index < 5; index += 1) {
    const quote = await quoteFee(server, auth, SA_PARENT);
    const placed = await server.call('POST', '/order', { auth, body: orderPayload(SA_PARENT, quote, { order: { payment_method: 'CASH_ON_DELIVERY', amount: ITEM_AMOUNT, description: 'Two cakes', cold_bag_needed: false } }) });
    expect(placed.status, placed.text).toBe(200);
    fees.push(quote.fee);
    ids.push(resultOf<{ order_id: string }>(placed.body).order_id);
  }
  const [onTime = '', late = '', cancelled = '', , returned = ''] = ids;
  const order = await server.call('GET', `/order?vendorId=${SA_PARENT}&orderId=${encodeURIComponent(late)}`, { auth });
  etaMin = resultOf<{ estimated_delivery_min: number }>(order.body).estimated_delivery_min;
  // The plan needs an ETA after the first delivery and within the two hours.
  expect(etaMin).toBeGreaterThan(TO_PICKUP_MIN + FIRST_DELIVERY_MIN);
  expect(etaMin + LATE_BY_MIN).toBeLessThan(120);

  await moveOrder(server, cancelled, 'CANCELLED');
  advanceClock(server, TO_PICKUP_MIN * 60);
  for (const orderId of [onTime, late, returned]) await moveOrder(server, orderId, 'PICKED_UP');
  for (const status of ['RETURN_INITIATED', 'RETURNED_TO_VENDOR']) await moveOrder(server, returned, status);
  advanceClock(server, FIRST_DELIVERY_MIN * 60);
  await moveOrder(server, onTime, 'DELIVERED');
  advanceClock(server, (etaMin + LATE_BY_MIN - TO_PICKUP_MIN - FIRST_DELIVERY_MIN) * 60);
  await moveOrder(server, late, 'DELIVERED');
  server.app.clock.setOffsetS(0);
});

async function signedIn(options: { viewport?: Viewport; locale?: string } = {}): Promise<Page> {
  const storage = await signedInStorage(e2e.server, 'vendor@example.com', { locale: options.locale, selectedVendor: SA_PARENT });
  return (await e2e.browser.newPage({ viewport: options.viewport, storage })).page;
}

/** Opens Insights from the navigation, sets the period to today (the seeded history all falls before it) and includes every outlet. */
async function openToday(page: Page, labels: typeof EN) {
  await page.goto(`${e2e.server.baseUrl}/history/${SA_PARENT}`);
  await page.getByRole('link', { name: labels.nav, exact: true }).first().click();
  await page.waitForURL(`**/insights/${SA_PARENT}`);
  // The filters are used at once, while the page still loads: History, still on screen until the
  // Insights page's code is in, takes no input meanwhile (the shell makes the page being left inert).
  await page.getByLabel(labels.period, { exact: true }).selectOption('Custom');
  await page.getByLabel(labels.from, { exact: true }).fill(today());
  await page.getByLabel(labels.to, { exact: true }).fill(today());
  await page.getByRole('button', { name: labels.apply }).click();
  await expect.poll(() => figure(page, 'orders').textContent(), { timeout: 15_000 }).toContain(number(labels === EN ? 'en' : 'ar-SA', EXPECTED.orders));
  await page.getByRole('banner').getByRole('switch', { name: labels.outlets }).click();
  await expect.poll(() => page.getByTestId('insights-outlets').locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(1);
}

/**
 * The floating help-centre button (bottom inline-end) never hides the page for good: scrolled to the
 * bottom, the last card (the drop-off map) ends above the button, so the page leaves room under its
 * last line for it (FLOATING_BUTTON_ROOM in src/components/Page.tsx). Any card above the last one can
 * then be scrolled clear too.
 */
async function expectHelpButtonClears(page: Page, locale: string) {
  const help = page.getByRole('button', { name: JSON.parse(await readFile(`public/locales/${locale}.json`, 'utf8'))['nav.help-centre'], exact: true });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const button = await help.boundingBox();
  expect(button).not.toBeNull();
  const last = await page.getByTestId('insights-drop-offs').boundingBox();
  expect(last).not.toBeNull();
  expect(last!.y + last!.height).toBeLessThanOrEqual(button!.y);
}

const EN = { nav: 'Insights', period: 'Period', from: 'From', to: 'To', apply: 'Apply', outlets: 'Include all outlets', menu: 'Menu' };
const AR = { nav: 'الإحصاءات', period: 'الفترة', from: 'من', to: 'إلى', apply: 'تطبيق', outlets: 'تضمين جميع الفروع', menu: 'القائمة' };
const figure = (page: Page, id: string) => page.locator(`[data-figure="${id}"] dd`);
const number = (locale: string, value: number) => new Intl.NumberFormat(formattingLocale(locale)).format(value);
const percent = (locale: string, rate: number) => new Intl.NumberFormat(formattingLocale(locale), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
const minutes = (locale: string, value: number) => new Intl.NumberFormat(formattingLocale(locale), { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(value);
const coordinate = (locale: string, degrees: number) => new Intl.NumberFormat(formattingLocale(locale), { maximumFractionDigits: 3 }).format(degrees);
const sar = (locale: string, value: number) => new Intl.NumberFormat(formattingLocale(locale), { style: 'currency', currency: 'SAR' }).format(value);

/**
 * The parent's row of the spend table (the only branch with orders today): fees, discounts, cash, in SAR;
 * with all outlets included, the other branches at zero and the "All outlets" row equal to the parent's.
 */
async function expectSpendInSar(page: Page, locale: string, allOutlets: boolean) {
  const row = page.getByTestId('insights-outlets').locator(`tr[data-outlet="${SA_PARENT}"] td`);
  const spend = expectedSpend();
  expect(spend.fees).toBeGreaterThan(0);
  expect((await row.allTextContents()).slice(1)).toEqual([sar(locale, spend.fees), sar(locale, spend.discounts), sar(locale, spend.cash)]);
  const others = page.getByTestId('insights-outlets').locator(`tbody tr:not([data-outlet="${SA_PARENT}"]) td:nth-child(3)`);
  const total = page.getByTestId('insights-outlets-total').locator('td');
  if (!allOutlets) {
    expect(await others.count()).toBe(0);
    expect(await total.count()).toBe(0);
    return;
  }
  // Every other branch spent nothing today: the page's total is the parent's row.
  expect(await others.count()).toBeGreaterThan(0);
  for (const fee of await others.allTextContents()) expect(fee).toBe(sar(locale, 0));
  expect(await total.allTextContents()).toEqual([number(locale, EXPECTED.orders), sar(locale, spend.fees), sar(locale, spend.discounts), sar(locale, spend.cash)]);
}

/**
 * Every figure of the page against the hand-computed answer, in the page's locale: on-time rate,
 * returns, cancellations (count, by reason and by who), both durations (average and p90), today's bar
 * of the trend, and the drop-off areas (the map's data table). Spend and heat map: below.
 */
async function expectFiguresByHand(page: Page, locale: string) {
  const value = (id: string) => page.locator(`[data-figure="${id}"] dd`).first();
  expect(await value('orders').textContent()).toContain(number(locale, EXPECTED.orders));
  expect(await value('on-time').textContent()).toContain(percent(locale, EXPECTED.onTimeRate));
  expect(await value('returned').textContent()).toContain(number(locale, EXPECTED.returned));
  expect(await value('cancelled').textContent()).toContain(number(locale, EXPECTED.cancelled));
  for (const [id, expected] of [['request-to-pickup', EXPECTED.toPickup], ['pickup-to-delivery', EXPECTED.toDelivery]] as const) {
    // The average, then "9 in 10 within …".
    const tile = page.locator(`[data-figure="${id}"] dd`);
    expect(await tile.locator('> :first-child').textContent(), id).toBe(minutes(locale, expected.average));
    expect(await tile.locator('> :last-child').textContent(), id).toContain(minutes(locale, expected.p90));
  }
  const bar = page.getByTestId('insights-trend').locator(`g[data-date="${today()}"]`);
  expect(await bar.getAttribute('aria-label')).toContain(number(locale, EXPECTED.orders));
  const cancellations = page.getByTestId('insights-cancellations');
  expect(await cancellations.locator('tbody tr').count()).toBe(EXPECTED.cancelledRows * 2);
  expect(await cancellations.locator('tbody td').allTextContents()).toEqual([number(locale, EXPECTED.cancelled), number(locale, EXPECTED.cancelled)]);
  const areas = page.getByTestId('insights-drop-offs').locator('table tbody tr');
  expect(await areas.count()).toBe(1);
  expect((await areas.first().locator('th, td').allTextContents()).map((cell) => cell.trim())).toEqual([
    `${coordinate(locale, EXPECTED.dropOffArea.latitude)}, ${coordinate(locale, EXPECTED.dropOffArea.longitude)}`, number(locale, EXPECTED.orders),
  ]);
}

async function heatMapTotal(page: Page): Promise<number> {
  const counts = await page.locator('[data-testid="insights-heat-map"] [data-orders]').evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-orders'))));
  return counts.reduce((sum, count) => sum + count, 0);
}

describe('Insights page', () => {
  it("shows today's figures as computed by hand (en), with a keyboard-readable heat map", async () => {
    const page = await signedIn();
    await openToday(page, EN);
    await expectFiguresByHand(page, 'en');
    // The English wording around the figures.
    expect(await figure(page, 'on-time').textContent()).toContain(`of ${EXPECTED.delivered} deliveries`);
    expect(await figure(page, 'request-to-pickup').textContent()).toBe(`${EXPECTED.toPickup.average} min9 in 10 within ${EXPECTED.toPickup.p90} min`);
    expect(await figure(page, 'pickup-to-delivery').textContent()).toBe(`${EXPECTED.toDelivery.average} min9 in 10 within ${EXPECTED.toDelivery.p90} min`);
    // The trend has today's bar with the five orders.
    const bar = page.getByTestId('insights-trend').locator(`g[data-date="${today()}"]`);
    // The trend counts the return with the deliveries, as History does (InsightsTrend.tsx).
    expect(await bar.getAttribute('aria-label')).toMatch(/: 5 orders \(3 delivered, 1 cancelled, 1 in progress\)$/);
    // The parent's own row in the spend table.
    expect(await page.getByTestId('insights-outlets').locator(`tr[data-outlet="${SA_PARENT}"] td`).first().textContent()).toBe(String(EXPECTED.orders));
    await expectSpendInSar(page, 'en', true);
    // Every order sits in one cell of the heat map; the busiest cell is the one in the tab order.
    expect(await heatMapTotal(page)).toBe(EXPECTED.orders);
    const focusable = page.getByTestId('insights-heat-map').locator('[data-cell][tabindex="0"]');
    await focusable.focus();
    expect(await focusable.getAttribute('aria-label')).toMatch(/orders?$/);
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-cell'))).not.toBeNull();

    // The CSV holds the same figures: today's row of the days table, the parent's spend row and the "All outlets" row.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`insights-${today()}-${today()}.csv`);
    const path = await download.path();
    const csv = (await readFile(path, 'utf8')).split('\r\n');
    expect(csv[0]).toBe('\uFEFFOrders per day');
    expect(csv).toContain(`${today()},5,2,1,1,1`);
    expect(csv.find((line) => line.startsWith('Riyadh Fresh Bakery,'))?.split(',').slice(1)).toEqual([String(EXPECTED.orders), ...Object.values(expectedSpend()).map(String)]);
    // The parent sees its branches too, so the spend table ends with the "All outlets" row: here the parent's figures.
    expect(csv.find((line) => line.startsWith('All outlets,'))?.split(',').slice(1)).toEqual([String(EXPECTED.orders), ...Object.values(expectedSpend()).map(String)]);
    await page.close();
  });

  it('shows the same figures in ar-SA, and nothing overflows at 1440 and 375 px in en and ar-SA', async () => {
    for (const locale of ['en', 'ar-SA']) {
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await signedIn({ viewport, locale });
        const labels = locale === 'en' ? EN : AR;
        if (viewport === PHONE) {
          // The phone's navigation is in the menu: go straight to the page.
          await page.goto(`${e2e.server.baseUrl}/insights/${SA_PARENT}`);
          await page.getByLabel(labels.period, { exact: true }).selectOption('Custom');
          await page.getByLabel(labels.from, { exact: true }).fill(today());
          await page.getByLabel(labels.to, { exact: true }).fill(today());
          await page.getByRole('button', { name: labels.apply }).click();
          await expect.poll(() => figure(page, 'orders').textContent(), { timeout: 15_000 }).toContain(number(locale, EXPECTED.orders));
          // The outlets switch is in the menu too: with it on, the phone shows the spend cards and the total card.
          await page.getByRole('button', { name: labels.menu, exact: true }).click();
          await page.getByRole('dialog').getByRole('switch', { name: labels.outlets }).click();
          await page.keyboard.press('Escape');
          await expect.poll(() => page.getByTestId('insights-outlets').locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(1);
        } else {
          await openToday(page, labels);
        }
        await expectFiguresByHand(page, locale);
        await expectSpendInSar(page, locale, true);
        expect(await heatMapTotal(page)).toBe(EXPECTED.orders);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        await expectHelpButtonClears(page, locale);
        await screenshot(page, `insights-${viewport.name}-${locale}`);
        await page.close();
      }
    }
  });
});
