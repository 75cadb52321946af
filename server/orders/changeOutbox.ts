// The transactional outbox of order changes. Whatever stores an order change also records it, in the
// same transaction (`record`), in `order_outbox`; so the change and "tell the listeners" commit or
// roll back together. One durable job (server/cluster/durableJobs.ts) relays the recorded changes to
// the listeners (webhook events, recipient messages), oldest first and each order's in its own
// order, then deletes them. Only one process relays at a time (the job's lease); one that dies
// mid-way leaves the rest to the next one, so a listener may hear a change twice (both deduplicate:
// webhook deliveries by event id, recipient messages by their message key), never not at all.
import type { Order } from '../../domain/types';
import type { Clock } from '../clock/clock';
import { createDurableJobs } from '../cluster/durableJobs';
import type { Db } from '../db/connect';
import { preparedQuery, type Placeholder } from '../db/preparedQuery';

/** Records a stored change inside the transaction (`trx`) that stored it. */
export type OrderChangeRecorder = (trx: Db, order: Order) => Promise<void>;
/**
 * Hears a committed change once it is relayed (at least once): the order as stored, and the order as
 * the API answers it (with its rider now), computed on the first ask only, since most changes of most
 * vendors need no more than the stored order.
 */
export type OrderChangeListener = (order: Order, presented: () => Promise<Order>) => Promise<void>;

const RELAY_KIND = 'order-outbox-relay';
const RELAY_KEY = 'order-outbox';
/** Changes read per round, and orders relayed side by side in a round (each order's in turn). */
const BATCH = 64;
const ORDERS_AT_ONCE = 8;
/** How often each process looks for recorded changes nobody announced (a process died after its commit). */
const SWEEP_MS = 1_000;

export interface OrderChangeOutboxOptions {
  db: Db;
  clock: Clock;
  /** Turns a stored order into what the listeners hear (the order as the API answers it). */
  present: (order: Order) => Promise<Order>;
  listeners: readonly OrderChangeListener[];
  leaseMs?: number;
  onError: (error: unknown) => void;
}

export interface OrderChangeOutbox {
  record: OrderChangeRecorder;
  /** After the commit: relay soon (the sweep relays anyway, this only spares the wait). */
  announce(): void;
  start(): void;
  stop(): Promise<void>;
}

/** The change's position: an edit keeps the history's length, so it is recorded (and relayed) once. */
const seqOf = (order: Order): number => order.status_history.length;

// Every stored change records one and relays one: compiled once (db/preparedQuery.ts).
const insertChange = preparedQuery((db, value: Placeholder<{ order_id: string; seq: number; recorded_at: number; document: string }>) =>
  db.insertInto('order_outbox')
    .values({ order_id: value('order_id'), seq: value('seq'), recorded_at: value('recorded_at'), document: value('document') })
    .onConflict((oc) => oc.columns(['order_id', 'seq']).doNothing()));
const deleteRelayedChange = preparedQuery((db, value: Placeholder<{ orderId: string; seq: number }>) =>
  db.deleteFrom('order_outbox').where('order_id', '=', value('orderId')).where('seq', '=', value('seq')));

/** What `record` does, usable without a running outbox (a change stored by a process that then dies). */
export const recordOrderChange = (nowMs: () => number): OrderChangeRecorder => async (trx, order) => {
  const { rider: _rider, tracking_token: _token, ...stored } = order;
  await insertChange(trx, { order_id: order.order_id, seq: seqOf(order), recorded_at: Math.round(nowMs()), document: JSON.stringify(stored) });
};

export function createOrderChangeOutbox(options: OrderChangeOutboxOptions): OrderChangeOutbox {
  const { db, clock } = options;
  const jobs = createDurableJobs({
    db,
    handlers: { [RELAY_KIND]: () => relay() },
    nowMs: clock.nowMs,
    concurrency: 1,
    ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
    onError: (error) => options.onError(error),
  });
  let sweeper: NodeJS.Timeout | null = null;

  const wake = () => jobs.scheduleIfAbsent(RELAY_KEY, RELAY_KIND, clock.nowMs(), null);
  // A burst of changes (a bulk batch announces hundreds) wakes the relay with one query, not one each.
  let waking = false;
  let wakeAgain = false;
  function announce(): void {
    if (waking) {
      wakeAgain = true;
      return;
    }
    waking = true;
    wake().catch(options.onError).finally(() => {
      waking = false;
      if (wakeAgain) {
        wakeAgain = false;
        announce();
      }
    });
  }

  /** One order's recorded changes, in turn; false when a listener failed (the rest wait for the next round). */
  async function relayOrder(rows: readonly { order_id: string; seq: number; document: string }[]): Promise<boolean> {
    for (const row of rows) {
      try {
        const order = JSON.parse(row.document) as Order;
        let presenting: Promise<Order> | null = null;
        const presented = () => (presenting ??= options.present(order));
        for (const listener of options.listeners) await listener(order, presented);
      } catch (error) {
        options.onError(error);
        return false;
      }
      await deleteRelayedChange(db, { orderId: row.order_id, seq: row.seq });
    }
    return true;
  }

  /** The job: relays until nothing is left but the changes of orders whose listener failed this time. */
  async function relay(): Promise<void> {
    const held = new Set<string>();
    for (;;) {
      let query = db.selectFrom('order_outbox').select(['order_id', 'seq', 'document'])
        .orderBy('recorded_at').orderBy('order_id').orderBy('seq').limit(BATCH);
      if (held.size > 0) query = query.where('order_id', 'not in', [...held]);
      const rows = await query.execute();
      if (rows.length === 0) return;
      const byOrder = new Map<string, typeof rows>();
      for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
      const orders = [...byOrder.values()];
      for (let i = 0; i < orders.length; i += ORDERS_AT_ONCE) {
        const outcomes = await Promise.all(orders.slice(i, i + ORDERS_AT_ONCE).map((changes) => relayOrder(changes)));
        outcomes.forEach((relayed, j) => { if (!relayed) held.add(orders[i + j]?.[0]?.order_id ?? ''); });
      }
    }
  }

  async function sweep(): Promise<void> {
    const waiting = await db.selectFrom('order_outbox').select('order_id').limit(1).executeTakeFirst();
    if (waiting) await wake();
  }

  return {
    record: recordOrderChange(clock.nowMs),
    announce,
    start() {
      jobs.start();
      sweeper = setInterval(() => { sweep().catch(options.onError); }, SWEEP_MS);
      sweeper.unref();
      sweep().catch(options.onError);
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      await jobs.stop();
    },
  };
}
