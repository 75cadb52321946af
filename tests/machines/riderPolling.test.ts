import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { riderPollingMachine } from '../../machines';
import type { Rider } from '../../domain';
import { anOrder, NOW } from './builders';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

const rider: Rider = { name: 'Omar', phone: '+966511111111', latitude: 24.7, longitude: 46.6, eta_to_vendor_min: 4, eta_to_customer_min: null, updated_at: NOW };

const model: PathModel = {
  machine: riderPollingMachine,
  strategy: 'simple',
  events: [
    { type: 'orders.observed', orders: [anOrder('PICKED_UP')] },
    { type: 'orders.observed', orders: [anOrder('NEW')] },
    { type: 'xstate.done.actor.fetchRider', output: rider },
    { type: 'xstate.error.actor.fetchRider', error: new Error('offline') },
    { type: 'xstate.after.pollInterval.riderPolling.waiting' },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.queue, snapshot.context.round]),
};

// Two riders to poll: the round fetches the second after the first (a second model, as the two-order
// sample among the others makes the simple paths explode).
const twoRiders: PathModel = {
  ...model,
  events: [
    { type: 'orders.observed', orders: [anOrder('PICKED_UP'), anOrder('PICKED_UP', { order_id: 'order-2' })] },
    { type: 'xstate.done.actor.fetchRider', output: rider },
    { type: 'xstate.after.pollInterval.riderPolling.waiting' },
  ],
};

const models = [model, twoRiders];
const paths = models.flatMap((each) => generatePaths(each).map((path) => ({ model: each, path })));

describe('riderPolling: every path', () => {
  for (const { model, path } of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay) => {
        // While fetching, the rider asked for is the head of the round.
        if (snapshot.matches('fetching')) {
          const inputs = replay.started.fetchRider ?? [];
          expect(inputs.at(-1)).toEqual({ orderId: snapshot.context.round[0] });
        }
        // Orders whose status does not call for polling never enter the queue.
        expect(snapshot.context.queue).not.toContain('order-new');
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('riderPolling', paths.map(({ path }) => path)));
});

describe('riderPolling: spec', () => {
  it('polls every 2 s while the queue is non-empty and stops when it empties', async () => {
    const clock = new SimulatedClock();
    const fetched: string[] = [];
    const actor = createActor(
      riderPollingMachine.provide({ actors: { fetchRider: fromPromise(async ({ input }) => (fetched.push(input.orderId), rider)) } }),
      { clock },
    ).start();
    actor.send({ type: 'orders.observed', orders: [anOrder('PICKED_UP'), anOrder('DELAYED')] });
    await new Promise((resolve) => setImmediate(resolve));
    expect(fetched).toEqual(['order-picked_up', 'order-delayed']);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(1999);
    expect(fetched).toHaveLength(2);
    clock.increment(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(fetched).toHaveLength(4);
    actor.send({ type: 'orders.observed', orders: [anOrder('DELIVERED')] });
    clock.increment(2000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.riders['order-delayed']).toEqual(rider);
  });
});
