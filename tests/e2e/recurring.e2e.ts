// Recurring orders (issue #27) in a real Chromium against the real server serving dist/: the vendor
// fills the request form in and keeps it with "Save as template", opens "Repeat on a schedule" on Saved
// templates and sets it for every weekday at 09:30 in the vendor's zone (Asia/Dubai, the Saudi build's). The server's
// clock is then moved to each run in turn (POST /ops/clock; the durable job queue places the run on
// its own), with the server stopped and started again on the same data in the middle: the new
// process takes the due run over. Each run is placed exactly once (five runs, five orders, no other),
// the first run's order and the one placed after the restart are on the tracking page of their day
// (the browser's clock moved with the server's), and the Recurring orders page lists every run with
// its order. Then the rule is edited to day 31 of each month. Screenshots: test-results/screenshots/recurring-*.png.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderTemplate, RecurringScheduleView } from '../../domain/api';
import { startServer, type TestServer } from '../server/harness';
import { resultOf, SA_PARENT } from '../server/orders-fixtures';
import { DESKTOP, launchBrowser, screenshot, type LaunchedBrowser } from './support/browser';
import { distDir } from './support/e2eServer';
import { signedInStorage } from './support/session';
import { fillOlayaDelivery, ops } from './request-flow';

const MINUTE = 60;
const DAY = 24 * 3600;
/** Dubai keeps UTC+4 all year: 09:30 there is 05:30 UTC. */
const RUN_UTC_SECONDS = 5 * 3600 + 30 * MINUTE;

/**
 * The first five weekday 09:30 runs in Asia/Dubai strictly after `afterS`, worked out here by hand
 * (UTC weekdays, as Dubai's date at 05:30 UTC is the UTC date), not by the domain rule under test.
 */
function nextWeekdayRuns(afterS: number, count = 5): number[] {
  const runs: number[] = [];
  for (let day = Math.floor(afterS / DAY) * DAY; runs.length < count; day += DAY) {
    const run = day + RUN_UTC_SECONDS;
    const weekday = new Date(run * 1000).getUTCDay();
    if (run > afterS && weekday >= 1 && weekday <= 5) runs.push(run);
  }
  return runs;
}

// One data dir across both processes (the restart keeps the database and the signing secrets). The
// simulated fleet stays still, so each run's order is still NEW on the tracking page; sessions last
// past the week the clock is moved through.
const dataDir = mkdtempSync(join(tmpdir(), 'recurring-e2e-'));
const ENV = { DIST_DIR: distDir(), DATA_DIR: dataDir, COURIER_SIM_SPEED: '0', ACCESS_TOKEN_TTL_S: String(30 * DAY) };

let server: TestServer;
let browser: LaunchedBrowser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(ENV), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A signed-in page at the parent vendor whose browser clock reads the server's now (and runs on). */
async function signedIn(): Promise<Page> {
  const storage = await signedInStorage(server, 'vendor@example.com', { selectedVendor: SA_PARENT });
  const { context, page } = await browser.newPage({ viewport: DESKTOP, storage });
  await context.clock.setSystemTime(server.app.clock.nowMs());
  return page;
}

/** Moves the running server's clock so that its now is `unixS` (a run's instant). */
async function moveServerClockTo(unixS: number): Promise<void> {
  await ops(server, 'POST', '/ops/clock', { offset_s: unixS - Math.floor(Date.now() / 1000) });
}

async function schedules(auth: string): Promise<RecurringScheduleView[]> {
  const answer = await server.call('GET', `/vendor/${SA_PARENT}/recurring-orders`, { auth });
  expect(answer.status, answer.text).toBe(200);
  return resultOf<RecurringScheduleView[]>(answer.body);
}

/** Waits until the schedule has run `count` times (the job queue polls each second), then answers its runs. */
async function runsOnceThere(auth: string, count: number): Promise<RecurringScheduleView['last_runs']> {
  let runs: RecurringScheduleView['last_runs'] = [];
  await vi.waitFor(async () => {
    runs = (await schedules(auth))[0]?.last_runs ?? [];
    expect(runs.length).toBeGreaterThanOrEqual(count);
  }, { timeout: 30_000, interval: 250 });
  return runs;
}

/** The tracking page of the browser's (the server's) day lists the order among the new ones. */
async function expectOnTrackingPage(orderId: string): Promise<void> {
  const page = await signedIn();
  await page.goto(`${server.baseUrl}/order-tracking/${SA_PARENT}`);
  await page.locator(`[data-list="new"] [data-order-id="${orderId}"]`).waitFor();
  await page.close();
}

describe('a recurring order for every weekday', () => {
  // Five runs, a restart and four page loads: longer than the e2e project's 90 s on a loaded two-core machine.
  it('places each run exactly once on a simulated clock, across a server restart, and lists the outcomes', { timeout: 240_000 }, async () => {
    // The vendor fills the request form in and saves it as a template instead of placing it.
    const auth = await server.login('vendor@example.com');
    const page = await signedIn();
    const formOpenedAt = server.app.clock.nowS();
    await page.goto(`${server.baseUrl}/request-a-rider/${SA_PARENT}`);
    await fillOlayaDelivery(page, '45', { name: 'Huda Nasser', phone: '0502223344' });
    await page.getByLabel(/What is being delivered/).fill('Bread basket');
    await page.getByRole('button', { name: 'Continue to payment', exact: true }).click();
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await page.getByRole('button', { name: 'Save as template', exact: true }).click();
    await page.getByLabel('Template name', { exact: true }).fill('Morning bread');
    await page.getByRole('button', { name: 'Save template', exact: true }).click();
    await page.getByText('Template saved', { exact: true }).waitFor();
    // What the form held, the phone number as typed (as the request form sends it; the order routes read it in the vendor's country).
    const templates = await server.call('GET', `/templates/${SA_PARENT}`, { auth });
    expect((templates.body as { body: OrderTemplate[] }).body).toEqual([
      expect.objectContaining({ name: 'Morning bread', customer_name: 'Huda Nasser', phone_number: '0502223344', amount: 45, description: 'Bread basket', payment_method: 'CASH_ON_DELIVERY' }),
    ]);
    // Nothing was placed: the form was kept, not sent.
    expect(await server.app.db.selectFrom('orders').select('order_id').where('vendor_id', '=', SA_PARENT).where('created_at', '>=', formOpenedAt).execute()).toEqual([]);

    // Saved templates → Repeat on a schedule: Monday to Friday at 09:30.
    await page.goto(`${server.baseUrl}/templates`);
    const card = page.getByRole('listitem', { name: 'Morning bread', exact: true });
    await card.getByRole('button', { name: 'Repeat on a schedule', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Repeat on a schedule', exact: true });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await dialog.getByRole('checkbox', { name: day, exact: true }).check();
    for (const day of ['Saturday', 'Sunday']) await dialog.getByRole('checkbox', { name: day, exact: true }).uncheck();
    await dialog.getByLabel('Time', { exact: true }).fill('09:30');
    await screenshot(page, 'recurring-desktop-en-dialog');
    const createdAfter = server.app.clock.nowS();
    await dialog.getByRole('button', { name: 'Save schedule', exact: true }).click();
    await page.getByText('The recurring order is saved.', { exact: true }).waitFor();
    await page.close();

    const [schedule] = await schedules(auth);
    const expected = nextWeekdayRuns(createdAfter);
    expect(schedule).toMatchObject({ template_name: 'Morning bread', repeat: { kind: 'weekly', weekdays: [1, 2, 3, 4, 5] }, time: '09:30', time_zone: 'Asia/Dubai', status: 'active', next_run_at: expected[0] });

    // The first two runs on the first process: the clock moves to each, the job queue places it.
    const placed: string[] = [];
    for (const [index, run] of expected.slice(0, 2).entries()) {
      await moveServerClockTo(run);
      const [latest] = await runsOnceThere(auth, index + 1);
      expect(latest).toMatchObject({ planned_at: run, outcome: 'placed', reason: null });
      placed.push(latest?.order_id ?? '');
      // The first run's order on the tracking page of its day (each page load costs seconds on a shared machine: two of five are looked at).
      if (index === 0) await expectOnTrackingPage(latest?.order_id ?? '');
    }

    // The server stops; another process starts on the same data with its clock already past the third run.
    const third = expected[2] ?? 0;
    await server.stop();
    server = await startServer({ ...ENV, CLOCK_OFFSET_S: String(third - Math.floor(Date.now() / 1000)) });
    const afterRestart = await server.login('vendor@example.com');
    for (const [index, run] of expected.slice(2).entries()) {
      if (index > 0) await moveServerClockTo(run);
      const [latest] = await runsOnceThere(afterRestart, index + 3);
      expect(latest).toMatchObject({ planned_at: run, outcome: 'placed', reason: null });
      placed.push(latest?.order_id ?? '');
      // The run the new process took over, on the tracking page of its day.
      if (index === 0) await expectOnTrackingPage(latest?.order_id ?? '');
    }

    // Exactly once: five runs, five different orders, and no other order at the vendor since the schedule was made.
    const [done] = await schedules(afterRestart);
    expect(done?.last_runs.map((run) => run.planned_at)).toEqual([...expected].reverse());
    expect(new Set(placed).size).toBe(5);
    const orders = await server.app.db.selectFrom('orders').select('order_id').where('vendor_id', '=', SA_PARENT).where('created_at', '>=', createdAfter).execute();
    expect(orders.map((order) => order.order_id).sort()).toEqual([...placed].sort());

    // The Recurring orders page lists each run's outcome with its order.
    const list = await signedIn();
    await list.goto(`${server.baseUrl}/recurring-orders`);
    const listed = list.getByRole('listitem', { name: 'Morning bread', exact: true });
    const runs = listed.getByRole('list', { name: 'Latest runs', exact: true }).getByRole('listitem');
    await runs.nth(4).waitFor();
    const texts = await runs.allTextContents();
    expect(texts).toHaveLength(5);
    for (const [index, orderId] of [...placed].reverse().entries()) expect(texts[index]).toMatch(new RegExp(`: placed, order ${orderId}$`));
    await screenshot(list, 'recurring-desktop-en-runs');

    // The first run's order, days before the server's now, is in none of the tracking page's lists:
    // its link opens the tracking page with that order fetched into the drawer.
    const follow = await signedIn();
    await follow.goto(`${server.baseUrl}/recurring-orders`);
    const firstOrder = placed[0] ?? '';
    await follow.getByRole('listitem', { name: 'Morning bread', exact: true }).getByRole('link', { name: firstOrder, exact: true }).click();
    await follow.getByRole('dialog').locator(`[data-order-detail="${firstOrder}"]`).waitFor();
    expect(new URL(follow.url()).pathname).toBe(`/order-tracking/${SA_PARENT}`);
    expect(await follow.locator(`[data-list] [data-order-id="${firstOrder}"]`).count()).toBe(0);
    await follow.close();

    // Editing the rule: the dialog opens filled from the schedule; it becomes day 31 of each month until a last day.
    await listed.getByRole('button', { name: 'Edit schedule', exact: true }).click();
    const edit = list.getByRole('dialog', { name: 'Edit schedule', exact: true });
    expect(await edit.getByRole('radio', { name: 'On days of the week', exact: true }).isChecked()).toBe(true);
    for (const day of ['Monday', 'Friday']) expect(await edit.getByRole('checkbox', { name: day, exact: true }).isChecked()).toBe(true);
    expect(await edit.getByRole('checkbox', { name: 'Sunday', exact: true }).isChecked()).toBe(false);
    expect(await edit.getByLabel('Time', { exact: true }).inputValue()).toBe('09:30');
    await edit.getByRole('radio', { name: 'On one day of each month', exact: true }).check();
    await edit.getByLabel('Day of the month', { exact: true }).fill('31');
    // A last day a year after the fifth run, as the date field takes it and as the page writes it.
    const lastDay = new Date(((expected[4] ?? 0) + 365 * DAY) * 1000);
    const lastDayIso = lastDay.toISOString().slice(0, 10);
    const lastDayText = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(lastDay);
    await edit.getByLabel('Last day (optional)', { exact: true }).fill(lastDayIso);
    await screenshot(list, 'recurring-desktop-en-edit');
    await edit.getByRole('button', { name: 'Save schedule', exact: true }).click();
    await edit.waitFor({ state: 'detached' });
    await listed.getByText(new RegExp(`^Day 31 of each month at 9:30\\sAM · until ${lastDayText}`)).waitFor();
    const [edited] = await schedules(afterRestart);
    expect(edited).toMatchObject({ repeat: { kind: 'monthly', day_of_month: 31 }, time: '09:30', until: lastDayIso, time_zone: 'Asia/Dubai', status: 'active' });
    // Month-end: the next run is on the last day of the month after the fifth run (or of its own month, when it is still ahead).
    const lastDays = [0, 1].map((ahead) => {
      const fifth = new Date((expected[4] ?? 0) * 1000);
      return Date.UTC(fifth.getUTCFullYear(), fifth.getUTCMonth() + 1 + ahead, 0) / 1000 + RUN_UTC_SECONDS;
    });
    expect(lastDays.filter((run) => run > server.app.clock.nowS())[0]).toBe(edited?.next_run_at);
  });
});
