import { describe, expect, it } from 'vitest';
import type { TrackingView } from '../../adapters/ports';
import { publicTrackingMachine } from '../../machines';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

// Every path of the public (recipient / guest) tracking page: load, refresh every 5 s until the order
// has ended, keep trying after a failure, stop for good on a refused link (403 'error.forbidden').
const onTheWay = { status: 'PICKED_UP' } as unknown as TrackingView;
const delivered = { status: 'DELIVERED' } as unknown as TrackingView;
const input = { orderId: 'order-1', token: 'link-token' };

const model: PathModel = {
  machine: publicTrackingMachine,
  input,
  strategy: 'simple',
  events: [
    { type: 'xstate.done.actor.loadTracking', output: onTheWay },
    { type: 'xstate.done.actor.loadTracking', output: delivered },
    { type: 'xstate.error.actor.loadTracking', error: new Error('error.forbidden') },
    { type: 'xstate.error.actor.loadTracking', error: new Error('error.not-found') },
    // A failure that is no API error (the network went away) reads as offline (SPEC §7).
    { type: 'xstate.error.actor.loadTracking', error: 'offline' },
    { type: 'xstate.after.refresh.publicTracking.showing' },
    { type: 'xstate.after.refresh.publicTracking.failed' },
    { type: 'retry' },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.view?.status ?? null, snapshot.context.errorKey]),
};

const paths = generatePaths(model);

describe('publicTracking: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        // Every load asks for this order with the link's token.
        if (snapshot.matches('loading')) expect(replay.started.loadTracking?.at(-1)).toEqual(input);
        // A delivered order stops refreshing; a refused link is never asked again.
        if (snapshot.matches('ended')) expect(snapshot.context.view).toBe(delivered);
        if (snapshot.matches('refused')) expect(snapshot.context.errorKey).toBe('error.forbidden');
        // The failure shows the API's key, else the offline message.
        if (step.event.type === 'xstate.error.actor.loadTracking') {
          const { error } = step.event as { error?: unknown };
          expect(snapshot.context.errorKey).toBe(error instanceof Error ? error.message : 'error.offline');
        }
      });
    });
  }

  it('covers every transition', () => checkPathCount('publicTracking', paths));
});
