// Bulk orders in a real Chromium against the real server serving dist/ (issue 8): the template is
// downloaded from the page, filled with exceljs (one valid row, one invalid), uploaded, reviewed and
// placed; the order then shows on tracking. Screenshots go to test-results/screenshots/bulk-*.png.
import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BulkJob } from '../../domain/types';
import { BULK_COLUMNS, type BulkColumnKey } from '../../server/bulk/columns';
import { DESKTOP, PHONE, screenshot, type Viewport } from './support/browser';
import { signedInStorage } from './support/session';
import { SA_OLAYA, SA_PARENT } from '../server/orders-fixtures';
import { useE2eServer } from './support/e2eServer';

// E2E_DIST_DIR points at another build of the app (default: the dist/ the global setup builds).
const e2e = useE2eServer();
let auth: string;
const scratch = mkdtempSync(join(tmpdir(), 'bulk-e2e-'));
/** Uncaught errors in the page fail the run (checked after each test). */
const pageErrors: string[] = [];

beforeAll(async () => {
  auth = await e2e.server.login('vendor@example.com');
});

afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});

async function signedIn(options: { viewport?: Viewport; locale?: string } = {}): Promise<Page> {
  const storage = await signedInStorage(e2e.server, 'vendor@example.com', { locale: options.locale, selectedVendor: SA_PARENT });
  const { page } = await e2e.browser.newPage({ viewport: options.viewport ?? DESKTOP, storage });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

async function openBulk(page: Page, path = `/bulk-order/${SA_PARENT}`): Promise<void> {
  await page.goto(`${e2e.server.baseUrl}${path}`);
  await page.getByTestId('bulk-history').waitFor();
  await page.locator('[data-testid="bulk-history"]:not([aria-busy])').waitFor();
}

/** Fills the downloaded template the way a vendor would: the example row replaced by two orders. */
async function fillTemplate(templatePath: string, customers: { valid: string; invalid: string; validOutlet?: string; invalidOutlet?: string; invalidPhone?: string }): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templatePath);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  const column = (key: BulkColumnKey) => BULK_COLUMNS.findIndex((candidate) => candidate.key === key) + 1;
  const fill = (rowNumber: number, values: Partial<Record<BulkColumnKey, string | number>>) => {
    const row = sheet.getRow(rowNumber);
    for (const candidate of BULK_COLUMNS) row.getCell(column(candidate.key)).value = values[candidate.key] ?? null;
    row.commit();
  };
  const order = {
    collectionPoint: SA_PARENT,
    customerPhone: '+966501234567',
    dropOffAddress: 'Al Malaz, Riyadh',
    amount: 45.5,
    description: 'Two cakes',
    paymentMethod: 'CASH_ON_DELIVERY',
    deliveryType: 'instant',
  };
  fill(2, { ...order, customerName: customers.valid, collectionPoint: customers.validOutlet ?? SA_PARENT });
  fill(3, { ...order, customerName: customers.invalid, customerPhone: customers.invalidPhone ?? '12', collectionPoint: customers.invalidOutlet ?? SA_PARENT });
  const path = join(scratch, `orders-${customers.valid.replace(/\W/g, '')}.xlsx`);
  await workbook.xlsx.writeFile(path);
  return path;
}

async function downloadTemplate(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template' }).click()]);
  expect(download.suggestedFilename()).toBe('Template.xlsx');
  const path = join(scratch, `template-${Date.now()}.xlsx`);
  await download.saveAs(path);
  return path;
}

async function jobOf(jobId: string): Promise<BulkJob> {
  const response = await e2e.server.call('GET', `/bulk-job/detail/${SA_PARENT}/${encodeURIComponent(jobId)}?filter=ALL`, { auth });
  return (response.body as { body: BulkJob }).body;
}

describe('bulk orders', () => {
  it('downloads the template, uploads it filled, shows the invalid row, places the valid one and lands on tracking with it', async () => {
    const page = await signedIn();
    await openBulk(page);
    const filled = await fillTemplate(await downloadTemplate(page), { valid: 'Sara Al-Harbi', invalid: 'Omar Khalid' });

    await page.getByTestId('bulk-file-input').setInputFiles(filled);
    const job = page.getByTestId('bulk-job');
    await job.waitFor({ timeout: 15_000 });
    await page.waitForURL(/\/bulk-order\/sa-1000\/bulk-/);
    const jobId = (await job.getAttribute('data-job-id')) ?? '';
    expect(await job.getAttribute('data-job-status')).toBe('PREPROCESS_SUCCESS_WITH_ERROR');
    const figure = (name: string) => page.locator(`[data-testid="bulk-summary"] [data-figure="${name}"] dd`).textContent();
    expect(await figure('rows')).toBe('2');
    expect(await figure('to-place')).toBe('1');
    expect(await figure('errors')).toBe('1');
    const invalidRow = job.locator('[data-row-number="3"]');
    expect(await invalidRow.getAttribute('data-row-status')).toBe('PREPROCESS_FAIL');
    expect(await invalidRow.getByTestId('bulk-row-error').textContent()).toBe("The phone number doesn't seem correct");
    expect(await job.locator('[data-row-number="2"]').getAttribute('data-row-status')).toBe('PREPROCESS_SUCCESS');
    await screenshot(page, 'bulk-desktop-en-review');

    // The preprocess filter asks the server for the rows with errors only.
    await job.getByText('With errors', { exact: true }).click();
    await job.locator('[data-row-number="2"]').waitFor({ state: 'detached' });
    expect(await job.locator('tbody tr').count()).toBe(1);
    await job.getByText('All', { exact: true }).click();
    await job.locator('[data-row-number="2"]').waitFor();

    await job.getByRole('button', { name: 'Place 1 order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Place 1 order?' });
    await dialog.waitFor();
    await screenshot(page, 'bulk-desktop-en-confirm');
    await dialog.getByRole('button', { name: 'Place order' }).click();

    await page.waitForURL(`**/order-tracking/${SA_PARENT}`, { timeout: 15_000 });
    await page.getByText('Your orders have been placed.').waitFor();
    const placed = await jobOf(jobId);
    expect(placed.status).toBe('ORDER_PLACEMENT_SUCCESS');
    const orderId = placed.rows?.find((row) => row.row_number === 2)?.order_id;
    expect(orderId).toBeTruthy();
    await page.locator(`[data-list="new"] [data-order-id="${orderId}"]`).waitFor({ timeout: 10_000 });
    await screenshot(page, 'bulk-desktop-en-tracking');

    // The job's details, from the history, show the placement results.
    await openBulk(page);
    await page.locator(`[data-testid="bulk-history"] [data-job-id="${jobId}"]`).click();
    await page.waitForURL(`**/bulk-order/${SA_PARENT}/${jobId}`);
    const details = page.locator(`[data-testid="bulk-job"][data-job-status="ORDER_PLACEMENT_SUCCESS"]`);
    await details.waitFor();
    expect(await details.locator('[data-row-number="2"]').getByText(orderId ?? '').count()).toBe(1);
    await screenshot(page, 'bulk-desktop-en-details');
    await page.context().close();
  });

  it('after placing rows for two outlets, lands on tracking showing both orders', async () => {
    const page = await signedIn();
    await openBulk(page);
    // Both rows valid: one for the parent, one for its Olaya outlet.
    const filled = await fillTemplate(await downloadTemplate(page), {
      valid: 'Huda Parent', invalid: 'Layla Outlet', invalidOutlet: SA_OLAYA, invalidPhone: '+966501234568',
    });
    await page.getByTestId('bulk-file-input').setInputFiles(filled);
    const job = page.getByTestId('bulk-job');
    await job.waitFor({ timeout: 15_000 });
    const jobId = (await job.getAttribute('data-job-id')) ?? '';
    await job.getByRole('button', { name: 'Place 2 orders' }).click();
    await page.getByRole('dialog', { name: 'Place 2 orders?' }).getByRole('button', { name: /Place/ }).click();
    await page.waitForURL(`**/order-tracking/${SA_PARENT}`, { timeout: 15_000 });
    const placed = await jobOf(jobId);
    const orderIds = (placed.rows ?? []).map((row) => row.order_id).filter((id): id is string => id !== null);
    expect(orderIds).toHaveLength(2);
    for (const orderId of orderIds) await page.locator(`[data-list] [data-order-id="${orderId}"]`).waitFor({ timeout: 10_000 });
    await screenshot(page, 'bulk-desktop-en-two-outlets-tracking');
    await page.context().close();
  });

  it('refuses a file that is not XLSX without uploading it', async () => {
    const page = await signedIn();
    await openBulk(page);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/bulk-job/create')) uploads.push(request.url());
    });
    const csv = join(scratch, 'orders.csv');
    writeFileSync(csv, 'Customer name,Customer phone\nSara,+966501234567\n');
    await page.getByTestId('bulk-file-input').setInputFiles(csv);
    await page.locator('#bulk-file-error', { hasText: 'Please upload an XLSX file.' }).waitFor();
    // The toast says it too, and stays 7 s (SPEC §8).
    expect(await page.getByText('Please upload an XLSX file.').count()).toBe(2);
    await screenshot(page, 'bulk-desktop-en-invalid-format');
    expect(uploads).toEqual([]);
    await page.context().close();
  });
});

describe('bulk orders on screen', () => {
  /** A checked job with one valid and one invalid row, uploaded once through the API like the page does. */
  let jobId: Promise<string> | null = null;
  async function checkedJob(page: Page): Promise<string> {
    jobId ??= (async () => {
      const filled = await fillTemplate(await downloadTemplate(page), { valid: 'Noura Saad', invalid: 'Faisal Omar' });
      const form = new FormData();
      form.append('vendor_id', SA_PARENT);
      form.append('file', new Blob([readFileSync(filled)]), 'orders-screens.xlsx');
      const response = await fetch(`${e2e.server.api}/bulk-job/create`, { method: 'POST', headers: { authorization: auth }, body: form });
      expect(response.status).toBe(200);
      return ((await response.json()) as { body: { bulk_job: BulkJob } }).body.bulk_job.bulk_job_id;
    })();
    return jobId;
  }

  it.each([
    { locale: 'en', viewport: PHONE },
    { locale: 'en', viewport: DESKTOP },
    { locale: 'ar-SA', viewport: PHONE },
    { locale: 'ar-SA', viewport: DESKTOP },
  ])('looks right in $locale at $viewport.width px', async ({ locale, viewport }) => {
    const view = await signedIn({ viewport, locale });
    await openBulk(view);
    if (locale === 'ar-SA') expect(await view.locator('html').getAttribute('dir')).toBe('rtl');
    await screenshot(view, `bulk-${viewport.name}-${locale}-upload`);
    const id = await checkedJob(view);
    await openBulk(view, `/bulk-order/${SA_PARENT}/${id}`);
    await view.locator(`[data-testid="bulk-job"][data-job-id="${id}"]`).waitFor();
    await screenshot(view, `bulk-${viewport.name}-${locale}-job`);
    // Every column, the Result one too, is on screen without scrolling sideways, and each row's
    // error is drawn whole inside the window.
    const fit = await view.getByTestId('bulk-rows').evaluate((table) => {
      const scroller = table.parentElement!;
      const errors = [...table.querySelectorAll('[data-testid="bulk-row-error"]')].map((error) => {
        const box = error.getBoundingClientRect();
        return { text: error.textContent, inWindow: box.left >= 0 && box.right <= window.innerWidth, whole: error.scrollWidth <= error.clientWidth + 1 };
      });
      return { tableWidth: scroller.scrollWidth, shownWidth: scroller.clientWidth, errors };
    });
    expect(fit.tableWidth).toBeLessThanOrEqual(fit.shownWidth + 1);
    expect(fit.errors.length).toBeGreaterThan(0);
    for (const error of fit.errors) expect(error).toMatchObject({ inWindow: true, whole: true });
    await view.context().close();
  });
});
