import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { BulkJob } from '../../domain';
import { bulkJobMachine, type BulkFile } from '../../machines';
import { NOW } from './builders';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const file = (name: string, size: number, type = XLSX): BulkFile => ({ name, size, type, content: new Blob(['x']) });
const goodFile = file('orders.xlsx', 10_000);
const tooLarge = file('orders.xlsx', 5_242_881);
const notExcel = file('orders.csv', 100, 'text/csv');

const job = (status: BulkJob['status']): BulkJob => ({
  bulk_job_id: 'job-1',
  vendor_id: 'vendor-1',
  job_type: 'ORDER_CREATION',
  status,
  created_by: 'vendor@example.com',
  created_at: NOW,
  file_name: 'orders.xlsx',
  totals: { rows: 2, orders_to_be_placed: 2, orders_placed: status === 'ORDER_PLACEMENT_SUCCESS' ? 2 : 0, errors: 0 },
  preprocess: { metadata: { success_row_count: 2 } },
});

// Shortest paths: the flow and the job history are parallel regions.
const model: PathModel = {
  machine: bulkJobMachine,
  input: { vendorId: 'vendor-1' },
  strategy: 'shortest',
  effects: ['toast', 'navigateToTracking'],
  events: [
    { type: 'file.selected', file: goodFile },
    { type: 'file.selected', file: tooLarge },
    { type: 'file.selected', file: notExcel },
    { type: 'xstate.done.actor.uploadBulkFile', output: job('PREPROCESS_SUCCESS') },
    { type: 'xstate.error.actor.uploadBulkFile', error: new Error('500') },
    { type: 'placement.requested' },
    { type: 'placement.confirmed' },
    { type: 'placement.dismissed' },
    { type: 'xstate.done.actor.placeOrders', output: job('ORDER_PLACEMENT_SUCCESS') },
    { type: 'xstate.error.actor.placeOrders', error: new Error('500') },
    { type: 'cancelled' },
    { type: 'tracking.opened' },
    { type: 'vendor.changed', vendorId: 'vendor-2' },
    { type: 'xstate.done.actor.loadJobHistory', output: [job('ORDER_PLACEMENT_SUCCESS')] },
    { type: 'xstate.error.actor.loadJobHistory', error: new Error('500') },
    { type: 'history.reload.requested' },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.vendorId, snapshot.context.job?.status ?? null, snapshot.context.fileError, snapshot.context.history.length]),
};

const paths = generatePaths(model);

describe('bulkJob: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        if (snapshot.matches({ flow: 'UPLOADING_EXCEL_FILE' })) {
          // Only a file that passed the client checks is uploaded.
          expect(replay.started.uploadBulkFile?.at(-1)).toEqual({ vendorId: snapshot.context.vendorId, file: goodFile });
        }
        if (step.event.type === 'file.selected' && snapshot.matches({ flow: 'ASK_EXCEL_FILE' })) {
          const selected = (step.event as unknown as { file: BulkFile }).file;
          expect(snapshot.context.fileError).toBe(
            selected === tooLarge ? 'bulk-order-upload.file-too-large' : 'bulk-order-upload.invalid-file-format',
          );
        }
        if (step.event.type === 'tracking.opened') {
          expect(replay.effects.at(-1)).toEqual({ name: 'navigateToTracking', params: { vendorId: snapshot.context.vendorId } });
        }
        if (step.event.type === 'vendor.changed') {
          expect(snapshot.matches({ flow: 'ASK_EXCEL_FILE', history: 'loading' })).toBe(true);
          expect(replay.started.loadJobHistory?.at(-1)).toEqual({ vendorId: 'vendor-2' });
        }
        if (step.event.type.startsWith('xstate.error.actor.')) {
          expect(replay.effects.at(-1)?.params).toMatchObject({ kind: 'error', durationMs: 7000 });
        }
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('bulkJob', paths));
});

describe('bulkJob: spec', () => {
  it('a vendor change while uploading abandons the upload and resets to ASK_EXCEL_FILE', async () => {
    let finishUpload: (job: BulkJob) => void = () => {};
    const actor = createActor(
      bulkJobMachine.provide({
        actors: {
          uploadBulkFile: fromPromise(() => new Promise<BulkJob>((resolve) => (finishUpload = resolve))),
          loadJobHistory: fromPromise<BulkJob[], { vendorId: string }>(async () => []),
        },
      }),
      { input: { vendorId: 'vendor-1' } },
    ).start();
    actor.send({ type: 'file.selected', file: goodFile });
    expect(actor.getSnapshot().matches({ flow: 'UPLOADING_EXCEL_FILE' })).toBe(true);
    actor.send({ type: 'vendor.changed', vendorId: 'vendor-2' });
    finishUpload(job('PREPROCESS_SUCCESS'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().matches({ flow: 'ASK_EXCEL_FILE' })).toBe(true);
    expect(actor.getSnapshot().context.job).toBeNull();
  });
});
