// The bulk placement queue (DESIGN.md "Real parts": in-process, resumable from the database). One
// worker places queued jobs one row at a time; a job's state lives in bulk_jobs.placement, so a
// server stopped mid-job picks it up again on start and placeRow's reserved ids prevent duplicates.
import type { AuthenticatedPrincipal } from '../auth/tenancy';
import type { VendorRow } from '../http/vendor-view';
import type { OrdersSide } from '../orders/side';
import { placementStatus } from './present';
import { placeRow } from './placeRow';
import { countRows, findJob, pendingRows, queuedJobIds, setPlacement } from './repository';

export interface PlacementQueue {
  /** Queues a job whose placement is QUEUED; resolves when it is done or the queue stops. */
  enqueue(jobId: string): Promise<void>;
  /** Resumes the jobs left QUEUED by an earlier process. */
  start(): Promise<void>;
  /** Finishes the row in progress, then stops; waiting callers are released. */
  stop(): Promise<void>;
  /** Jobs waiting or in progress (the metrics' queue depth). */
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

export function createPlacementQueue(side: OrdersSide, onError: (error: unknown, jobId: string) => void): PlacementQueue {
  const waiting: string[] = [];
  const waiters = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  let stopping = false;
  let worker: Promise<void> | null = null;

  const release = (jobId: string) => {
    waiters.get(jobId)?.resolve();
    waiters.delete(jobId);
  };

  async function placeJob(jobId: string): Promise<void> {
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
      for (const row of await pendingRows(side.db, jobId)) {
        if (stopping) return;
        await placeRow({ side, principal, jobId, outlet: await outletOf(row.outletId) }, row);
      }
    }
    const counts = (await countRows(side.db, [jobId])).get(jobId) ?? {};
    await setPlacement(side.db, jobId, 'QUEUED', 'DONE', side.nowUnix(), placementStatus(counts.ORDER_PLACED ?? 0, counts.ORDER_FAILED ?? 0));
  }

  async function drain(): Promise<void> {
    for (let jobId = waiting[0]; jobId !== undefined && !stopping; jobId = waiting[0]) {
      try {
        await placeJob(jobId);
      } catch (error) {
        // The job stays QUEUED in the database and is resumed on the next start.
        onError(error, jobId);
      }
      waiting.shift();
      release(jobId);
    }
    worker = null;
  }

  const ensureWorker = () => {
    if (!worker && !stopping) worker = drain();
  };

  return {
    enqueue(jobId) {
      const existing = waiters.get(jobId);
      if (existing) return existing.promise;
      if (stopping) return Promise.resolve();
      let resolve = () => {};
      const promise = new Promise<void>((done) => { resolve = done; });
      waiters.set(jobId, { promise, resolve });
      waiting.push(jobId);
      ensureWorker();
      return promise;
    },
    async start() {
      for (const jobId of await queuedJobIds(side.db)) void this.enqueue(jobId);
    },
    async stop() {
      stopping = true;
      await worker;
      for (const jobId of [...waiters.keys()]) release(jobId);
    },
    depth: () => waiting.length,
  };
}
