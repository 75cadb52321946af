import type { GeoPoint, Order, OrderStatus, Rider } from '../../domain/types';
import type { Db } from '../db/connect';
import { findOrder, listOrdersInStatuses, saveOrder } from '../orders/repository';
import { withStatus } from '../orders/transition';
import type { CourierPlatform } from './port';
import { riderSnapshot } from './rider';
import { FINAL_STATUSES, nextStep, planFor, scaledSeconds } from './timetable';

export interface SimulatedCourierOptions {
  db: Db;
  /** COURIER_SIM_SPEED: 1 = realistic minutes, 60 = minutes become seconds, 0 = moves only on /ops. */
  speed: number;
  /** Unix seconds. */
  now: () => number;
  /** Collection point of an order (the vendor's coordinates, or the guest sender's). */
  originOf: (order: Order) => Promise<GeoPoint | null>;
  /** Country phone prefix for the rider's relay number, e.g. '+966'. */
  phonePrefixOf: (order: Order) => Promise<string>;
  /** Called after every stored change, with the rider filled in. */
  onChange: (order: Order) => void;
  onError: (error: unknown) => void;
}

/** A pre-order is dispatched this long before its time (realistic seconds, not scaled). */
const PREORDER_DISPATCH_LEAD_S = 20 * 60;

/**
 * A fleet that moves each order through SPEC.md §4's statuses on planFor()'s timetable. Nothing but
 * the order rows is stored: one timer per unfinished order, rebuilt from the status rows on start.
 */
export function createSimulatedCourier(opts: SimulatedCourierOptions): CourierPlatform {
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  function clearTimer(orderId: string): void {
    const timer = timers.get(orderId);
    if (timer) clearTimeout(timer);
    timers.delete(orderId);
  }

  async function withRider(order: Order): Promise<Order> {
    return { ...order, rider: await riderOf(order) };
  }

  async function riderOf(order: Order): Promise<Rider | null> {
    const [origin, prefix] = await Promise.all([opts.originOf(order), opts.phonePrefixOf(order)]);
    return riderSnapshot(order, origin, { nowUnix: opts.now(), speed: opts.speed, phonePrefix: prefix });
  }

  function schedule(order: Order): void {
    clearTimer(order.order_id);
    if (stopped || opts.speed <= 0) return;
    const step = nextStep(planFor(order.order_id), order.status);
    if (!step) return;
    const now = opts.now();
    const enteredAt = order.status_history.at(-1)?.created_at ?? order.updated_at;
    let waitS = Math.max(0, scaledSeconds(step.afterSeconds, opts.speed) - (now - enteredAt));
    if (order.status === 'NEW' && order.preordered_for !== null) {
      waitS = Math.max(waitS, order.preordered_for - PREORDER_DISPATCH_LEAD_S - now);
    }
    const expectedStatus = order.status;
    const timer = setTimeout(() => {
      timers.delete(order.order_id);
      void advance(order.order_id, expectedStatus, step.status).catch(opts.onError);
    }, Math.round(waitS * 1000));
    timer.unref();
    timers.set(order.order_id, timer);
  }

  /** A timer fired: move on unless someone else (ops, cancel) changed the order meanwhile. */
  async function advance(orderId: string, expected: OrderStatus, next: OrderStatus): Promise<void> {
    if (stopped) return;
    const stored = await findOrder(opts.db, orderId);
    if (!stored || stored.order.status !== expected) return;
    await move(stored.order, next);
  }

  /** Null when the order changed under us (then whoever changed it scheduled what follows). */
  async function move(order: Order, status: OrderStatus): Promise<Order | null> {
    const moved = withStatus(order, status, opts.now());
    if (!(await saveOrder(opts.db, moved, order.status))) return null;
    schedule(moved);
    const published = await withRider(moved);
    opts.onChange(published);
    return published;
  }

  return {
    async onOrderCreated(order) {
      schedule(order);
    },
    async onOrderCancelled(order) {
      clearTimer(order.order_id);
    },
    async moveTo(orderId, status) {
      const stored = await findOrder(opts.db, orderId);
      if (!stored) return null;
      clearTimer(orderId);
      // Ops moves win: retry on a concurrent change instead of giving up.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const current = attempt === 0 ? stored : await findOrder(opts.db, orderId);
        if (!current) return null;
        const moved = await move(current.order, status);
        if (moved) return moved;
      }
      return null;
    },
    riderOf,
    async start() {
      stopped = false;
      if (opts.speed <= 0) return;
      const unfinished = await listOrdersInStatuses(opts.db, FINAL_STATUSES, true);
      for (const order of unfinished) schedule(order);
    },
    async stop() {
      stopped = true;
      for (const orderId of [...timers.keys()]) clearTimer(orderId);
    },
  };
}
