import type { HandedInProof } from '../../domain/api/operations';
import type { GeoPoint, Order, OrderStatus, Rider } from '../../domain/types';
import { createDurableJobs, type ClaimedJob } from '../cluster/durableJobs';
import type { Clock } from '../clock/clock';
import type { Db } from '../db/connect';
import type { OrderChangeRecorder } from '../orders/changeOutbox';
import { findOrder, listOrdersInStatuses, saveOrder } from '../orders/repository';
import { withStatus } from '../orders/transition';
import type { CourierPlatform } from './port';
import { riderSnapshot } from './rider';
import { FINAL_STATUSES, nextStep, planFor, scaledSeconds } from './timetable';

export interface SimulatedCourierOptions {
  db: Db;
  /** COURIER_SIM_SPEED: 1 = realistic minutes, 60 = minutes become seconds, 0 = moves only on /ops. */
  speed: number;
  /** The server clock: moves fall due by it, so moving it (tests) moves the fleet too. */
  clock: Clock;
  /** Collection point of an order (the vendor's coordinates, or the guest sender's). */
  originOf: (order: Order) => Promise<GeoPoint | null>;
  /** Country phone prefix for the rider's relay number, e.g. '+966'. */
  phonePrefixOf: (order: Order) => Promise<string>;
  /** Called after every stored change, with the rider filled in. */
  onChange: (order: Order) => void;
  /** Records each move in the order-change outbox, in the transaction that stores it. */
  recordChange?: OrderChangeRecorder;
  onError: (error: unknown) => void;
  /** Claim lease of a move (ms): how long a move claimed by a process that died waits for another. */
  leaseMs?: number;
}

/** The one pending move of an order, stored as a durable job so any server process may make it. */
interface PlannedMove {
  orderId: string;
  expected: OrderStatus;
  next: OrderStatus;
}

const MOVE_KIND = 'courier-move';
const moveKey = (orderId: string) => `courier:${orderId}`;

/** A pre-order is dispatched this long before its time (realistic seconds, not scaled). */
export const PREORDER_DISPATCH_LEAD_S = 20 * 60;

/** Statuses in which the courier platform has not yet received an order it may take. */
const NOT_YET_RECEIVED: readonly OrderStatus[] = ['NEW', 'PAYMENT_COMMITTED'];

/**
 * The courier platform receives a pre-order at once (RECEIVED, so SPEC.md §4 lets the vendor cancel
 * it) and holds it there until its dispatch time, when it starts looking for a rider.
 */
function isPreorderToReceive(order: Order): boolean {
  return order.preordered_for !== null && NOT_YET_RECEIVED.includes(order.status);
}

/**
 * A fleet that moves each order through SPEC.md §4's statuses on planFor()'s timetable. Each
 * unfinished order has one pending move in the durable job table (server/cluster/durableJobs.ts):
 * whichever server process is free makes it when it is due, and a process that dies leaves its
 * claimed moves to the others. Orders without a pending move (seeded, or older than the table) get
 * one on start.
 */
export function createSimulatedCourier(opts: SimulatedCourierOptions): CourierPlatform {
  const jobs = createDurableJobs({
    db: opts.db,
    handlers: { [MOVE_KIND]: (job) => makeMove(job) },
    nowMs: opts.clock.nowMs,
    ...(opts.leaseMs !== undefined ? { leaseMs: opts.leaseMs } : {}),
    onError: (error) => opts.onError(error),
  });
  let stopped = false;

  async function clearMove(orderId: string): Promise<void> {
    await jobs.cancel(moveKey(orderId));
  }

  async function withRider(order: Order): Promise<Order> {
    return { ...order, rider: await riderOf(order) };
  }

  async function riderOf(order: Order): Promise<Rider | null> {
    const [origin, prefix] = await Promise.all([opts.originOf(order), opts.phonePrefixOf(order)]);
    return riderSnapshot(order, origin, { nowUnix: opts.clock.nowS(), speed: opts.speed, phonePrefix: prefix });
  }

  /** The order's next move, or null when it is final, awaits payment, or the fleet is paused. */
  function plannedMove(order: Order): { move: PlannedMove; dueAtMs: number } | null {
    if (opts.speed <= 0) return null;
    const step = nextStep(planFor(order.order_id), order.status);
    if (!step) return null;
    const now = opts.clock.nowS();
    const enteredAt = order.status_history.at(-1)?.created_at ?? order.updated_at;
    const waitS = order.preordered_for !== null && step.status === 'RECEIVED' ? 0 : Math.max(0, scaledSeconds(step.afterSeconds, opts.speed) - (now - enteredAt));
    let dueAtMs = opts.clock.nowMs() + waitS * 1000;
    // A pre-order waits for its dispatch time before the fleet looks for a rider.
    if (order.preordered_for !== null && step.status === 'WAITING_FOR_TRANSPORT') dueAtMs = Math.max(dueAtMs, (order.preordered_for - PREORDER_DISPATCH_LEAD_S) * 1000);
    return { move: { orderId: order.order_id, expected: order.status, next: step.status }, dueAtMs };
  }

  /** Replaces the order's pending move with the one that follows its current status (or none). */
  async function schedule(order: Order): Promise<void> {
    const planned = plannedMove(order);
    if (!planned) {
      await clearMove(order.order_id);
      return;
    }
    await jobs.schedule(moveKey(order.order_id), MOVE_KIND, planned.dueAtMs, planned.move);
  }

  /** A move fell due: make it unless someone else (ops, cancel, another process) changed the order meanwhile. */
  async function makeMove(job: ClaimedJob): Promise<void> {
    const { orderId, expected, next } = job.payload as PlannedMove;
    const stored = await findOrder(opts.db, orderId);
    if (!stored || stored.order.status !== expected) return;
    await move(stored.order, next);
  }

  /** Null when the order changed under us (then whoever changed it scheduled what follows). */
  async function move(order: Order, status: OrderStatus, proof?: HandedInProof): Promise<Order | null> {
    const next = withStatus(order, status, opts.clock.nowS(), proof);
    // A cancellation the platform makes (an ops move) is the courier's, for Insights' "by who".
    const moved: Order = status === 'CANCELLED' ? { ...next, cancelled_by: 'courier' } : next;
    if (!(await saveOrder(opts.db, moved, order.status, opts.recordChange))) return null;
    await schedule(moved);
    const published = await withRider(moved);
    opts.onChange(published);
    return published;
  }

  return {
    async onOrderCreated(order) {
      // Even a paused fleet (speed 0) receives pre-orders: receiving is the platform's answer, not a move.
      if (isPreorderToReceive(order) && (await move(order, 'RECEIVED'))) return;
      await schedule(order);
    },
    async onOrderCancelled(order) {
      await clearMove(order.order_id);
    },
    async moveTo(orderId, status, proof) {
      const stored = await findOrder(opts.db, orderId);
      if (!stored) return null;
      await clearMove(orderId);
      // Ops moves win: retry on a concurrent change instead of giving up.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const current = attempt === 0 ? stored : await findOrder(opts.db, orderId);
        if (!current) return null;
        const moved = await move(current.order, status, proof);
        if (moved) return moved;
      }
      return null;
    },
    riderOf,
    async start() {
      stopped = false;
      if (opts.speed <= 0) return;
      // Every process does this on start; scheduleIfAbsent keeps the move another one already planned.
      const pending = new Set((await opts.db.selectFrom('scheduled_jobs').select('job_key').where('kind', '=', MOVE_KIND).execute()).map((row) => row.job_key));
      for (const order of await listOrdersInStatuses(opts.db, FINAL_STATUSES, true)) {
        const planned = pending.has(moveKey(order.order_id)) ? null : plannedMove(order);
        if (planned) await jobs.scheduleIfAbsent(moveKey(order.order_id), MOVE_KIND, planned.dueAtMs, planned.move);
      }
      if (!stopped) jobs.start();
    },
    async stop() {
      stopped = true;
      await jobs.stop();
    },
  };
}
