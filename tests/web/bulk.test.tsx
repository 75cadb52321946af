// @vitest-environment jsdom
// The bulk-order screen (issue 8) on the real route tree and bulkJob machine, with a fake ApiClient.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, BulkUpload, BulkUploadResult } from '../../adapters/ports';
import { apiErrorFromResponse } from '../../adapters/http/apiError';
import type { BulkJob, BulkJobRow, BulkPreprocessFilter } from '../../domain/types';
import { NOW, renderOrdersScreen } from './tracking-harness';

afterEach(cleanup);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FLAGS = { BulkOrderUpload: true };

function aRow(rowNumber: number, overrides: Partial<BulkJobRow> = {}): BulkJobRow {
  return {
    row_number: rowNumber,
    status: 'PREPROCESS_SUCCESS',
    error: null,
    order_id: null,
    delivery_fee: 15,
    collection_point: 'v-1',
    customer_name: 'Sara Al-Harbi',
    customer_phone: '+966501234567',
    drop_off_address: 'Al Malaz, Riyadh',
    payment_method: 'CASH_ON_DELIVERY',
    amount: 45.5,
    description: 'Two cakes',
    delivery_type: 'instant',
    scheduled_for: null,
    ...overrides,
  };
}

const VALID = aRow(2);
const INVALID = aRow(3, { status: 'PREPROCESS_FAIL', error: 'validation.phone-incorrect', customer_name: 'Omar', delivery_fee: null });

function aJob(overrides: Partial<BulkJob> = {}): BulkJob {
  return {
    bulk_job_id: 'bulk-1',
    vendor_id: 'v-1',
    job_type: 'ORDER_CREATION',
    status: 'PREPROCESS_SUCCESS_WITH_ERROR',
    created_by: 'vendor@example.com',
    created_at: NOW - 60,
    file_name: 'orders.xlsx',
    totals: { rows: 2, orders_to_be_placed: 1, orders_placed: 0, errors: 1 },
    preprocess: { metadata: { success_row_count: 1 } },
    ...overrides,
  };
}

const xlsxFile = (name = 'orders.xlsx', size = 2_000, type = XLSX) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const chooseFile = (file: File) => fireEvent.change(screen.getByTestId('bulk-file-input'), { target: { files: [file] } });

function render(path: string, api: Partial<ApiClient>, options: { locale?: string; saveFile?: (file: Blob, name: string) => void } = {}) {
  return renderOrdersScreen(path, { api: { listBulkJobs: async () => [], ...api }, flags: FLAGS, ...options });
}

describe('bulk order: upload, review and place', () => {
  it('uploads a file with progress, shows the totals and the translated row errors, then places the valid rows and moves to tracking', async () => {
    let reportProgress: (fraction: number) => void = () => undefined;
    let finishUpload: (result: BulkUploadResult) => void = () => undefined;
    const createBulkJob = vi.fn(
      (upload: BulkUpload) =>
        new Promise<BulkUploadResult>((resolve) => {
          reportProgress = upload.onProgress ?? (() => undefined);
          finishUpload = resolve;
        }),
    );
    const placeBulkOrders = vi.fn(async () => aJob({ status: 'ORDER_PLACEMENT_SUCCESS', totals: { rows: 2, orders_to_be_placed: 1, orders_placed: 1, errors: 1 } }));
    const listBulkJobs = vi.fn(async () => [] as BulkJob[]);
    const { router } = render('/bulk-order/v-1', { createBulkJob, placeBulkOrders, listBulkJobs });

    // The first render loads the route tree and the shell: slow on a busy machine.
    expect(await screen.findByText('No uploads yet')).toBeTruthy();
    expect(listBulkJobs).toHaveBeenCalledWith('v-1');
    chooseFile(xlsxFile());
    expect(createBulkJob).toHaveBeenCalledWith(expect.objectContaining({ vendorId: 'v-1', fileName: 'orders.xlsx' }));
    act(() => reportProgress(0.42));
    const progress = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('42');

    await act(async () => finishUpload({ bulk_job: aJob(), orders: [VALID, INVALID] }));
    const job = await screen.findByTestId('bulk-job');
    const figures = within(screen.getByTestId('bulk-summary'));
    expect(figures.getByText('Rows').nextElementSibling?.textContent).toBe('2');
    expect(figures.getByText('Orders to be placed').nextElementSibling?.textContent).toBe('1');
    expect(figures.getByText('Errors').nextElementSibling?.textContent).toBe('1');
    expect(within(job).getByTestId('bulk-row-error').textContent).toBe("The phone number doesn't seem correct");
    // The job now has its own address, and the history is fetched again to show it.
    await waitFor(() => expect(router.state.location.pathname).toBe('/bulk-order/v-1/bulk-1'));
    await waitFor(() => expect(listBulkJobs).toHaveBeenCalledTimes(2));

    fireEvent.click(within(job).getByRole('button', { name: 'Place 1 order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place 1 order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    // The tracking screen mounts with its own machines: slow on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-tracking/v-1'));
    expect(placeBulkOrders).toHaveBeenCalledWith('bulk-1');
    expect(await screen.findByText('Your orders have been placed.')).toBeTruthy();
  });

  it('refuses a file that is not XLSX, or is over 5 MB, before uploading it', async () => {
    const createBulkJob = vi.fn(async (): Promise<BulkUploadResult> => ({ bulk_job: aJob(), orders: [] }));
    render('/bulk-order/v-1', { createBulkJob });
    await screen.findByText('No uploads yet');

    chooseFile(xlsxFile('orders.csv', 100, 'text/csv'));
    const dropZone = screen.getByRole('button', { name: /Choose a file or drag it here/ });
    await waitFor(() => expect(document.getElementById('bulk-file-error')?.textContent).toBe('Please upload an XLSX file.'));
    expect(dropZone.getAttribute('aria-describedby')).toContain('bulk-file-error');
    // The toast says it too (SPEC §8).
    expect(screen.getAllByText('Please upload an XLSX file.')).toHaveLength(2);

    fireEvent.drop(dropZone, { dataTransfer: { files: [xlsxFile('big.xlsx', 5_242_881)] } });
    await waitFor(() => expect(document.getElementById('bulk-file-error')?.textContent).toBe('The file is too large. The limit is 5 MB.'));
    expect(createBulkJob).not.toHaveBeenCalled();
  });

  it('opens the file picker from the drop zone, which is a button the keyboard reaches', async () => {
    render('/bulk-order/v-1', {});
    const dropZone = await screen.findByRole('button', { name: /Choose a file or drag it here/ });
    expect(dropZone.tagName).toBe('BUTTON');
    const input = screen.getByTestId('bulk-file-input') as HTMLInputElement;
    const opened = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    dropZone.focus();
    expect(document.activeElement).toBe(dropZone);
    fireEvent.click(dropZone);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(input.accept).toContain('.xlsx');
  });

  it("shows the server's reason when it refuses the file, and the generic error when the upload fails", async () => {
    const refusal = apiErrorFromResponse(422, {
      status: 422,
      message: 'bulk-order-upload.missing-columns',
      errors: [{ code: 'validation', field: 'Customer phone', meta: { translation_key: 'bulk-order-upload.missing-columns' } }],
    });
    const createBulkJob = vi.fn<ApiClient['createBulkJob']>().mockRejectedValueOnce(refusal).mockRejectedValueOnce(new Error('socket hang up'));
    render('/bulk-order/v-1', { createBulkJob });
    await screen.findByText('No uploads yet');
    chooseFile(xlsxFile());
    expect(await screen.findByText('Some template columns are missing or renamed: Customer phone. Start again from the template.')).toBeTruthy();
    chooseFile(xlsxFile());
    expect(await screen.findByText('We could not upload the file.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Choose a file/ })).toBeTruthy();
  });

  it('downloads the template as Template.xlsx, and says so when it cannot', async () => {
    const template = new Blob(['xlsx']);
    const downloadBulkTemplate = vi.fn<ApiClient['downloadBulkTemplate']>().mockResolvedValueOnce({ file: template, fileName: 'Template.xlsx' }).mockRejectedValueOnce(new Error('500'));
    const saveFile = vi.fn();
    render('/bulk-order/v-1', { downloadBulkTemplate }, { saveFile });
    fireEvent.click(await screen.findByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(template, 'Template.xlsx'));
    fireEvent.click(screen.getByRole('button', { name: 'Download template' }));
    expect(await screen.findByText('We could not download the template.')).toBeTruthy();
  });
});

describe('bulk order: history and job details', () => {
  it("lists the vendor's jobs and opens one at /bulk-order/{vendorID}/{bulkJobID} with its placement results", async () => {
    const placed = aJob({
      bulk_job_id: 'bulk-9',
      file_name: 'monday.xlsx',
      status: 'ORDER_PLACEMENT_SUCCESS_WITH_ERROR',
      totals: { rows: 2, orders_to_be_placed: 2, orders_placed: 1, errors: 1 },
    });
    const getBulkJob = vi.fn(async (_vendorId: string, _jobId: string, filter: BulkPreprocessFilter) => ({
      ...placed,
      rows:
        filter === 'PREPROCESS_FAIL'
          ? []
          : [aRow(2, { status: 'ORDER_PLACED', order_id: 'v-1-abc' }), aRow(3, { status: 'ORDER_FAILED', error: 'bulk-order-upload.error.order-creation-failed' })],
    }));
    const { router } = render('/bulk-order/v-1', { listBulkJobs: async () => [placed], getBulkJob });
    const history = await screen.findByTestId('bulk-history');
    fireEvent.click(await within(history).findByText('monday.xlsx'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bulk-order/v-1/bulk-9'));
    const job = await screen.findByTestId('bulk-job');
    expect(getBulkJob).toHaveBeenCalledWith('v-1', 'bulk-9', 'ALL');
    expect(within(job).getByText('v-1-abc')).toBeTruthy();
    expect(within(job).getByText('The order could not be created')).toBeTruthy();
    expect(within(screen.getByTestId('bulk-summary')).getByText('Orders placed').nextElementSibling?.textContent).toBe('1');
    // A placed job cannot be placed again; it leads to tracking.
    expect(within(job).queryByRole('button', { name: /^Place/ })).toBeNull();
    expect(within(job).getByRole('button', { name: 'Go to tracking' })).toBeTruthy();

    fireEvent.click(within(job).getByLabelText('With errors'));
    expect(await within(job).findByText('No rows match this filter.')).toBeTruthy();
    expect(getBulkJob).toHaveBeenLastCalledWith('v-1', 'bulk-9', 'PREPROCESS_FAIL');
  });

  it("names each row's collection point as the vendor list does, with the id the file gave under it", async () => {
    const getBulkJob = vi.fn(async () => ({ ...aJob(), rows: [aRow(2), aRow(3, { collection_point: 'v-unknown' })] }));
    render('/bulk-order/v-1/bulk-1', { getBulkJob });
    const rows = within(await screen.findByTestId('bulk-rows'));
    const known = (await rows.findByText('Riyadh Bakery')).closest('td');
    expect(known?.textContent).toBe('Riyadh Bakery' + 'v-1');
    // An id the vendor list does not have stays as the file wrote it.
    expect(rows.getByText('v-unknown').closest('td')?.textContent).toBe('v-unknown');
  });

  it('opens a job from its URL; a job that cannot be loaded says so and returns to the upload', async () => {
    const getBulkJob = vi.fn<ApiClient['getBulkJob']>().mockRejectedValue(new Error('403'));
    const { router } = render('/bulk-order/v-1/bulk-404', { getBulkJob });
    expect(await screen.findByText('We could not load the upload details.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/bulk-order/v-1'));
    expect(screen.getByRole('button', { name: /Choose a file/ })).toBeTruthy();
  });

  it('cannot place a job without valid rows', async () => {
    const failed = aJob({ status: 'PREPROCESS_FAIL', totals: { rows: 1, orders_to_be_placed: 0, orders_placed: 0, errors: 1 }, rows: [INVALID] });
    render('/bulk-order/v-1/bulk-1', { getBulkJob: async () => failed });
    const job = await screen.findByTestId('bulk-job');
    expect((within(job).getByRole('button', { name: 'Place 0 orders' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(job).getByText('No row can be placed. Fix the errors in your file and upload it again.')).toBeTruthy();
  });

  it('says when the history cannot be loaded, and retries on request', async () => {
    const listBulkJobs = vi.fn<ApiClient['listBulkJobs']>().mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce([]);
    render('/bulk-order/v-1', { listBulkJobs });
    const history = await screen.findByTestId('bulk-history');
    fireEvent.click(await within(history).findByRole('button', { name: 'Try again' }));
    expect(await within(history).findByText('No uploads yet')).toBeTruthy();
    expect(listBulkJobs).toHaveBeenCalledTimes(2);
  });

  it('reloads the history of the vendor in the URL when the vendor changes', async () => {
    const listBulkJobs = vi.fn(async (vendorId: string) => [aJob({ vendor_id: vendorId, bulk_job_id: `bulk-${vendorId}`, file_name: `${vendorId}.xlsx` })]);
    const { router } = render('/bulk-order/v-1', { listBulkJobs });
    expect(await screen.findByText('v-1.xlsx')).toBeTruthy();
    await act(() => router.navigate({ href: '/bulk-order/v-2', replace: true }));
    expect(await screen.findByText('v-2.xlsx')).toBeTruthy();
    expect(listBulkJobs).toHaveBeenLastCalledWith('v-2');
  });
});

describe('bulk order in Arabic', () => {
  it('reads right to left with translated texts', async () => {
    render('/bulk-order/v-1', {}, { locale: 'ar-SA' });
    expect(await screen.findByRole('button', { name: 'تنزيل القالب' })).toBeTruthy();
    expect(await screen.findByText('لا توجد ملفات مرفوعة بعد')).toBeTruthy();
  });
});
