import { assign, raise, setup } from 'xstate';
import { BULK_FILE_MESSAGES, LIMITS, validateBulkFile } from '../domain';
import type { BulkJob, BulkPreprocessFilter } from '../domain/types';
import { promiseNotProvided } from './notProvided';
import type { ToastParams } from './toasts';

// Bulk order upload (SPEC.md §4 "Bulk order"): the file is checked on the client before upload; the
// preprocess results wait for a confirmed placement; success leads to tracking; cancel or a vendor
// change resets to ASK_EXCEL_FILE, and a vendor change also reloads that vendor's job history.
// A job of the history opens at /bulk-order/{vendorID}/{bulkJobID}: its rows are loaded with the
// preprocess filter, and a job not yet placed can be placed from there.

export interface BulkFile {
  name: string;
  size: number;
  type: string;
  content: Blob;
}

export interface BulkJobInput {
  vendorId: string;
}

export interface BulkTemplate {
  file: Blob;
  fileName: string;
}

export interface UploadBulkFileInput {
  vendorId: string;
  file: BulkFile;
  /** Called with 0..1 while the file is sent; becomes `upload.progressed` events. */
  onProgress: (fraction: number) => void;
}

export interface LoadJobDetailsInput {
  vendorId: string;
  jobId: string;
  filter: BulkPreprocessFilter;
}

/**
 * The server refused the file itself (not XLSX, empty, missing columns, macros...): the provider
 * throws this with the server's translation key so the toast says why, instead of the generic
 * upload error kept for faults and lost connections.
 */
export class BulkFileRejectedError extends Error {
  override readonly name = 'BulkFileRejectedError';

  constructor(
    readonly messageKey: string,
    readonly values: Record<string, string> = {},
  ) {
    super(messageKey);
  }
}

export interface BulkJobContext extends BulkJobInput {
  /** The accepted file, kept for the upload (and a retry after a failed one). */
  file: BulkFile | null;
  job: BulkJob | null;
  history: BulkJob[];
  /** The client-side file check's message key, shown under the file picker. */
  fileError: string | null;
  /** 0..1 while the file is being sent. */
  uploadProgress: number;
  /** The row table's preprocess filter. */
  filter: BulkPreprocessFilter;
  /** The filter the shown rows were loaded with, restored when loading another filter fails. */
  rowsFilter: BulkPreprocessFilter;
  /** The job asked for at /bulk-order/{vendorID}/{bulkJobID}, while its details load. */
  requestedJobId: string | null;
}

export type BulkJobEvent =
  | { type: 'template.requested' }
  | { type: 'file.selected'; file: BulkFile }
  | { type: 'upload.progressed'; fraction: number }
  | { type: 'job.opened'; jobId: string }
  | { type: 'filter.changed'; filter: BulkPreprocessFilter }
  | { type: 'placement.requested' }
  | { type: 'placement.confirmed' }
  | { type: 'placement.dismissed' }
  | { type: 'cancelled' }
  | { type: 'tracking.opened' }
  | { type: 'history.reload.requested' }
  | { type: 'vendor.changed'; vendorId: string };

/** The bulk toasts of SPEC §8 (the file checks' keys are the domain's BULK_FILE_MESSAGES). */
export const BULK_TOAST_MESSAGES = {
  jobHistoryError: 'bulk-order-upload.job-history-error',
  templateFileError: 'bulk-order-upload.template-file-error',
  viewDetailsError: 'bulk-order-upload.view-details-error',
  fileUploadError: 'bulk-order-upload.file-upload-error',
  placeOrderError: 'bulk-order-upload.place-order-error',
  placeOrderSuccess: 'bulk-order-upload.place-order-success',
  placeOrderPartial: 'bulk-order-upload.place-order-partial',
} as const;

const bulkError = (message: string, values?: Record<string, string>): ToastParams => ({
  kind: 'error',
  message,
  durationMs: LIMITS.bulkErrorToastMs,
  ...(values ? { values } : {}),
});

/** The toast for a failed upload: the server's reason for refusing the file, else the generic error. */
export function uploadErrorToast(error: unknown): ToastParams {
  return error instanceof BulkFileRejectedError
    ? bulkError(error.messageKey, error.values)
    : bulkError(BULK_TOAST_MESSAGES.fileUploadError);
}

const isPlacementDone = (job: BulkJob | null): boolean => job !== null && job.status.startsWith('ORDER_PLACEMENT_');

/** The rows of a job's result view under a filter (SPEC §4 preprocess result filter); the same in the
 * preprocess and the placement results. A failed reload keeps the rows and filter shown before. */
const rowFilterStates = {
  ready: { on: { 'filter.changed': { target: 'filtering', actions: 'chooseFilter' } } },
  filtering: {
    on: { 'filter.changed': { target: 'filtering', reenter: true, actions: 'chooseFilter' } },
    invoke: {
      id: 'loadJobRows',
      src: 'loadJobDetails',
      input: ({ context }: { context: BulkJobContext }): LoadJobDetailsInput => ({ vendorId: context.vendorId, jobId: context.job?.bulk_job_id ?? '', filter: context.filter }),
      onDone: { target: 'ready', actions: { type: 'showLoadedRows', params: ({ event }: { event: { output: BulkJob } }) => ({ job: event.output }) } },
      onError: { target: 'ready', actions: ['restoreRowsFilter', { type: 'toast', params: bulkError(BULK_TOAST_MESSAGES.viewDetailsError) }] },
    },
  },
} as const;

/** Whether any placed or placeable row of the jobs names a collection point other than `vendorId`. */
function placedElsewhere(vendorId: string, jobs: readonly (BulkJob | null)[]): boolean {
  return jobs.some((job) => (job?.rows ?? []).some((row) => row.status !== 'PREPROCESS_FAIL' && row.status !== 'ORDER_FAILED' && row.collection_point !== vendorId));
}

export const bulkJobMachine = setup({
  types: {
    context: {} as BulkJobContext,
    events: {} as BulkJobEvent,
    input: {} as BulkJobInput,
  },
  actors: {
    downloadTemplate: promiseNotProvided<BulkTemplate, void>('downloadTemplate'),
    uploadBulkFile: promiseNotProvided<BulkJob, UploadBulkFileInput>('uploadBulkFile'),
    loadJobDetails: promiseNotProvided<BulkJob, LoadJobDetailsInput>('loadJobDetails'),
    placeOrders: promiseNotProvided<BulkJob, { vendorId: string; jobId: string }>('placeOrders'),
    loadJobHistory: promiseNotProvided<BulkJob[], { vendorId: string }>('loadJobHistory'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    /** `allOutlets`: the orders went to other collection points than the vendor's own, so tracking
     * must show every outlet's orders to show them all. */
    navigateToTracking: (_, _params: { vendorId: string; allOutlets: boolean }) => {},
    saveTemplate: (_, _params: BulkTemplate) => {},
    /** Keeps the address bar on the job shown (`jobId`) or on the upload page (`null`). */
    showJobRoute: (_, _params: { vendorId: string; jobId: string | null }) => {},
    rejectFile: assign({
      fileError: ({ event }) => (event.type === 'file.selected' ? validateBulkFile(event.file) : null),
    }),
    acceptFile: assign({
      file: ({ event }) => (event.type === 'file.selected' ? event.file : null),
      fileError: null,
      uploadProgress: 0,
    }),
    resetJob: assign({ file: null, job: null, fileError: null, uploadProgress: 0, filter: 'ALL' as const, rowsFilter: 'ALL' as const, requestedJobId: null }),
    chooseFilter: assign({ filter: ({ context, event }) => (event.type === 'filter.changed' ? event.filter : context.filter) }),
    showLoadedRows: assign(({ context }, params: { job: BulkJob }) => ({ job: params.job, rowsFilter: context.filter })),
    restoreRowsFilter: assign({ filter: ({ context }) => context.rowsFilter }),
    selectVendor: assign({
      vendorId: ({ context, event }) => (event.type === 'vendor.changed' ? event.vendorId : context.vendorId),
      history: [],
    }),
    reloadHistory: raise({ type: 'history.reload.requested' }),
  },
  guards: {
    fileAcceptable: ({ event }) => event.type === 'file.selected' && validateBulkFile(event.file) === null,
    /** Only a checked job with valid rows, not placed yet, can be placed (the server answers 409 otherwise). */
    hasOrdersToPlace: ({ context }) =>
      context.job !== null && !isPlacementDone(context.job) && context.job.status !== 'PREPROCESS_FAIL' && context.job.totals.orders_to_be_placed > 0,
    /** The job's placement has run (its details open on the placement results). */
    placementDone: (_, { job }: { job: BulkJob }) => isPlacementDone(job),
    /** Every valid row became an order. */
    everyOrderPlaced: (_, { job }: { job: BulkJob }) => job.status === 'ORDER_PLACEMENT_SUCCESS',
    someOrdersPlaced: (_, { job }: { job: BulkJob }) => job.totals.orders_placed > 0,
  },
}).createMachine({
  id: 'bulkJob',
  type: 'parallel',
  context: ({ input }) => ({ ...input, file: null, job: null, history: [], fileError: null, uploadProgress: 0, filter: 'ALL', rowsFilter: 'ALL', requestedJobId: null }),
  on: {
    'vendor.changed': {
      target: ['.flow.ASK_EXCEL_FILE', '.history.loading'],
      reenter: true,
      actions: ['selectVendor', 'resetJob'],
    },
  },
  states: {
    flow: {
      initial: 'ASK_EXCEL_FILE',
      on: {
        // Opening a job of the history (or its URL) leaves whatever the flow was showing.
        'job.opened': {
          target: '.loadingJobDetails',
          actions: ['resetJob', assign({ requestedJobId: ({ event }) => event.jobId })],
        },
      },
      states: {
        ASK_EXCEL_FILE: {
          on: {
            'file.selected': [
              { guard: 'fileAcceptable', target: 'UPLOADING_EXCEL_FILE', actions: 'acceptFile' },
              {
                actions: [
                  'rejectFile',
                  { type: 'toast', params: ({ event }) => bulkError(validateBulkFile(event.file) ?? BULK_FILE_MESSAGES.invalidFormat) },
                ],
              },
            ],
          },
        },
        UPLOADING_EXCEL_FILE: {
          on: {
            'upload.progressed': { actions: assign({ uploadProgress: ({ event }) => Math.min(1, Math.max(0, event.fraction)) }) },
          },
          invoke: {
            id: 'uploadBulkFile',
            src: 'uploadBulkFile',
            input: ({ context, self }) => ({
              vendorId: context.vendorId,
              file: context.file!,
              onProgress: (fraction: number) => self.send({ type: 'upload.progressed', fraction }),
            }),
            onDone: {
              target: 'SHOW_PREPROCESS_RESULTS',
              actions: [
                assign({ job: ({ event }) => event.output, filter: 'ALL' as const, rowsFilter: 'ALL' as const, uploadProgress: 1 }),
                { type: 'showJobRoute', params: ({ context, event }) => ({ vendorId: context.vendorId, jobId: event.output.bulk_job_id }) },
                'reloadHistory',
              ],
            },
            onError: { target: 'ASK_EXCEL_FILE', actions: { type: 'toast', params: ({ event }) => uploadErrorToast(event.error) } },
          },
        },
        loadingJobDetails: {
          on: { cancelled: { target: 'ASK_EXCEL_FILE', actions: 'resetJob' } },
          invoke: {
            id: 'loadJobDetails',
            src: 'loadJobDetails',
            input: ({ context }) => ({ vendorId: context.vendorId, jobId: context.requestedJobId ?? '', filter: context.filter }),
            onDone: [
              { guard: { type: 'placementDone', params: ({ event }) => ({ job: event.output }) }, target: 'SHOW_ORDER_PLACEMENT_RESULTS', actions: assign({ job: ({ event }) => event.output }) },
              { target: 'SHOW_PREPROCESS_RESULTS', actions: assign({ job: ({ event }) => event.output }) },
            ],
            onError: {
              target: 'ASK_EXCEL_FILE',
              actions: [
                'resetJob',
                { type: 'toast', params: bulkError(BULK_TOAST_MESSAGES.viewDetailsError) },
                { type: 'showJobRoute', params: ({ context }) => ({ vendorId: context.vendorId, jobId: null }) },
              ],
            },
          },
        },
        SHOW_PREPROCESS_RESULTS: {
          initial: 'ready',
          on: {
            'placement.requested': { guard: 'hasOrdersToPlace', target: 'confirmingPlacement' },
            cancelled: {
              target: 'ASK_EXCEL_FILE',
              actions: ['resetJob', { type: 'showJobRoute', params: ({ context }) => ({ vendorId: context.vendorId, jobId: null }) }],
            },
          },
          states: rowFilterStates,
        },
        confirmingPlacement: {
          on: {
            'placement.confirmed': { target: 'placingOrders' },
            'placement.dismissed': { target: 'SHOW_PREPROCESS_RESULTS' },
          },
        },
        placingOrders: {
          invoke: {
            id: 'placeOrders',
            src: 'placeOrders',
            input: ({ context }) => ({ vendorId: context.vendorId, jobId: context.job?.bulk_job_id ?? '' }),
            onDone: [
              {
                // SPEC §2: after a successful bulk order the user goes to /order-tracking.
                guard: { type: 'everyOrderPlaced', params: ({ event }) => ({ job: event.output }) },
                target: 'ASK_EXCEL_FILE',
                actions: [
                  { type: 'toast', params: { kind: 'success', message: BULK_TOAST_MESSAGES.placeOrderSuccess } },
                  {
                    type: 'navigateToTracking',
                    params: ({ context, event }) => ({
                      vendorId: context.vendorId,
                      allOutlets: placedElsewhere(context.vendorId, [event.output, context.job]),
                    }),
                  },
                  'resetJob',
                  'reloadHistory',
                ],
              },
              {
                // Some rows failed at placement (e.g. a scheduled time that passed): show which.
                guard: { type: 'someOrdersPlaced', params: ({ event }) => ({ job: event.output }) },
                target: 'SHOW_ORDER_PLACEMENT_RESULTS',
                actions: [
                  assign({ job: ({ event }) => event.output, filter: 'ALL' as const, rowsFilter: 'ALL' as const }),
                  { type: 'toast', params: { kind: 'warning', message: BULK_TOAST_MESSAGES.placeOrderPartial, durationMs: LIMITS.bulkErrorToastMs } },
                  'reloadHistory',
                ],
              },
              {
                target: 'SHOW_ORDER_PLACEMENT_RESULTS',
                actions: [
                  assign({ job: ({ event }) => event.output, filter: 'ALL' as const, rowsFilter: 'ALL' as const }),
                  { type: 'toast', params: bulkError(BULK_TOAST_MESSAGES.placeOrderError) },
                  'reloadHistory',
                ],
              },
            ],
            onError: {
              target: 'SHOW_PREPROCESS_RESULTS',
              actions: { type: 'toast', params: bulkError(BULK_TOAST_MESSAGES.placeOrderError) },
            },
          },
        },
        SHOW_ORDER_PLACEMENT_RESULTS: {
          initial: 'ready',
          on: {
            'tracking.opened': {
              target: 'ASK_EXCEL_FILE',
              actions: [
                { type: 'navigateToTracking', params: ({ context }) => ({ vendorId: context.vendorId, allOutlets: placedElsewhere(context.vendorId, [context.job]) }) },
                'resetJob',
              ],
            },
            cancelled: {
              target: 'ASK_EXCEL_FILE',
              actions: ['resetJob', { type: 'showJobRoute', params: ({ context }) => ({ vendorId: context.vendorId, jobId: null }) }],
            },
          },
          states: rowFilterStates,
        },
      },
    },
    history: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadJobHistory',
            src: 'loadJobHistory',
            input: ({ context }) => ({ vendorId: context.vendorId }),
            onDone: { target: 'loaded', actions: assign({ history: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: { type: 'toast', params: bulkError(BULK_TOAST_MESSAGES.jobHistoryError) } },
          },
        },
        loaded: { on: { 'history.reload.requested': { target: 'loading' } } },
        failed: { on: { 'history.reload.requested': { target: 'loading' } } },
      },
    },
    template: {
      initial: 'idle',
      states: {
        idle: { on: { 'template.requested': { target: 'downloading' } } },
        downloading: {
          invoke: {
            id: 'downloadTemplate',
            src: 'downloadTemplate',
            onDone: { target: 'idle', actions: { type: 'saveTemplate', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'toast', params: bulkError(BULK_TOAST_MESSAGES.templateFileError) } },
          },
        },
      },
    },
  },
});
