import { describe, expect, it } from 'vitest';
import { destinationCheckMachine, type DestinationCheckOutput, type FeeRequest } from '../../machines';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

// SPEC.md §4 "Request flow": the drop-off is validated, then priced, then the item-value limit read;
// the request flow goes on with the output (requestRider.test.ts walks what it does with each).

const request: FeeRequest = { vendorId: 'vendor-1', source: { latitude: 24.7, longitude: 46.6 }, destination: { latitude: 24.71, longitude: 46.67 } };
const fee = { fee: 15, signature: 'sig-1', expires_at: 0 };

const model: PathModel = {
  machine: destinationCheckMachine,
  input: request,
  strategy: 'simple',
  events: [
    { type: 'xstate.done.actor.validateDestination', output: { deliverable: true } },
    { type: 'xstate.done.actor.validateDestination', output: { deliverable: false } },
    { type: 'xstate.error.actor.validateDestination', error: new Error('500') },
    { type: 'xstate.done.actor.computeFee', output: fee },
    { type: 'xstate.error.actor.computeFee', error: new Error('500') },
    { type: 'xstate.done.actor.fetchOrderItemValueLimit', output: 100 },
    { type: 'xstate.error.actor.fetchOrderItemValueLimit', error: new Error('500') },
  ],
};

const paths = generatePaths(model);
const outcomeAfter = (eventTypes: string[]): DestinationCheckOutput['outcome'] => {
  if (eventTypes.includes('xstate.error.actor.validateDestination')) return 'unverified';
  if (!eventTypes.includes('xstate.done.actor.computeFee') && !eventTypes.includes('xstate.error.actor.computeFee')) return 'undeliverable';
  return eventTypes.includes('xstate.error.actor.computeFee') ? 'unpriced' : 'priced';
};

describe('destinationCheck: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      const seen: string[] = [];
      await replayPath(model, path, (snapshot, replay, step) => {
        seen.push(step.event.type);
        // Every request is about the drop-off being checked, and the limit about its vendor.
        for (const id of ['validateDestination', 'computeFee']) for (const sent of replay.started[id] ?? []) expect(sent).toEqual(request);
        for (const sent of replay.started.fetchOrderItemValueLimit ?? []) expect(sent).toEqual({ vendorId: 'vendor-1' });
        if (snapshot.status !== 'done') return;
        const output = snapshot.output as DestinationCheckOutput;
        expect(output.outcome).toBe(outcomeAfter(seen));
        if (output.outcome === 'priced') {
          expect(output.fee).toEqual(fee);
          // An unreadable limit is null: the flow keeps the one it had.
          expect(output.itemValueLimit).toBe(seen.includes('xstate.done.actor.fetchOrderItemValueLimit') ? 100 : null);
        }
        // An undeliverable drop-off is never priced.
        if (output.outcome === 'undeliverable') expect(replay.started.computeFee).toBeUndefined();
      });
    });
  }
});

describe('destinationCheck: spec', () => {
  it('walks at least the committed number of paths', () => checkPathCount('destinationCheck', paths as ModelPath[]));
});
