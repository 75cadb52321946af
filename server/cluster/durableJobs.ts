// Durable background jobs in the database (the scale-out queue of DESIGN.md "Real parts"). A job is
// one row of scheduled_jobs; any server process may claim a due one for a lease, renews the lease
// while it works, and deletes the row when done. A process that dies (even SIGKILL) simply stops
// renewing: when the lease runs out another process claims the job and runs it again, so handlers
// must be safe to repeat (courier moves are conditional on the previous status, bulk rows reserve
// their order id first). On PostgreSQL the claim is SELECT ... FOR UPDATE SKIP LOCKED, so processes
// never wait on each other's claims; SQLite has one writer at a time and needs no row locks.
import { randomUUID } from 'node:crypto';
import { isPostgres, type Db } from '../db/connect';
import { preparedQuery, type Placeholder } from '../db/preparedQuery';

export interface ClaimedJob {
  key: string;
  /** This claim's lease token (one per claim, so a job replaced and claimed again is told apart). */
  lease: string;
  kind: string;
  payload: unknown;
  /** 1 on the first run; more after a failure or a takeover from a process that died. */
  attempts: number;
}

export type JobHandler = (job: ClaimedJob) => Promise<void>;

export interface DurableJobsOptions {
  db: Db;
  /** The kinds this runner claims, each with its handler. */
  handlers: Record<string, JobHandler>;
  /** How long a claim holds without renewal (ms); a dead process's jobs wait this long at most. */
  leaseMs?: number;
  /** How often to look for jobs scheduled by other processes or freed by expired leases (ms). */
  pollMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** After a failure the job runs again this much later, times the attempts (ms). */
  retryBackoffMs?: number;
  nowMs?: () => number;
  onError: (error: unknown, job: ClaimedJob | null) => void;
}

export interface DurableJobs {
  /** Creates or replaces the job `key`; a replaced job loses any claim on it. */
  schedule(key: string, kind: string, dueAtMs: number, payload: unknown): Promise<void>;
  /** Creates the job only when no job `key` exists yet (rebuilding after an upgrade or a restart). */
  scheduleIfAbsent(key: string, kind: string, dueAtMs: number, payload: unknown): Promise<void>;
  cancel(key: string): Promise<void>;
  /** True while a job `key` is stored (waiting or running anywhere). */
  exists(key: string): Promise<boolean>;
  /** Starts claiming; scheduling works before start too. */
  start(): void;
  /** Stops claiming and waits for the jobs running here (their rows stay for whoever comes next). */
  stop(): Promise<void>;
  /** Jobs running in this process now. */
  running(): number;
}

export const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_POLL_MS = 1_000;
const DEFAULT_CONCURRENCY = 16;
const DEFAULT_RETRY_BACKOFF_MS = 2_000;
/** A wake-up timer never sleeps longer than this (setTimeout's limit is ~24.8 days anyway). */
const MAX_SLEEP_MS = 60_000;

type JobRow = { job_key: string; kind: string; due_at: number; payload: string };

// The statements every job (each order change relays one, each order schedules its courier moves)
// runs, compiled once (db/preparedQuery.ts) instead of built by Kysely on every call.
const insertJob = preparedQuery((db, value: Placeholder<JobRow>) => db.insertInto('scheduled_jobs')
  .values({ job_key: value('job_key'), kind: value('kind'), due_at: value('due_at'), payload: value('payload'), lease_owner: null, lease_until: null, attempts: 0 })
  .onConflict((oc) => oc.column('job_key').doUpdateSet({ kind: value('kind'), due_at: value('due_at'), payload: value('payload'), lease_owner: null, lease_until: null, attempts: 0 })));
const insertJobIfAbsent = preparedQuery((db, value: Placeholder<JobRow>) => db.insertInto('scheduled_jobs')
  .values({ job_key: value('job_key'), kind: value('kind'), due_at: value('due_at'), payload: value('payload'), lease_owner: null, lease_until: null, attempts: 0 })
  .onConflict((oc) => oc.column('job_key').doNothing()));
const deleteFinishedJob = preparedQuery((db, value: Placeholder<{ key: string; lease: string }>) =>
  db.deleteFrom('scheduled_jobs').where('job_key', '=', value('key')).where('lease_owner', '=', value('lease')));

export function createDurableJobs(options: DurableJobsOptions): DurableJobs {
  const { db } = options;
  const kinds = Object.keys(options.handlers);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const retryBackoffMs = options.retryBackoffMs ?? DEFAULT_RETRY_BACKOFF_MS;
  const nowMs = options.nowMs ?? Date.now;
  const processToken = `${process.pid}:${randomUUID()}`;
  let claims = 0;
  const usesRowLocks = isPostgres(db);
  /** The earliest unclaimed job of this instance's kinds (its kinds are constants of the compiled query). */
  const earliestDue = preparedQuery((database) => database.selectFrom('scheduled_jobs').select((eb) => eb.fn.min('due_at').as('due_at'))
    .where('kind', 'in', kinds).where('lease_owner', 'is', null));

  const inFlight = new Set<Promise<void>>();
  let started = false;
  let stopping = false;
  let ticking: Promise<void> | null = null;
  let tickAgain = false;
  let poller: NodeJS.Timeout | null = null;
  let wakeTimer: NodeJS.Timeout | null = null;
  let wakeAt = Number.POSITIVE_INFINITY;

  /** Wakes the claim loop at `atMs` (the earliest job this process knows of). */
  function wakeUpAt(atMs: number): void {
    if (!started || stopping || atMs >= wakeAt) return;
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeAt = atMs;
    wakeTimer = setTimeout(() => {
      wakeTimer = null;
      wakeAt = Number.POSITIVE_INFINITY;
      requestTick();
    }, Math.min(MAX_SLEEP_MS, Math.max(0, atMs - nowMs())));
    wakeTimer.unref();
  }

  function requestTick(): void {
    if (!started || stopping) return;
    if (ticking) {
      tickAgain = true;
      return;
    }
    ticking = tick()
      .catch((error: unknown) => options.onError(error, null))
      .finally(() => {
        ticking = null;
        if (tickAgain) {
          tickAgain = false;
          requestTick();
        }
      });
  }

  async function claim(limit: number): Promise<ClaimedJob[]> {
    const now = nowMs();
    claims += 1;
    const lease = `${processToken}:${claims}`;
    return db.transaction().execute(async (trx) => {
      let due = trx.selectFrom('scheduled_jobs').select(['job_key', 'kind', 'payload', 'attempts'])
        .where('kind', 'in', kinds)
        .where('due_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('due_at')
        .limit(limit);
      if (usesRowLocks) due = due.forUpdate().skipLocked();
      const rows = await due.execute();
      if (rows.length === 0) return [];
      await trx.updateTable('scheduled_jobs')
        .set((eb) => ({ lease_owner: lease, lease_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
        .where('job_key', 'in', rows.map((row) => row.job_key))
        .execute();
      return rows.map((row) => ({ key: row.job_key, lease, kind: row.kind, payload: JSON.parse(row.payload) as unknown, attempts: row.attempts + 1 }));
    });
  }

  /** Keeps the claim alive while the handler works; stops when the job is done or was replaced. */
  function renewWhileRunning(job: ClaimedJob): () => void {
    const timer = setInterval(() => {
      db.updateTable('scheduled_jobs').set({ lease_until: nowMs() + leaseMs })
        .where('job_key', '=', job.key).where('lease_owner', '=', job.lease)
        .execute()
        .catch((error: unknown) => options.onError(error, job));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    timer.unref();
    return () => clearInterval(timer);
  }

  async function run(job: ClaimedJob): Promise<void> {
    const handler = options.handlers[job.kind];
    const stopRenewing = renewWhileRunning(job);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job);
      // Done: remove the row unless the handler (or anyone) replaced it with a new schedule meanwhile.
      await deleteFinishedJob(db, { key: job.key, lease: job.lease });
    } catch (error) {
      options.onError(error, job);
      await db.updateTable('scheduled_jobs')
        .set({ lease_owner: null, lease_until: null, due_at: nowMs() + retryBackoffMs * job.attempts })
        .where('job_key', '=', job.key).where('lease_owner', '=', job.lease)
        .execute()
        .catch((releaseError: unknown) => options.onError(releaseError, job));
    } finally {
      stopRenewing();
    }
  }

  async function tick(): Promise<void> {
    const room = concurrency - inFlight.size;
    if (room <= 0 || stopping) return;
    const jobs = await claim(room);
    for (const job of jobs) {
      const promise: Promise<void> = run(job).finally(() => {
        inFlight.delete(promise);
        requestTick();
      });
      inFlight.add(promise);
    }
    // A full batch suggests more are due: look again at once.
    if (jobs.length === room) tickAgain = true;
    await scheduleNextWake();
  }

  /** Sleeps until the earliest waiting job of our kinds (the poll covers jobs added elsewhere). */
  async function scheduleNextWake(): Promise<void> {
    const [next] = await earliestDue(db, {});
    const dueAt = next?.due_at;
    if (dueAt !== null && dueAt !== undefined) wakeUpAt(Number(dueAt));
  }

  const write = (key: string, kind: string, dueAtMs: number, payload: unknown): JobRow =>
    ({ job_key: key, kind, due_at: Math.round(dueAtMs), payload: JSON.stringify(payload ?? null) });

  return {
    async schedule(key, kind, dueAtMs, payload) {
      const row = write(key, kind, dueAtMs, payload);
      await insertJob(db, row);
      if (kinds.includes(kind)) wakeUpAt(row.due_at);
    },
    async scheduleIfAbsent(key, kind, dueAtMs, payload) {
      const row = write(key, kind, dueAtMs, payload);
      await insertJobIfAbsent(db, row);
      if (kinds.includes(kind)) wakeUpAt(row.due_at);
    },
    async cancel(key) {
      await db.deleteFrom('scheduled_jobs').where('job_key', '=', key).execute();
    },
    async exists(key) {
      return (await db.selectFrom('scheduled_jobs').select('job_key').where('job_key', '=', key).executeTakeFirst()) !== undefined;
    },
    start() {
      if (started) return;
      started = true;
      stopping = false;
      poller = setInterval(requestTick, pollMs);
      poller.unref();
      requestTick();
    },
    async stop() {
      stopping = true;
      if (poller) clearInterval(poller);
      if (wakeTimer) clearTimeout(wakeTimer);
      poller = null;
      wakeTimer = null;
      wakeAt = Number.POSITIVE_INFINITY;
      await ticking;
      await Promise.allSettled([...inFlight.values()]);
      started = false;
    },
    running: () => inFlight.size,
  };
}
