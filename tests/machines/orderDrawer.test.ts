import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Order } from '../../domain/types';
import { orderDrawerMachine, type OrderDrawerInput } from '../../machines';
import { withIgnoredStep } from './ignoredSteps';
import type { EffectOracle } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type ModelPath, type PathModel } from './walkPaths';

// Every path of the tracking page's order drawer: an order of the lists opens from them, any other
// order of the vendor (a recurring run of an earlier day) is fetched by id; a missing or foreign
// order (the server answers 403 'error.forbidden' for both) reads as "not found", anything else as
// a failure, both with retry. Started once from a link's order_id and once with none.
const vendorId = 'v-1';
const today = 'v-1-today';
const older = 'v-1-older';
const olderOrder = { order_id: older, vendor_id: vendorId, status: 'NEW' } as unknown as Order;
const cancelledOlder = { ...olderOrder, status: 'CANCELLED' } as Order;

const events = [
  { type: 'order.selected', orderId: today },
  { type: 'order.selected', orderId: older },
  { type: 'lists.loaded', orderIds: [today] },
  { type: 'lists.loaded', orderIds: [today, older] },
  { type: 'drawer.closed' },
  { type: 'retry' },
  { type: 'vendor.changed', vendorId: 'v-2' },
  { type: 'order.changed', order: cancelledOlder },
  { type: 'order.changed', order: { ...cancelledOlder, order_id: today } },
  { type: 'xstate.done.actor.fetchOrder', output: olderOrder },
  { type: 'xstate.error.actor.fetchOrder', error: new Error('error.forbidden') },
  // No API error (the network went away): a failure, not "not found".
  { type: 'xstate.error.actor.fetchOrder', error: 'offline' },
];

/** The fetch is the drawer's only effect: it happens on each entry into `fetching`, for the
 * selected order of this vendor, and never for an order the lists hold. */
const oracles: EffectOracle[] = [
  {
    rule: 'an order outside the lists is fetched by id, once per attempt; a listed order never',
    path: (steps) => {
      const expected: unknown[] = [];
      for (const { before, after } of steps) {
        if (after.matches('fetching') && !before?.matches('fetching')) expected.push({ vendorId: after.context.vendorId, orderId: after.context.orderId });
        if (after.matches('listed')) expect(after.context.listedIds).toContain(after.context.orderId);
      }
      expect(steps.at(-1)?.replay.started.fetchOrder ?? []).toEqual(expected);
    },
  },
  {
    rule: 'a failed lookup shows no order data; a closed drawer shows nothing; a fetched order follows its changes',
    step: (view) => {
      const { before, after } = view;
      if (after.matches('failed')) expect(after.context.fetched).toBeNull();
      if (after.matches('closed')) expect([after.context.orderId, after.context.fetched, after.context.failure]).toEqual([null, null, null]);
      // A listed order shows the lists' copy (with their live updates): only a fetched drawer holds one of its own.
      if (!after.matches('fetched')) expect(after.context.fetched).toBeNull();
      // The fetched order is the one asked for, kept as it changes; another order's change leaves it.
      if (after.matches('fetched')) expect(after.context.fetched?.order_id).toBe(older);
      if (before?.matches('fetched') && after.matches('fetched')) {
        const changed = view.event.type === 'order.changed' && (view.event as unknown as { order: Order }).order.order_id === older;
        expect(after.context.fetched).toBe(changed ? cancelledOlder : before.context.fetched);
      }
    },
  },
];

const modelFrom = (input: OrderDrawerInput): PathModel => ({
  machine: orderDrawerMachine,
  input,
  strategy: 'shortest',
  events,
  oracles,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.vendorId, snapshot.context.orderId, snapshot.context.listedIds, snapshot.context.failure, snapshot.context.fetched?.status ?? null]),
});

/** The API's answers for an order that is missing or foreign (the client raises an Error whose
 * message is the API's key): 403 'error.forbidden', 404 'error.not-found', the ops move's
 * 'error.order-not-found'. Any other failure is a failure, not "not found". */
const NOT_FOUND_KEYS = ['error.forbidden', 'error.not-found', 'error.order-not-found'];
const isNotFound = (error: unknown) => error instanceof Error && NOT_FOUND_KEYS.includes(error.message);

/** One failure of the fetch, then a retry. Among the main model's samples each of these ends where
 * 'error.forbidden' or the offline failure does, so the traversal would walk only those: a small
 * model per failure (the other not-found keys, and a server error raised as an Error with its key). */
const oneFailureModel = (error: unknown): PathModel => ({
  ...modelFrom({ vendorId, orderId: older }),
  events: [{ type: 'lists.loaded', orderIds: [today] }, { type: 'xstate.error.actor.fetchOrder', error }, { type: 'retry' }],
});

/** A change of an order the drawer did not fetch (a live update of a listed order, or of the
 * fetched one once the drawer moved on) changes nothing: the guard refuses it, so the traversal
 * never sends it; it is appended to every path, and the replay and the oracles see the drawer keep
 * its state and no fetched copy appear. */
const otherOrderChanged = (end: AnyMachineSnapshot): ModelEvent => ({
  type: 'order.changed',
  order: end.matches('fetched') ? { ...cancelledOlder, order_id: today } : cancelledOlder,
});

const models = [
  modelFrom({ vendorId, orderId: older }),
  modelFrom({ vendorId, orderId: null }),
  oneFailureModel(new Error('error.not-found')),
  oneFailureModel(new Error('error.order-not-found')),
  oneFailureModel(new Error('InternalErrorException')),
];
const walks: { model: PathModel; path: ModelPath }[] = models.flatMap((model) => {
  const generated = generatePaths(model);
  return [...generated, ...withIgnoredStep(generated, otherOrderChanged)].map((path) => ({ model, path }));
});

describe('orderDrawer: every path', () => {
  for (const [index, { model, path }] of walks.entries()) {
    it(`${index}: ${describePath(path)}`, async () => {
      await replayPath(model, path, (snapshot, _replay, step) => {
        if (step.event.type === 'xstate.error.actor.fetchOrder') {
          const { error } = step.event as { error?: unknown };
          expect(snapshot.context.failure).toBe(isNotFound(error) ? 'notFound' : 'failed');
        }
      });
    });
  }

  it('covers every transition', () => checkPathCount('orderDrawer', walks.map(({ path }) => path)));
});
