// The bulk placement queue: durable jobs in the database (server/cluster/durablePlacementQueue.ts),
// on SQLite and PostgreSQL alike. Any server process may place a job, one batch of rows per
// transaction; a process stopped or killed mid-job leaves the rest to the next (another process, or
// itself on restart), and placeBatch's reserved ids keep every row to one order.
import type { BulkJobFinishedWebhookEvent } from '../../domain/api';
import type { AuthenticatedPrincipal } from '../auth/tenancy';
import { createDurablePlacementQueue } from '../cluster/durablePlacementQueue';
import type { Db } from '../db/connect';
import type { VendorRow } from '../http/vendorView';
import type { OrdersSide } from '../orders/side';
import { PLACEMENT_BATCH_ROWS, placeBatch, type PendingRow } from './placeBatch';
import { placementStatus } from './present';
import { countRows, findJob, pendingRows, queuedJobIds, setPlacement } from './repository';

/** Hears a job finish inside the transaction that marks it DONE (the webhook sender queues `bulk_job.finished`). */
export interface BulkJobFinishedListener {
  bulkJobFinished(trx: Db, job: BulkJobFinishedWebhookEvent['bulk_job'], atS: number): Promise<void>;
  /** After the commit. */
  announce(): void;
}

export interface PlacementQueue {
  /** Queues a job whose placement is QUEUED; resolves when it is done (by any process) or the queue stops. */
  enqueue(jobId: string): Promise<void>;
  /** Resumes the jobs left QUEUED by an earlier or another process. */
  start(): Promise<void>;
  /** Finishes the row in progress, hands the rest back, then stops; waiting callers are released. */
  stop(): Promise<void>;
  /** Jobs waiting or in progress here (the metrics' queue depth). */
  depth(): number;
}

function principalOf(json: string): AuthenticatedPrincipal | null {
  try {
    const value = JSON.parse(json) as AuthenticatedPrincipal;
    return value && (value.kind === 'user' || value.kind === 'godroid') ? value : null;
  } catch {
    return null;
  }
}

/**
 * Places the job's pending rows a batch at a time (only one batch is held in memory), then marks it
 * DONE; returns early (still QUEUED) once `shouldStop()`, between batches.
 */
async function placeJob(side: OrdersSide, jobId: string, shouldStop: () => boolean, finished?: BulkJobFinishedListener): Promise<void> {
  const job = await findJob(side.db, jobId);
  if (!job || job.placement !== 'QUEUED') return;
  const principal = principalOf(job.principal_json);
  const outlets = new Map<string, VendorRow | null>();
  const outletOf = async (vendorId: string | null): Promise<VendorRow | null> => {
    if (vendorId === null) return null;
    if (!outlets.has(vendorId)) outlets.set(vendorId, (await side.db.selectFrom('vendors').selectAll().where('vendor_id', '=', vendorId).executeTakeFirst()) ?? null);
    return outlets.get(vendorId) ?? null;
  };
  if (principal) {
    let afterRow = 0;
    for (;;) {
      if (shouldStop()) return;
      const rows = await pendingRows(side.db, jobId, afterRow, PLACEMENT_BATCH_ROWS);
      const last = rows.at(-1);
      if (!last) break;
      const batch: PendingRow[] = [];
      for (const row of rows) batch.push({ row, outlet: await outletOf(row.outletId) });
      await placeBatch({ side, principal, jobId }, batch);
      afterRow = last.rowNumber;
    }
  }
  const counts = (await countRows(side.db, [jobId])).get(jobId) ?? {};
  const placed = counts.ORDER_PLACED ?? 0;
  const failed = counts.ORDER_FAILED ?? 0;
  const status = placementStatus(placed, failed);
  const nowS = side.nowUnix();
  // Marked DONE and announced in one transaction: only the caller that marks it tells, and always does.
  const marked = await side.db.transaction().execute(async (trx) => {
    if (!(await setPlacement(trx, jobId, 'QUEUED', 'DONE', nowS, status))) return false;
    await finished?.bulkJobFinished(trx, { bulk_job_id: jobId, vendor_id: job.vendor_id, file_name: job.file_name, status, orders_placed: placed, orders_failed: failed }, nowS);
    return true;
  });
  if (marked) finished?.announce();
}

export function createPlacementQueue(side: OrdersSide, onError: (error: unknown, jobId: string) => void, finished?: BulkJobFinishedListener): PlacementQueue {
  return createDurablePlacementQueue({
    db: side.db,
    placeJob: (jobId, shouldStop) => placeJob(side, jobId, shouldStop, finished),
    queuedJobIds: () => queuedJobIds(side.db),
    isQueued: async (jobId) => (await findJob(side.db, jobId))?.placement === 'QUEUED',
    leaseMs: side.config.jobLeaseMs,
    onError,
  });
}
