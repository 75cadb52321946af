// The durable job table (server/cluster/durableJobs.ts) on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL is set: each job runs once, a dead process's claim is taken over when its lease
// runs out, a live claim is not, a failure is retried, and two runners never run one job twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDurableJobs, type ClaimedJob, type DurableJobs } from '../../server/cluster/durableJobs';
import { createDurablePlacementQueue } from '../../server/cluster/durablePlacementQueue';
import { createDb, type Db } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrations';
import { createScratchDatabase, testDatabaseUrl, type ScratchDatabase } from './pg-database';

const adminUrl = testDatabaseUrl();
const stores = adminUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
if (!adminUrl) console.warn('cluster-jobs.test.ts: PostgreSQL cases skipped; set TEST_DATABASE_URL to run them.');

describe.each(stores)('durable jobs on %s', (store) => {
  let dir: string;
  let scratch: ScratchDatabase | null = null;
  let db: Db;
  const runners: DurableJobs[] = [];
  const errors: unknown[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobs-test-'));
    scratch = store === 'postgres' ? await createScratchDatabase(adminUrl ?? '') : null;
    db = createDb({ dataDir: dir, databaseUrl: scratch?.url ?? null });
    await migrateToLatest(db);
    errors.length = 0;
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await db.destroy();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  function runner(handler: (job: ClaimedJob) => Promise<void>, options: { leaseMs?: number; database?: Db; nowMs?: () => number } = {}): DurableJobs {
    const jobs = createDurableJobs({
      db: options.database ?? db,
      handlers: { test: handler },
      leaseMs: options.leaseMs ?? 1_000,
      nowMs: options.nowMs,
      pollMs: 50,
      retryBackoffMs: 50,
      onError: (error) => errors.push(error),
    });
    runners.push(jobs);
    return jobs;
  }

  const rowOf = (key: string) => db.selectFrom('scheduled_jobs').selectAll().where('job_key', '=', key).executeTakeFirst();

  it('runs a due job once with its payload and removes it; a later one waits for its time', async () => {
    const seen: ClaimedJob[] = [];
    const jobs = runner(async (job) => { seen.push(job); });
    jobs.start();
    await jobs.schedule('now', 'test', Date.now(), { n: 1 });
    await jobs.schedule('later', 'test', Date.now() + 60_000, { n: 2 });
    await vi.waitFor(() => expect(seen.map((job) => job.key)).toEqual(['now']));
    expect(seen[0]).toMatchObject({ payload: { n: 1 }, attempts: 1 });
    await vi.waitFor(async () => expect(await rowOf('now')).toBeUndefined());
    // A job due after 'now' was done: once it has run, the loop has claimed again without 'now' or 'later'.
    await jobs.schedule('marker', 'test', Date.now(), null);
    await vi.waitFor(() => expect(seen.map((job) => job.key)).toEqual(['now', 'marker']));
    expect(await jobs.exists('later')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('takes over a job whose claim has expired (its process died) but not one still claimed', async () => {
    const now = Date.now();
    await db.insertInto('scheduled_jobs').values([
      { job_key: 'orphan', kind: 'test', due_at: now - 5_000, payload: '{}', lease_owner: 'dead-process', lease_until: now - 1, attempts: 1 },
      { job_key: 'busy', kind: 'test', due_at: now - 5_000, payload: '{}', lease_owner: 'live-process', lease_until: now + 60_000, attempts: 1 },
    ]).execute();
    const seen: ClaimedJob[] = [];
    const jobs = runner(async (job) => { seen.push(job); });
    jobs.start();
    await vi.waitFor(() => expect(seen.map((job) => job.key)).toEqual(['orphan']));
    expect(seen[0]?.attempts).toBe(2);
    // Claims go by due time: a marker due now is claimed after 'busy' would have been, had it been free.
    await jobs.schedule('marker', 'test', Date.now(), null);
    await vi.waitFor(() => expect(seen.map((job) => job.key)).toEqual(['orphan', 'marker']));
  });

  it('retries a failed job later and keeps a job its handler scheduled again', async () => {
    let calls = 0;
    const jobs = runner(async (job) => {
      calls += 1;
      if (calls === 1) throw new Error('first attempt fails');
      // A courier move plans the next one under the same key.
      if (job.payload === 'first') await jobs.schedule(job.key, 'test', Date.now() + 60_000, 'second');
    });
    jobs.start();
    await jobs.schedule('k', 'test', Date.now(), 'first');
    await vi.waitFor(() => expect(calls).toBe(2));
    expect(errors).toHaveLength(1);
    await vi.waitFor(async () => expect((await rowOf('k'))?.payload).toBe('"second"'));
    expect((await rowOf('k'))?.lease_owner).toBeNull();
  });

  it('renews the claim while a long job runs, so nobody else starts it', async () => {
    let release = () => {};
    const started: string[] = [];
    // One clock for both runners, moved on by the test rather than waited for (renewals still run on
    // the real timer, every third of a lease).
    const leaseMs = 150;
    let now = Date.now();
    const clock = () => now;
    const first = runner(async () => {
      started.push('first');
      await new Promise<void>((resolve) => { release = resolve; });
    }, { leaseMs, nowMs: clock });
    const second = runner(async () => { started.push('second'); }, { leaseMs, nowMs: clock });
    first.start();
    await first.schedule('long', 'test', now, null);
    await vi.waitFor(() => expect(started).toEqual(['first']));
    second.start();
    // Over three leases pass in steps shorter than one; after each step the running job's claim is
    // renewed from the new time, while the second runner polls (every 50 ms) and must find it claimed.
    for (let step = 0; step < 5; step += 1) {
      now += 100;
      await vi.waitFor(async () => expect(Number((await rowOf('long'))?.lease_until)).toBe(now + leaseMs), { interval: 10, timeout: 5_000 });
    }
    expect(started).toEqual(['first']);
    release();
    await vi.waitFor(async () => expect(await rowOf('long')).toBeUndefined());
  });

  it('bulk placement: enqueue waits for whoever places the job, and a stop mid-job hands the rest over', async () => {
    // A fake job of 20 rows placed one at a time; `queued` is the bulk_jobs.placement of the real thing.
    const remaining = new Map<string, number>([['job-1', 20]]);
    const placedBy: string[] = [];
    // The first process pauses after its fourth row until the test has asked it to stop.
    let goOn = () => {};
    const stopAsked = new Promise<void>((resolve) => { goOn = resolve; });
    const queue = (name: string) => createDurablePlacementQueue({
      db,
      placeJob: async (jobId, shouldStop) => {
        while ((remaining.get(jobId) ?? 0) > 0) {
          if (shouldStop()) return;
          remaining.set(jobId, (remaining.get(jobId) ?? 0) - 1);
          placedBy.push(name);
          if (name === 'first' && placedBy.length === 4) await stopAsked;
          else await nextTurn();
        }
      },
      queuedJobIds: async () => [...remaining].filter(([, rows]) => rows > 0).map(([jobId]) => jobId),
      isQueued: async (jobId) => (remaining.get(jobId) ?? 0) > 0,
      leaseMs: 500,
      onError: (error) => errors.push(error),
    });
    const first = queue('first');
    await first.start();
    const waiting = first.enqueue('job-1');
    await vi.waitFor(() => expect(placedBy).toHaveLength(4));
    const stopping = first.stop();
    goOn();
    await stopping;
    await waiting;
    // It finished the row in hand and placed no more.
    const stoppedAt = placedBy.length;
    expect(stoppedAt).toBe(4);
    // The rest is back in the table, due now, for the next process.
    expect((await rowOf('bulk:job-1'))?.lease_owner).toBeNull();
    const second = queue('second');
    await second.start();
    await second.enqueue('job-1');
    expect(remaining.get('job-1')).toBe(0);
    expect(placedBy.slice(stoppedAt).every((name) => name === 'second')).toBe(true);
    await vi.waitFor(async () => expect(await rowOf('bulk:job-1')).toBeUndefined());
    await second.stop();
    expect(errors).toEqual([]);
  });

  it.runIf(store === 'postgres')('runs each of many jobs exactly once across two runners with their own connections', async () => {
    const otherDb = createDb({ dataDir: dir, databaseUrl: scratch?.url ?? null });
    try {
      const runs = new Map<string, number>();
      const count = async (job: ClaimedJob) => {
        runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
        await nextTurn();
      };
      const one = runner(count);
      const two = runner(count, { database: otherDb });
      const due = Date.now();
      for (let i = 0; i < 60; i += 1) await one.schedule(`job-${i}`, 'test', due, i);
      one.start();
      two.start();
      await vi.waitFor(() => expect(runs.size).toBe(60), { timeout: 10_000 });
      // Every row deleted and nothing running: no job can be claimed (and run) again.
      await vi.waitFor(async () => {
        expect(await db.selectFrom('scheduled_jobs').select('job_key').execute()).toEqual([]);
        expect(one.running() + two.running()).toBe(0);
      });
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      await one.stop();
      await two.stop();
    } finally {
      await otherDb.destroy();
    }
  });
});
