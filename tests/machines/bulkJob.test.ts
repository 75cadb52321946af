import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { BulkJob, BulkJobRow } from '../../domain';
import { BulkFileRejectedError, bulkJobMachine, type BulkFile, type BulkJobContext, type LoadJobDetailsInput, type UploadBulkFileInput } from '../../machines';
import { NOW } from './builders';
import { withIgnoredStep } from './ignoredSteps';
import { effectExactlyWhen, effectNever, effectWhenever, isDone, isToastOf, type EffectOracle, type StepView } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type ModelPath, type PathModel } from './walkPaths';

const placedAll = (view: StepView) =>
  isDone('placeOrders')(view) && (view.event as unknown as { output: BulkJob }).output.status === 'ORDER_PLACEMENT_SUCCESS';

// Effect oracles from SPEC.md §4 "Bulk order" and §8 "Bulk", checked on every step.
const oracles: EffectOracle[] = [
  effectExactlyWhen(
    'SPEC §4 Bulk order: success goes to tracking (and the results page opens tracking on request), never otherwise',
    'navigateToTracking',
    (view) => placedAll(view) || (view.event.type === 'tracking.opened' && view.before?.matches({ flow: 'SHOW_ORDER_PLACEMENT_RESULTS' }) === true),
    (view) => {
      // Tracking shows every outlet when a placed (or placeable) row went to another collection point
      // than the vendor's: the rows of the job on screen and of the placement's answer.
      const vendorId = view.after.context.vendorId;
      const rows = [view.before?.context.job as BulkJob | null, isDone('placeOrders')(view) ? (view.event as unknown as { output: BulkJob }).output : null].flatMap((job) => job?.rows ?? []);
      const allOutlets = rows.some((row) => row.status !== 'PREPROCESS_FAIL' && row.status !== 'ORDER_FAILED' && row.collection_point !== vendorId);
      return { vendorId, allOutlets };
    },
  ),
  // SPEC §2 routes: /bulk-order/{vendorID}/{bulkJobID} names the job on screen, /bulk-order/{vendorID} none.
  effectWhenever('SPEC §2 routes: a checked upload puts its job in the address bar', 'showJobRoute', isDone('uploadBulkFile'), (view) => ({
    vendorId: view.after.context.vendorId,
    jobId: (view.event as unknown as { output: BulkJob }).output.bulk_job_id,
  })),
  effectWhenever(
    'SPEC §2 routes: leaving a shown job (cancel, or its details failing to load) takes the job out of the address bar',
    'showJobRoute',
    (view) =>
      view.after.matches({ flow: 'ASK_EXCEL_FILE' }) &&
      (view.event.type === 'xstate.error.actor.loadJobDetails' ||
        (view.event.type === 'cancelled' && (view.before?.matches({ flow: 'SHOW_PREPROCESS_RESULTS' }) === true || view.before?.matches({ flow: 'SHOW_ORDER_PLACEMENT_RESULTS' }) === true))),
    (view) => ({ vendorId: view.after.context.vendorId, jobId: null }),
  ),
  effectNever('SPEC §8 Bulk: bulk error toasts last 7000 ms', (effect) => isToastOf('error')(effect) && (effect.params as { durationMs?: number }).durationMs !== 7000),
  effectNever('SPEC §8: a successful answer shows no error toast', isToastOf('error'), (view) =>
    ['uploadBulkFile', 'loadJobHistory', 'downloadTemplate', 'loadJobRows', 'loadJobDetails'].some((id) => isDone(id)(view)) || placedAll(view),
  ),
];

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const file = (name: string, size: number, type = XLSX): BulkFile => ({ name, size, type, content: new Blob(['x']) });
const goodFile = file('orders.xlsx', 10_000);
const tooLarge = file('orders.xlsx', 5_242_881);
const notExcel = file('orders.csv', 100, 'text/csv');

const job = (status: BulkJob['status'], placed = status === 'ORDER_PLACEMENT_SUCCESS' ? 2 : 0): BulkJob => ({
  bulk_job_id: 'job-1',
  vendor_id: 'vendor-1',
  job_type: 'ORDER_CREATION',
  status,
  created_by: 'vendor@example.com',
  created_at: NOW,
  file_name: 'orders.xlsx',
  totals: { rows: 2, orders_to_be_placed: status === 'PREPROCESS_FAIL' ? 0 : 2, orders_placed: placed, errors: 0 },
  preprocess: { metadata: { success_row_count: 2 } },
});

const row = (row_number: number, status: BulkJobRow['status'], collection_point: string): BulkJobRow => ({
  row_number, status, collection_point, customer_name: 'Sara', customer_phone: '+966501234567',
  drop_off_address: 'Al Malaz', payment_method: 'CASH_ON_DELIVERY', amount: null, description: 'Cakes', delivery_type: 'instant',
  scheduled_for: null, delivery_fee: 10, error: null, order_id: null,
});

// Shortest paths: the flow, the job history and the template download are parallel regions.
const model: PathModel = {
  machine: bulkJobMachine,
  input: { vendorId: 'vendor-1' },
  strategy: 'shortest',
  effects: ['toast', 'navigateToTracking', 'saveTemplate', 'showJobRoute'],
  oracles,
  events: [
    { type: 'template.requested' },
    { type: 'xstate.done.actor.downloadTemplate', output: { file: new Blob(['t']), fileName: 'Template.xlsx' } },
    { type: 'xstate.error.actor.downloadTemplate', error: new Error('500') },
    { type: 'file.selected', file: goodFile },
    { type: 'file.selected', file: tooLarge },
    { type: 'file.selected', file: notExcel },
    { type: 'upload.progressed', fraction: 0.5 },
    { type: 'xstate.done.actor.uploadBulkFile', output: job('PREPROCESS_SUCCESS') },
    { type: 'xstate.done.actor.uploadBulkFile', output: job('PREPROCESS_FAIL') },
    { type: 'xstate.error.actor.uploadBulkFile', error: new Error('500') },
    { type: 'xstate.error.actor.uploadBulkFile', error: new BulkFileRejectedError('bulk-order-upload.missing-columns', { columns: 'Customer phone' }) },
    { type: 'job.opened', jobId: 'job-1' },
    { type: 'xstate.done.actor.loadJobDetails', output: job('PREPROCESS_SUCCESS_WITH_ERROR') },
    { type: 'xstate.done.actor.loadJobDetails', output: job('ORDER_PLACEMENT_SUCCESS_WITH_ERROR', 1) },
    { type: 'xstate.error.actor.loadJobDetails', error: new Error('403') },
    { type: 'filter.changed', filter: 'PREPROCESS_FAIL' },
    { type: 'xstate.done.actor.loadJobRows', output: job('PREPROCESS_SUCCESS_WITH_ERROR') },
    { type: 'xstate.error.actor.loadJobRows', error: new Error('500') },
    { type: 'placement.requested' },
    { type: 'placement.confirmed' },
    { type: 'placement.dismissed' },
    { type: 'xstate.done.actor.placeOrders', output: job('ORDER_PLACEMENT_SUCCESS') },
    { type: 'xstate.done.actor.placeOrders', output: job('ORDER_PLACEMENT_SUCCESS_WITH_ERROR', 1) },
    { type: 'xstate.done.actor.placeOrders', output: job('ORDER_PLACEMENT_FAIL') },
    { type: 'xstate.error.actor.placeOrders', error: new Error('500') },
    { type: 'cancelled' },
    { type: 'tracking.opened' },
    { type: 'vendor.changed', vendorId: 'vendor-2' },
    { type: 'xstate.done.actor.loadJobHistory', output: [job('ORDER_PLACEMENT_SUCCESS')] },
    { type: 'xstate.error.actor.loadJobHistory', error: new Error('500') },
    { type: 'history.reload.requested' },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.vendorId,
      snapshot.context.job?.status ?? null,
      snapshot.context.fileError,
      snapshot.context.history.length,
      snapshot.context.filter,
      snapshot.context.uploadProgress,
      snapshot.context.requestedJobId,
    ]),
};

// The rows of a job decide where tracking opens (every outlet when a placed row went to another
// collection point); the main model's state key leaves rows out, so each answer below would end where
// another one does and never be walked there. This small model tells the jobs apart by their rows: a
// placement that failed or a row refused elsewhere opens tracking on the vendor only, a row placed at
// another outlet opens it on every outlet. It also loads a job of UNKNOWN status with nothing to place.
const withRows = (status: BulkJob['status'], rows: BulkJobRow[], toPlace = 2): BulkJob => ({ ...job(status), rows, totals: { ...job(status).totals, orders_to_be_placed: toPlace } });
const rowsModel: PathModel = {
  machine: bulkJobMachine,
  input: { vendorId: 'vendor-1' },
  strategy: 'shortest',
  effects: model.effects,
  oracles,
  events: [
    { type: 'job.opened', jobId: 'job-1' },
    { type: 'xstate.done.actor.loadJobDetails', output: withRows('PREPROCESS_SUCCESS_WITH_ERROR', [row(2, 'PREPROCESS_SUCCESS', 'vendor-1'), row(3, 'PREPROCESS_FAIL', 'outlet-2')]) },
    { type: 'xstate.done.actor.loadJobDetails', output: withRows('ORDER_PLACEMENT_SUCCESS_WITH_ERROR', [row(2, 'ORDER_PLACED', 'vendor-1'), row(3, 'ORDER_FAILED', 'outlet-3')]) },
    { type: 'xstate.done.actor.loadJobDetails', output: withRows('ORDER_PLACEMENT_SUCCESS_WITH_ERROR', [row(2, 'ORDER_FAILED', 'vendor-1'), row(3, 'ORDER_PLACED', 'outlet-2')]) },
    { type: 'xstate.done.actor.loadJobDetails', output: withRows('UNKNOWN', [], 0) },
    { type: 'placement.requested' },
    { type: 'placement.confirmed' },
    { type: 'xstate.done.actor.placeOrders', output: withRows('ORDER_PLACEMENT_SUCCESS', [row(2, 'ORDER_PLACED', 'vendor-1'), row(3, 'PREPROCESS_FAIL', 'outlet-2')]) },
    { type: 'tracking.opened' },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.job?.status ?? null, (snapshot.context.job?.rows ?? []).map((r: BulkJobRow) => [r.status, r.collection_point])]),
};

// "Place orders" on a job with nothing to place (a file that failed its checks, a job of UNKNOWN
// status) is ignored, so the traversal never sends it there: every path ending on such a job's
// results sends it once more, and the replay sees the flow stay (no confirmation, no placement).
const nothingToPlace = (end: AnyMachineSnapshot): ModelEvent | null =>
  end.matches({ flow: 'SHOW_PREPROCESS_RESULTS' }) && (end.context as BulkJobContext).job?.totals.orders_to_be_placed === 0 ? { type: 'placement.requested' } : null;

const generated = generatePaths(model);
const paths: ModelPath[] = [...generated, ...withIgnoredStep(generated, nothingToPlace)];
// Opening tracking from a job's placement results leads back to the start page, a state the traversal
// has reached already, so it never takes that step from the rows model's jobs: every path ending on
// placement results opens tracking once more, predicted to end as the path began (the upload page).
const thenTracking = (generated: readonly ModelPath[]): ModelPath[] =>
  generated.flatMap((path) =>
    path.state.matches({ flow: 'SHOW_ORDER_PLACEMENT_RESULTS' }) && path.steps[0]
      ? [{ ...path, state: path.steps[0].state, steps: [...path.steps, { state: path.steps[0].state, event: { type: 'tracking.opened' } }], weight: path.weight + 1 }]
      : [],
  );
const generatedWithRows = generatePaths(rowsModel);
const rowPaths: ModelPath[] = [...generatedWithRows, ...withIgnoredStep(generatedWithRows, nothingToPlace), ...thenTracking(generatedWithRows)];

describe('bulkJob: every path', () => {
  for (const [pathModel, path, name] of [...paths.map((p) => [model, p, describePath(p)] as const), ...rowPaths.map((p) => [rowsModel, p, `rows: ${describePath(p)}`] as const)]) {
    it(name, async () => {
      await replayPath(pathModel, path, (snapshot, replay, step) => {
        const event = step.event as { type: string; [key: string]: unknown };
        const lastEffect = replay.effects.at(-1);
        if (snapshot.matches({ flow: 'UPLOADING_EXCEL_FILE' })) {
          // Only a file that passed the client checks is uploaded.
          expect(replay.started.uploadBulkFile?.at(-1)).toMatchObject({ vendorId: snapshot.context.vendorId, file: goodFile });
        }
        if (event.type === 'file.selected' && snapshot.matches({ flow: 'ASK_EXCEL_FILE' })) {
          const expected = event.file === tooLarge ? 'bulk-order-upload.file-too-large' : 'bulk-order-upload.invalid-file-format';
          expect(snapshot.context.fileError).toBe(expected);
          // SPEC §8: the refusal is also a bulk error toast of 7000 ms.
          expect(lastEffect).toEqual({ name: 'toast', params: { kind: 'error', message: expected, durationMs: 7000 } });
        }
        if (event.type === 'tracking.opened') {
          expect(lastEffect).toMatchObject({ name: 'navigateToTracking', params: { vendorId: snapshot.context.vendorId } });
        }
        if (snapshot.matches({ flow: 'placingOrders' })) {
          // The placement asks for the job on screen, for the vendor on screen.
          expect(replay.started.placeOrders?.at(-1)).toEqual({ vendorId: snapshot.context.vendorId, jobId: 'job-1' });
        }
        if (event.type === 'vendor.changed') {
          expect(snapshot.matches({ flow: 'ASK_EXCEL_FILE', history: 'loading' })).toBe(true);
          expect(replay.started.loadJobHistory?.at(-1)).toEqual({ vendorId: 'vendor-2' });
          expect(snapshot.context.job).toBeNull();
        }
        if (event.type.startsWith('xstate.error.actor.')) {
          const lastToast = replay.effects.filter((effect) => effect.name === 'toast').at(-1);
          expect(lastToast?.params).toMatchObject({ kind: 'error', durationMs: 7000 });
        }
        if (event.type === 'xstate.error.actor.uploadBulkFile') {
          const rejected = event.error instanceof BulkFileRejectedError;
          expect(lastEffect?.params).toMatchObject({ message: rejected ? 'bulk-order-upload.missing-columns' : 'bulk-order-upload.file-upload-error' });
        }
        if (event.type === 'xstate.done.actor.uploadBulkFile') {
          expect(snapshot.matches({ flow: 'SHOW_PREPROCESS_RESULTS', history: 'loading' })).toBe(true);
          expect(replay.effects.some((effect) => effect.name === 'showJobRoute')).toBe(true);
        }
        if (event.type === 'xstate.done.actor.placeOrders') {
          const output = event.output as BulkJob;
          if (output.status === 'ORDER_PLACEMENT_SUCCESS') {
            // SPEC §2: after a successful bulk order the user goes to tracking.
            expect(snapshot.matches({ flow: 'ASK_EXCEL_FILE' })).toBe(true);
            expect(replay.effects.slice(-2)).toEqual([
              { name: 'toast', params: { kind: 'success', message: 'bulk-order-upload.place-order-success' } },
              { name: 'navigateToTracking', params: { vendorId: snapshot.context.vendorId, allOutlets: false } },
            ]);
          } else {
            expect(snapshot.matches({ flow: 'SHOW_ORDER_PLACEMENT_RESULTS' })).toBe(true);
            expect(lastEffect?.params).toMatchObject({ kind: output.totals.orders_placed > 0 ? 'warning' : 'error', durationMs: 7000 });
          }
        }
        if (event.type === 'xstate.done.actor.loadJobDetails') {
          const placed = (event.output as BulkJob).status.startsWith('ORDER_PLACEMENT_');
          expect(snapshot.matches({ flow: placed ? 'SHOW_ORDER_PLACEMENT_RESULTS' : 'SHOW_PREPROCESS_RESULTS' })).toBe(true);
        }
        if (event.type === 'job.opened' && snapshot.matches({ flow: 'loadingJobDetails' })) {
          expect(replay.started.loadJobDetails?.at(-1)).toEqual({ vendorId: snapshot.context.vendorId, jobId: 'job-1', filter: 'ALL' });
        }
        if (event.type === 'filter.changed' && snapshot.context.filter === 'PREPROCESS_FAIL') {
          expect(replay.started.loadJobRows?.at(-1)).toEqual({ vendorId: snapshot.context.vendorId, jobId: 'job-1', filter: 'PREPROCESS_FAIL' });
        }
        if (event.type === 'xstate.error.actor.loadJobRows') {
          // The rows shown are still the previous filter's, so the filter goes back to it.
          expect(snapshot.context.filter).toBe('ALL');
        }
        if (snapshot.matches({ flow: 'confirmingPlacement' })) {
          expect(snapshot.context.job?.totals.orders_to_be_placed).toBeGreaterThan(0);
        }
        if (event.type === 'xstate.done.actor.downloadTemplate') {
          expect(lastEffect).toEqual({ name: 'saveTemplate', params: { file: expect.any(Blob), fileName: 'Template.xlsx' } });
        }
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('bulkJob', [...paths, ...rowPaths]));
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

  it('reports the upload progress the upload actor is given', async () => {
    let finishUpload: (job: BulkJob) => void = () => {};
    const actor = createActor(
      bulkJobMachine.provide({
        actors: {
          uploadBulkFile: fromPromise<BulkJob, UploadBulkFileInput>(({ input }) => {
            input.onProgress(0.25);
            input.onProgress(1.5);
            return new Promise<BulkJob>((resolve) => (finishUpload = resolve));
          }),
          loadJobHistory: fromPromise<BulkJob[], { vendorId: string }>(async () => []),
        },
      }),
      { input: { vendorId: 'vendor-1' } },
    ).start();
    actor.send({ type: 'file.selected', file: goodFile });
    await new Promise((resolve) => setImmediate(resolve));
    // Clamped to 0..1 whatever the transport reports.
    expect(actor.getSnapshot().context.uploadProgress).toBe(1);
    finishUpload(job('PREPROCESS_SUCCESS'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().matches({ flow: 'SHOW_PREPROCESS_RESULTS' })).toBe(true);
  });

  it('lands on tracking with every outlet included when the placed rows went to other outlets', async () => {
    const navigations: { vendorId: string; allOutlets: boolean }[] = [];
    const checked = { ...job('PREPROCESS_SUCCESS'), rows: [row(2, 'PREPROCESS_SUCCESS', 'vendor-1'), row(3, 'PREPROCESS_SUCCESS', 'outlet-2')] };
    const actor = createActor(
      bulkJobMachine.provide({
        actors: {
          uploadBulkFile: fromPromise<BulkJob, UploadBulkFileInput>(async () => checked),
          loadJobDetails: fromPromise<BulkJob, LoadJobDetailsInput>(async () => checked),
          placeOrders: fromPromise<BulkJob, { vendorId: string; jobId: string }>(async () => job('ORDER_PLACEMENT_SUCCESS', 2)),
          loadJobHistory: fromPromise<BulkJob[], { vendorId: string }>(async () => []),
        },
        actions: { navigateToTracking: (_, params) => void navigations.push(params) },
      }),
      { input: { vendorId: 'vendor-1' } },
    ).start();
    actor.send({ type: 'file.selected', file: goodFile });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'placement.requested' });
    actor.send({ type: 'placement.confirmed' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(navigations).toEqual([{ vendorId: 'vendor-1', allOutlets: true }]);
  });
});
