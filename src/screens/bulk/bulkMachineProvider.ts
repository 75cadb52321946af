// The bulk-order screen's composition: the bulkJob machine given the HTTP API (API.md "Bulk orders"),
// the toast queue, the router and the browser's file download.
import { fromPromise } from 'xstate';
import type { BulkJob } from '../../../domain/types';
import { isApiError } from '../../../adapters/http/apiError';
import {
  BulkFileRejectedError,
  bulkJobMachine,
  type BulkTemplate,
  type LoadJobDetailsInput,
  type UploadBulkFileInput,
} from '../../../machines/bulkJob';
import type { ToastParams } from '../../../machines/toasts';
import type { OrdersServices } from '../../components/orders/OrdersServicesContext';

export interface BulkScreenEffects {
  toast: (params: ToastParams) => void;
  /** Moves the app to a path of ours (the router's navigate). */
  navigate: (path: string, options: { replace: boolean }) => void;
  /** Turns on "include all outlets", so tracking lists the orders of every outlet. */
  includeAllOutlets: () => void;
}

/** The paths this screen moves between (SPEC §2 routes). */
export const bulkPaths = {
  upload: (vendorId: string) => `/bulk-order/${encodeURIComponent(vendorId)}`,
  job: (vendorId: string, jobId: string) => `/bulk-order/${encodeURIComponent(vendorId)}/${encodeURIComponent(jobId)}`,
  tracking: (vendorId: string) => `/order-tracking/${encodeURIComponent(vendorId)}`,
};

/** File-level refusals (API.md: 413 for size, 422 otherwise) carry a bulk-order-upload.* key worth
 * showing; anything else (a fault, no connection) is the generic upload error. */
function uploadFailure(error: unknown): unknown {
  if (!isApiError(error) || (error.status !== 413 && error.status !== 422)) return error;
  if (!error.translationKey.startsWith('bulk-order-upload.')) return error;
  // missing-columns names the expected headers in errors[0].field.
  return new BulkFileRejectedError(error.translationKey, { columns: error.field ?? '' });
}

export function provideBulkJobMachine(services: OrdersServices, effects: BulkScreenEffects) {
  const { api } = services;
  return bulkJobMachine.provide({
    actors: {
      downloadTemplate: fromPromise<BulkTemplate, void>(() => api.downloadBulkTemplate()),
      uploadBulkFile: fromPromise<BulkJob, UploadBulkFileInput>(async ({ input, signal }) => {
        try {
          const created = await api.createBulkJob({
            vendorId: input.vendorId,
            file: input.file.content,
            fileName: input.file.name,
            onProgress: input.onProgress,
            signal,
          });
          // POST /bulk-job/create answers the job and its rows separately; the screen shows them together.
          return { ...created.bulk_job, rows: created.orders };
        } catch (error) {
          throw uploadFailure(error);
        }
      }),
      loadJobDetails: fromPromise<BulkJob, LoadJobDetailsInput>(({ input }) => api.getBulkJob(input.vendorId, input.jobId, input.filter)),
      placeOrders: fromPromise<BulkJob, { vendorId: string; jobId: string }>(({ input }) => api.placeBulkOrders(input.jobId)),
      loadJobHistory: fromPromise<BulkJob[], { vendorId: string }>(({ input }) => api.listBulkJobs(input.vendorId)),
    },
    actions: {
      toast: (_, params) => effects.toast(params),
      navigateToTracking: (_, { vendorId, allOutlets }) => {
        // Orders placed for several outlets are all on tracking only with the outlets included.
        if (allOutlets) effects.includeAllOutlets();
        effects.navigate(bulkPaths.tracking(vendorId), { replace: false });
      },
      saveTemplate: (_, { file, fileName }) => services.saveFile(file, fileName),
      showJobRoute: (_, { vendorId, jobId }) =>
        // Back to the upload page replaces the job's entry, so the back button does not reopen it.
        jobId === null ? effects.navigate(bulkPaths.upload(vendorId), { replace: true }) : effects.navigate(bulkPaths.job(vendorId, jobId), { replace: false }),
    },
  });
}
