import { assign, setup } from 'xstate';
import { LIMITS, validateBulkFile } from '../domain';
import type { BulkJob } from '../domain/types';
import { promiseNotProvided } from './notProvided';
import type { ToastParams } from './toasts';

// Bulk order upload (SPEC.md §4 "Bulk order"): the file is checked on the client before upload; the
// preprocess results wait for a confirmed placement; success leads to tracking; cancel or a vendor
// change resets to ASK_EXCEL_FILE, and a vendor change also reloads that vendor's job history.

export interface BulkFile {
  name: string;
  size: number;
  type: string;
  content: Blob;
}

export interface BulkJobInput {
  vendorId: string;
}

export interface BulkJobContext extends BulkJobInput {
  /** The accepted file, kept for the upload (and a retry after a failed one). */
  file: BulkFile | null;
  job: BulkJob | null;
  history: BulkJob[];
  /** The client-side file check's message key, shown under the file picker. */
  fileError: string | null;
}

export type BulkJobEvent =
  | { type: 'file.selected'; file: BulkFile }
  | { type: 'placement.requested' }
  | { type: 'placement.confirmed' }
  | { type: 'placement.dismissed' }
  | { type: 'cancelled' }
  | { type: 'tracking.opened' }
  | { type: 'history.reload.requested' }
  | { type: 'vendor.changed'; vendorId: string };

const bulkError = (message: string): ToastParams => ({ kind: 'error', message, durationMs: LIMITS.bulkErrorToastMs });

export const bulkJobMachine = setup({
  types: {
    context: {} as BulkJobContext,
    events: {} as BulkJobEvent,
    input: {} as BulkJobInput,
  },
  actors: {
    uploadBulkFile: promiseNotProvided<BulkJob, { vendorId: string; file: BulkFile }>('uploadBulkFile'),
    placeOrders: promiseNotProvided<BulkJob, { vendorId: string; jobId: string }>('placeOrders'),
    loadJobHistory: promiseNotProvided<BulkJob[], { vendorId: string }>('loadJobHistory'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    navigateToTracking: (_, _params: { vendorId: string }) => {},
    rejectFile: assign({
      fileError: ({ event }) => (event.type === 'file.selected' ? validateBulkFile(event.file) : null),
    }),
    acceptFile: assign({
      file: ({ event }) => (event.type === 'file.selected' ? event.file : null),
      fileError: null,
    }),
    resetJob: assign({ file: null, job: null, fileError: null }),
    selectVendor: assign({
      vendorId: ({ context, event }) => (event.type === 'vendor.changed' ? event.vendorId : context.vendorId),
      history: [],
    }),
  },
  guards: {
    fileAcceptable: ({ event }) => event.type === 'file.selected' && validateBulkFile(event.file) === null,
  },
}).createMachine({
  id: 'bulkJob',
  type: 'parallel',
  context: ({ input }) => ({ ...input, file: null, job: null, history: [], fileError: null }),
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
      states: {
        ASK_EXCEL_FILE: {
          on: {
            'file.selected': [
              { guard: 'fileAcceptable', target: 'UPLOADING_EXCEL_FILE', actions: 'acceptFile' },
              { actions: 'rejectFile' },
            ],
          },
        },
        UPLOADING_EXCEL_FILE: {
          invoke: {
            id: 'uploadBulkFile',
            src: 'uploadBulkFile',
            input: ({ context }) => ({ vendorId: context.vendorId, file: context.file! }),
            onDone: { target: 'SHOW_PREPROCESS_RESULTS', actions: assign({ job: ({ event }) => event.output }) },
            onError: { target: 'ASK_EXCEL_FILE', actions: { type: 'toast', params: bulkError('bulk-order-upload.file-upload-error') } },
          },
        },
        SHOW_PREPROCESS_RESULTS: {
          on: {
            'placement.requested': { target: 'confirmingPlacement' },
            cancelled: { target: 'ASK_EXCEL_FILE', actions: 'resetJob' },
          },
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
            onDone: {
              target: 'SHOW_ORDER_PLACEMENT_RESULTS',
              actions: [
                assign({ job: ({ event }) => event.output }),
                { type: 'toast', params: { kind: 'success', message: 'bulk-order-upload.place-order-success' } },
              ],
            },
            onError: {
              target: 'SHOW_PREPROCESS_RESULTS',
              actions: { type: 'toast', params: bulkError('bulk-order-upload.place-order-error') },
            },
          },
        },
        SHOW_ORDER_PLACEMENT_RESULTS: {
          on: {
            'tracking.opened': {
              target: 'ASK_EXCEL_FILE',
              actions: ['resetJob', { type: 'navigateToTracking', params: ({ context }) => ({ vendorId: context.vendorId }) }],
            },
            cancelled: { target: 'ASK_EXCEL_FILE', actions: 'resetJob' },
          },
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
            onError: { target: 'failed', actions: { type: 'toast', params: bulkError('bulk-order-upload.job-history-error') } },
          },
        },
        loaded: { on: { 'history.reload.requested': { target: 'loading' } } },
        failed: { on: { 'history.reload.requested': { target: 'loading' } } },
      },
    },
  },
});
