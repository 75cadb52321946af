// The proof archive's cleanup: a durable job (server/cluster/durableJobs.ts) that runs once a day on
// whichever process claims it, deletes the proofs taken before the retention cutoff (files first,
// then their row, so a crash half way leaves a row to retry, never a file nobody can find), and
// schedules its next run. The server clock decides "now", so tests move it instead of waiting.
import { proofRetentionCutoff } from '../../domain';
import type { Clock } from '../clock/clock';
import { createDurableJobs } from '../cluster/durableJobs';
import type { Db } from '../db/connect';
import type { ObjectStore } from '../storage/objectStore';

const JOB_KIND = 'proof-archive-retention';
const JOB_KEY = 'proof-archive-retention';
const DAY_MS = 86_400_000;
/** Rows deleted per round, so one run never holds a long list. */
const BATCH = 200;

export interface ProofRetentionOptions {
  db: Db;
  store: ObjectStore;
  clock: Clock;
  months: number;
  leaseMs?: number;
  onError: (error: unknown) => void;
}

export interface ProofRetention {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One cleanup now (the job's body): the number of proofs deleted. */
  deleteExpired(): Promise<number>;
}

export function createProofRetention(options: ProofRetentionOptions): ProofRetention {
  const { db, store, clock } = options;

  async function deleteExpired(): Promise<number> {
    const cutoff = proofRetentionCutoff(clock.nowS(), options.months);
    let deleted = 0;
    for (;;) {
      const rows = await db.selectFrom('proof_archive').select(['order_id', 'kind', 'photo_key', 'signature_key', 'record_key'])
        .where('proved_at', '<', cutoff).orderBy('proved_at').limit(BATCH).execute();
      for (const row of rows) {
        await store.delete(row.photo_key);
        if (row.signature_key !== null) await store.delete(row.signature_key);
        await store.delete(row.record_key);
        await db.deleteFrom('proof_archive').where('order_id', '=', row.order_id).where('kind', '=', row.kind).execute();
      }
      deleted += rows.length;
      if (rows.length < BATCH) return deleted;
    }
  }

  const jobs = createDurableJobs({
    db,
    handlers: {
      [JOB_KIND]: async () => {
        await deleteExpired();
        // Replacing its own row keeps the job for tomorrow (the runner deletes only a row it still holds).
        await jobs.schedule(JOB_KEY, JOB_KIND, clock.nowMs() + DAY_MS, null);
      },
    },
    nowMs: clock.nowMs,
    concurrency: 1,
    ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
    onError: (error) => options.onError(error),
  });

  return {
    async start() {
      await jobs.scheduleIfAbsent(JOB_KEY, JOB_KIND, clock.nowMs(), null);
      jobs.start();
    },
    stop: () => jobs.stop(),
    deleteExpired,
  };
}
