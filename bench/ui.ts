// UI benchmark (`npx tsx bench/ui.ts`): the real server serving dist/ (build it first with
// `npx vite build`), seeded with BENCH_ACTIVE orders of today and BENCH_PAST orders of yesterday for
// one vendor, opened in Debian's Chromium. Prints the tracking page's time to first rendered order
// and the history table's time to first rows (from navigation, and from the list's response to the
// first row in the DOM), the time to page in every past order, and the long
// tasks (> 50 ms) seen while scrolling the whole table.
//   BENCH_ACTIVE=200 BENCH_PAST=10000 npx tsx bench/ui.ts   (BENCH_DIST_DIR=<folder> serves another build)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { startOfToday } from '../domain/zonedTime';
import type { Order, OrderStatus } from '../domain/types';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { DEMO_PASSWORD, DEMO_VENDORS } from '../server/db/seed';
import { newOrderId } from '../server/orders/ids';
import { insertOrder } from '../server/orders/repository';
import { DESKTOP, launchBrowser } from '../tests/e2e/support/browser';

const ACTIVE = Number(process.env.BENCH_ACTIVE ?? 200);
const PAST = Number(process.env.BENCH_PAST ?? 10_000);
const VENDOR = DEMO_VENDORS.saParent;
const ZONE = 'Asia/Dubai';
const ACTIVE_STATUSES: OrderStatus[] = ['RECEIVED', 'WAITING_FOR_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY', 'PICKED_UP', 'NEAR_CUSTOMER', 'DELIVERED', 'CANCELLED'];

function order(createdAt: number, status: OrderStatus, index: number): Order {
  return {
    order_id: newOrderId(VENDOR), vendor_id: VENDOR, created_at: createdAt, updated_at: createdAt + 60, status,
    status_history: [{ status: 'NEW', created_at: createdAt }, { status, created_at: createdAt + 60 }],
    preordered_for: null,
    customer: { name: `Customer ${index}`, phone_number: '+966501234567', location: { address: `${index} Olaya Street, Riyadh`, latitude: 24.7, longitude: 46.68, notes: '' } },
    order: { amount: 50 + (index % 100), description: 'Bench parcel', payment_method: 'CASH_ON_DELIVERY' },
    delivery_fee: 15, discount: 0, total_amount: 65 + (index % 100), currency: 'SAR',
  };
}

async function signIn(page: Page, baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/orders/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email_address: 'vendor@example.com', password: DEMO_PASSWORD }) });
  const { result } = (await response.json()) as { result: { user: unknown; AccessToken: string; IdToken: string; RefreshToken: string; Expires: number } };
  await page.addInitScript((items: [string, string][]) => items.forEach(([key, value]) => localStorage.setItem(key, value)), [
    ['portal.auth-user', JSON.stringify(result.user)],
    ['portal.auth-meta', JSON.stringify({ AccessToken: result.AccessToken, IdToken: result.IdToken, RefreshToken: result.RefreshToken, Expires: result.Expires })],
    ['portal.selected-vendor', VENDOR],
  ] as [string, string][]);
}

/** In the page, from its start: when the first order row entered the DOM (performance.now()). A
 * string, as watchLongTasks, so the bundler's helpers never reach the page. */
const watchFirstRow = `window.__firstRowAt = null; new MutationObserver((_, observer) => { if (!document.querySelector('[data-order-id]')) return; window.__firstRowAt = performance.now(); observer.disconnect(); }).observe(document, { childList: true, subtree: true });`;

/** Milliseconds from the end of the first orders list response to the first row in the DOM. */
async function renderAfterDataMs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const firstRowAt = (window as unknown as { __firstRowAt: number | null }).__firstRowAt ?? Number.NaN;
    const list = performance.getEntriesByType('resource').find((entry) => /\/vendor\/[^/]+\/orders\?/.test(entry.name)) as PerformanceResourceTiming | undefined;
    return Math.round(firstRowAt - (list?.responseEnd ?? Number.NaN));
  });
}

/** Chromium's cumulative renderer metrics (seconds for the *Duration ones), by name. */
async function rendererMetrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
}

/** Counts long tasks from the moment it is called; read back with `window.__longTasks`. */
const watchLongTasks = () =>
  `window.__longTasks = []; new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); }).observe({ type: 'longtask', buffered: false });`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ui-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '1', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DIST_DIR: process.env.BENCH_DIST_DIR ?? join(process.cwd(), 'dist') }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const now = Math.floor(Date.now() / 1000);
  const today = startOfToday(now, ZONE);
  for (let i = 0; i < ACTIVE; i += 1) await insertOrder(app.orders.db, order(today + Math.floor(((now - today) * i) / ACTIVE), ACTIVE_STATUSES[i % ACTIVE_STATUSES.length] ?? 'RECEIVED', i));
  for (let i = 0; i < PAST; i += 1) await insertOrder(app.orders.db, order(today - 86_400 + Math.floor((86_000 * i) / PAST), i % 9 === 0 ? 'CANCELLED' : 'DELIVERED', i));

  const browser = await launchBrowser();
  try {
    const { page } = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, baseUrl);
    await page.addInitScript(watchFirstRow);
    const t0 = Date.now();
    await page.goto(`${baseUrl}/order-tracking/${VENDOR}`);
    await page.locator('[data-order-id]').first().waitFor({ timeout: 60_000 });
    const trackingMs = Date.now() - t0;
    const trackingRows = await page.locator('[data-order-id]').count();
    const trackingAfterDataMs = await renderAfterDataMs(page);

    const t1 = Date.now();
    await page.goto(`${baseUrl}/history/${VENDOR}`);
    await page.locator('[data-testid="history-rows"] [data-order-id]').first().waitFor({ timeout: 60_000 });
    const historyFirstMs = Date.now() - t1;
    const historyAfterDataMs = await renderAfterDataMs(page);
    const t2 = Date.now();
    const loadMore = page.getByRole('button', { name: 'Load more orders' });
    while (await loadMore.isVisible()) {
      await loadMore.click();
      await page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'));
    }
    const allPagesMs = Date.now() - t2;
    // The renderer's own accounting of the scroll, per step: less swayed than long tasks by other
    // processes on a busy machine, as it sums the work rather than the wall time of single tasks.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const metricsBefore = await rendererMetrics(cdp);
    await page.evaluate(watchLongTasks());
    const { scrollMs, steps } = await page.getByTestId('history-rows').evaluate(async (element) => {
      const started = performance.now();
      let count = 0;
      while (element.scrollTop + element.clientHeight < element.scrollHeight - 1) {
        element.scrollTop += element.clientHeight / 2;
        count += 1;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return { scrollMs: performance.now() - started, steps: count };
    });
    const metricsAfter = await rendererMetrics(cdp);
    const perStep = (name: string) => Math.round((((metricsAfter[name] ?? 0) - (metricsBefore[name] ?? 0)) * 1000 * 100) / Math.max(1, steps)) / 100;
    const longTasks = (await page.evaluate('window.__longTasks')) as number[];
    const domRows = await page.locator('[data-testid="history-rows"] [data-order-id]').count();
    console.log(JSON.stringify({
      activeOrders: ACTIVE,
      trackingFirstOrderMs: trackingMs,
      trackingRowsRendered: trackingRows,
      trackingShownAfterDataMs: trackingAfterDataMs,
      pastOrders: PAST,
      historyFirstRowsMs: historyFirstMs,
      historyShownAfterDataMs: historyAfterDataMs,
      historyAllPagesMs: allPagesMs,
      historyScrollMs: Math.round(scrollMs),
      historyScrollSteps: steps,
      scrollScriptMsPerStep: perStep('ScriptDuration'),
      scrollStyleMsPerStep: perStep('RecalcStyleDuration'),
      scrollLayoutMsPerStep: perStep('LayoutDuration'),
      scrollTaskMsPerStep: perStep('TaskDuration'),
      historyRowsInDom: domRows,
      longTasksWhileScrolling: longTasks.length,
      longestTaskMs: Math.round(Math.max(0, ...longTasks)),
    }, null, 2));
  } finally {
    await browser.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
