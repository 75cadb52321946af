// Runs recurring orders on the durable job queue (server/cluster/durableJobs.ts): one job per active
// schedule (`recurring:{scheduleId}`), due at its next run, claimed by whichever process is free.
// Each run is placed exactly once, across processes and restarts:
// - the transaction that places the run's order first moves the schedule's next run on, only if it
//   is still this run and the schedule still active (on PostgreSQL the second of two racing
//   processes waits on that row and then finds it moved; a pause in between wins);
// - in the same transaction it inserts the run row, keyed (schedule, planned instant): a run already
//   recorded (by a process that died before rescheduling, or an edit that landed on the same instant)
//   inserts nothing and places nothing;
// - the order's id is derived from the run, so even a second insert of the order itself would fail.
// A process that dies mid-run loses its uncommitted transaction; the job's lease runs out and
// another process runs it again.
import { nextRunAfter } from '../../domain/recurringSchedule';
import type { Order } from '../../domain/types';
import type { Clock } from '../clock/clock';
import { createDurableJobs, type ClaimedJob } from '../cluster/durableJobs';
import { insertOrder } from '../orders/repository';
import { presentOrder } from '../orders/present';
import type { OrdersSide } from '../orders/side';
import { recordAudit } from '../teams/audit';
import { sendRunNotices, type NoticeDeps } from './notices';
import { planRun, RUN_REASONS, type RunPlan } from './planRun';
import { ruleOf } from './schedules';
import type { RecurringSchedulesTable } from './tables';

const RUN_KIND = 'recurring-run';
const jobKey = (scheduleId: string) => `recurring:${scheduleId}`;
/** How often each process makes sure every active schedule has its job (one a crash left unplanned after its commit). */
const SWEEP_MS = 60_000;
/** A schedule far behind (a server down for weeks) is caught up at most this many runs per job. */
const RUNS_PER_JOB = 64;

export interface RecurringRunnerOptions extends Omit<NoticeDeps, 'db' | 'clock'> {
  side: OrdersSide;
  clock: Clock;
  leaseMs?: number;
  pollMs?: number;
  onError: (error: unknown) => void;
}

export interface RecurringRunner {
  /** After a create, edit, resume or pause: the schedule's job waits for its next run, or is gone. */
  plan(schedule: Pick<RecurringSchedulesTable, 'schedule_id' | 'status' | 'next_run_at'>): Promise<void>;
  /** Places the schedule's due runs in turn, then plans its next one: what the job does. */
  runDue(scheduleId: string): Promise<void>;
  /** runDue for every active schedule due now (a catch-up; tests drive a simulated clock with it). */
  runAllDue(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createRecurringRunner(options: RecurringRunnerOptions): RecurringRunner {
  const { side, clock } = options;
  const db = side.db;
  const jobs = createDurableJobs({
    db,
    handlers: { [RUN_KIND]: (job: ClaimedJob) => runDue((job.payload as { scheduleId: string }).scheduleId) },
    nowMs: clock.nowMs,
    ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    onError: (error) => options.onError(error),
  });
  const notices: NoticeDeps = { db, clock, mailer: options.mailer, catalogues: options.catalogues, publicUrl: options.publicUrl };

  async function plan(schedule: Pick<RecurringSchedulesTable, 'schedule_id' | 'status' | 'next_run_at'>): Promise<void> {
    if (schedule.status === 'active' && schedule.next_run_at !== null) {
      await jobs.schedule(jobKey(schedule.schedule_id), RUN_KIND, schedule.next_run_at * 1000, { scheduleId: schedule.schedule_id });
    } else {
      await jobs.cancel(jobKey(schedule.schedule_id));
    }
  }

  /** Stores the run's outcome (and its order) once; answers the order when this call placed it. */
  async function record(schedule: RecurringSchedulesTable, plannedAt: number, runPlan: RunPlan): Promise<Order | null> {
    const nowS = clock.nowS();
    const next = nextRunAfter(ruleOf(schedule), plannedAt);
    return db.transaction().execute(async (trx) => {
      const moved = await trx.updateTable('recurring_schedules').set({ next_run_at: next })
        .where('schedule_id', '=', schedule.schedule_id).where('next_run_at', '=', plannedAt).where('status', '=', 'active')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return null; // run by someone else, paused, edited or deleted meanwhile
      const order = runPlan.outcome === 'placed' ? runPlan.order : null;
      const claimed = await trx.insertInto('recurring_runs').values({
        schedule_id: schedule.schedule_id, planned_at: plannedAt, outcome: runPlan.outcome,
        reason: runPlan.outcome === 'placed' ? null : runPlan.reason, order_id: order?.order_id ?? null, ran_at: nowS, notified_at: null,
      }).onConflict((oc) => oc.columns(['schedule_id', 'planned_at']).doNothing()).executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows) === 0 || order === null) return null;
      await insertOrder(trx, order, null, side.recordChange);
      await recordAudit(trx, { kind: 'user', userId: schedule.created_by_account_id, email: schedule.created_by_email, vendorIds: [], roles: {} },
        [{ vendorId: schedule.vendor_id, action: 'order.placed', subject: order.order_id, detail: { recurring: schedule.schedule_id } }], nowS);
      return order;
    });
  }

  async function planSafely(schedule: RecurringSchedulesTable, plannedAt: number): Promise<RunPlan> {
    try {
      return await planRun(side, schedule, plannedAt, clock.nowS());
    } catch (error) {
      // Not an order rule (a store hiccup): the run is refused rather than retried forever; the log says why.
      options.onError(error);
      return { outcome: 'refused', reason: RUN_REASONS.failed };
    }
  }

  async function runDue(scheduleId: string): Promise<void> {
    for (let run = 0; run < RUNS_PER_JOB; run++) {
      const schedule = await db.selectFrom('recurring_schedules').selectAll().where('schedule_id', '=', scheduleId).executeTakeFirst();
      if (!schedule || schedule.status !== 'active' || schedule.next_run_at === null || schedule.next_run_at > clock.nowS()) break;
      const plannedAt = schedule.next_run_at;
      const order = await record(schedule, plannedAt, await planSafely(schedule, plannedAt));
      if (order) {
        // After the commit, as POST /order: live subscribers first, then the courier.
        side.publish(await presentOrder(side, order));
        await side.courier.onOrderCreated(order);
      }
    }
    await sendRunNotices(notices, scheduleId);
    // The job now waits for the next run (at once when more are due than one job catches up), or is gone.
    const left = await db.selectFrom('recurring_schedules').select(['schedule_id', 'status', 'next_run_at']).where('schedule_id', '=', scheduleId).executeTakeFirst();
    await plan(left ?? { schedule_id: scheduleId, status: 'paused', next_run_at: null });
  }

  async function activeSchedules(dueBy?: number) {
    let query = db.selectFrom('recurring_schedules').select(['schedule_id', 'status', 'next_run_at'])
      .where('status', '=', 'active').where('next_run_at', 'is not', null);
    if (dueBy !== undefined) query = query.where('next_run_at', '<=', dueBy);
    return query.execute();
  }

  /** Every active schedule has a job: one left unplanned (a process died between a route's commit and its plan) gets it back. */
  async function planMissing(): Promise<void> {
    for (const schedule of await activeSchedules()) {
      await jobs.scheduleIfAbsent(jobKey(schedule.schedule_id), RUN_KIND, (schedule.next_run_at ?? 0) * 1000, { scheduleId: schedule.schedule_id });
    }
  }
  let sweeper: NodeJS.Timeout | null = null;

  return {
    plan,
    runDue,
    async runAllDue() {
      for (const { schedule_id: id } of await activeSchedules(clock.nowS())) await runDue(id);
    },
    async start() {
      await planMissing();
      jobs.start();
      if (sweeper) clearInterval(sweeper);
      sweeper = setInterval(() => { planMissing().catch(options.onError); }, SWEEP_MS);
      sweeper.unref();
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      await jobs.stop();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Recurring orders' runner (server/recurring/plugin.ts installs it). */
    recurring: RecurringRunner;
  }
}
