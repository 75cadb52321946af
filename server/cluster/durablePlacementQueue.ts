// Bulk placement as durable jobs: asking for placement stores a `bulk:{jobId}` job in
// scheduled_jobs; whichever server process claims it places the rows, renewing its claim as it
// goes. If that process dies the claim expires and another resumes from the rows still pending;
// each row's order id is reserved before the order is made, so no order is created twice. The
// caller of enqueue() waits for the job's placement to leave QUEUED, whoever does the work.
import { setTimeout as delay } from 'node:timers/promises';
import type { Db } from '../db/connect';
import { createDurableJobs, type ClaimedJob } from './durableJobs';

/** The PlacementQueue port of server/bulk/placementQueue.ts. */
export interface DurablePlacementQueue {
  /** Queues a job whose placement is QUEUED; resolves when it is done (by any process) or the queue stops. */
  enqueue(jobId: string): Promise<void>;
  /** Claims jobs left QUEUED by earlier or other processes. */
  start(): Promise<void>;
  /** Finishes the row in progress, hands the rest of the job back to the table, then stops. */
  stop(): Promise<void>;
  /** Placements this process is running or waiting for (the metrics' queue depth). */
  depth(): number;
}

export interface DurablePlacementOptions {
  db: Db;
  /** Places the job's pending rows; returns early (job still QUEUED) once `shouldStop()` is true. */
  placeJob: (jobId: string, shouldStop: () => boolean) => Promise<void>;
  /** Bulk jobs still QUEUED, oldest first (resumed on start). */
  queuedJobIds: () => Promise<string[]>;
  /** True while the job's placement is QUEUED. */
  isQueued: (jobId: string) => Promise<boolean>;
  leaseMs?: number;
  onError: (error: unknown, jobId: string) => void;
}

const KIND = 'bulk-placement';
const keyOf = (jobId: string) => `bulk:${jobId}`;
/** How often a waiting request looks whether another process finished the job. */
const WAIT_POLL_MS = 100;

export function createDurablePlacementQueue(options: DurablePlacementOptions): DurablePlacementQueue {
  let stopping = false;
  const waiting = new Set<string>();

  async function run(job: ClaimedJob): Promise<void> {
    const { jobId } = job.payload as { jobId: string };
    await options.placeJob(jobId, () => stopping);
    // Stopped halfway: put the job back as due now, so another process (or our next start) goes on.
    if (await options.isQueued(jobId)) await jobs.schedule(job.key, KIND, Date.now(), { jobId });
  }

  const jobs = createDurableJobs({
    db: options.db,
    handlers: { [KIND]: run },
    // A job places its rows a batch per transaction, so jobs are few and long: two at once per process is plenty.
    concurrency: 2,
    ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
    onError: (error, job) => options.onError(error, (job?.payload as { jobId?: string } | undefined)?.jobId ?? ''),
  });

  return {
    async enqueue(jobId) {
      if (stopping) return;
      waiting.add(jobId);
      try {
        // If it is already stored (running elsewhere), leave its claim alone.
        await jobs.scheduleIfAbsent(keyOf(jobId), KIND, Date.now(), { jobId });
        while (!stopping && (await options.isQueued(jobId))) await delay(WAIT_POLL_MS);
      } finally {
        waiting.delete(jobId);
      }
    },
    async start() {
      stopping = false;
      for (const jobId of await options.queuedJobIds()) await jobs.scheduleIfAbsent(keyOf(jobId), KIND, Date.now(), { jobId });
      jobs.start();
    },
    async stop() {
      stopping = true;
      await jobs.stop();
    },
    depth: () => Math.max(waiting.size, jobs.running()),
  };
}
