import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { FALLBACK_FLAGS, FLAG_REFRESH_FAILED, FLAG_TIMEOUT_ERROR, featureFlagsMachine, type FetchFlagsInput, type Flags } from '../../machines';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

const providers = ['flag-service', 'fallback-file'];
const served: Flags = { BulkOrderUpload: true, Helpcenter: false };

const model: PathModel = {
  machine: featureFlagsMachine,
  input: { providers },
  strategy: 'simple',
  effects: ['logRefreshFailure'],
  events: [
    { type: 'xstate.done.actor.fetchFlags', output: served },
    { type: 'xstate.error.actor.fetchFlags', error: new Error('503') },
    { type: 'xstate.after.fetchTimeout.featureFlags.fetching.attempt' },
    { type: 'xstate.after.pollInterval.featureFlags.ready' },
    { type: 'xstate.after.refreshDebounce.featureFlags.debouncing' },
    { type: 'flags.refresh.requested' },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.providerIndex, snapshot.context.flags]),
};

const paths = generatePaths(model);

describe('featureFlags: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        if (snapshot.matches({ fetching: 'attempt' })) {
          // Providers are asked in the configured order, the fallback file last.
          expect(replay.started.fetchFlags?.at(-1)).toEqual({ provider: providers[snapshot.context.providerIndex] });
        }
        if (step.event.type.includes('fetchTimeout') && snapshot.matches('ready')) {
          expect(replay.effects.at(-1)).toEqual({ name: 'logRefreshFailure', params: { message: FLAG_REFRESH_FAILED, cause: FLAG_TIMEOUT_ERROR } });
        }
        if (snapshot.matches('ready')) expect(snapshot.context.flags).not.toBeNull();
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('featureFlags', paths));
});

describe('featureFlags: spec', () => {
  const failing = fromPromise<Flags, FetchFlagsInput>(async () => {
    throw new Error('down');
  });

  it('uses the SPEC §6 fallback values when every provider fails on the first load', async () => {
    const actor = createActor(featureFlagsMachine.provide({ actors: { fetchFlags: failing } }), { input: { providers } }).start();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.flags).toEqual(FALLBACK_FLAGS);
  });

  it('debounces refresh requests by 400 ms and polls every 5 minutes', async () => {
    const clock = new SimulatedClock();
    let calls = 0;
    const actor = createActor(
      featureFlagsMachine.provide({ actors: { fetchFlags: fromPromise<Flags, FetchFlagsInput>(async () => (calls++, served)) } }),
      { input: { providers }, clock },
    ).start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(1);
    actor.send({ type: 'flags.refresh.requested' });
    clock.increment(300);
    actor.send({ type: 'flags.refresh.requested' });
    clock.increment(399);
    expect(calls).toBe(1);
    clock.increment(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(2);
    clock.increment(300_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(3);
  });

  it('a provider slower than 2 s is abandoned for the next one', async () => {
    const clock = new SimulatedClock();
    const asked: string[] = [];
    const actor = createActor(
      featureFlagsMachine.provide({
        actors: {
          fetchFlags: fromPromise<Flags, FetchFlagsInput>(({ input }) => {
            asked.push(input.provider);
            return input.provider === 'fallback-file' ? Promise.resolve(served) : new Promise<Flags>(() => {});
          }),
        },
      }),
      { input: { providers }, clock },
    ).start();
    clock.increment(2000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual(providers);
    expect(actor.getSnapshot().context.flags).toEqual(served);
  });
});
