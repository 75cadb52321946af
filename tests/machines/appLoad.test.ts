import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { appLoadMachine, OUTDATED_WARNING } from '../../machines';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

// Shortest paths: the ready state is parallel (version check x chunk loader) and the chunk retry
// counter makes the simple paths explode.
const model: PathModel = {
  machine: appLoadMachine,
  strategy: 'shortest',
  effects: ['toast', 'reload'],
  events: [
    { type: 'xstate.done.actor.loadVendors' },
    { type: 'xstate.error.actor.loadVendors', error: new Error('offline') },
    { type: 'xstate.done.actor.loadFlags' },
    { type: 'xstate.error.actor.loadFlags', error: new Error('offline') },
    { type: 'xstate.done.actor.loadTranslations' },
    { type: 'xstate.error.actor.loadTranslations', error: new Error('offline') },
    { type: 'error.closed' },
    { type: 'xstate.after.versionCheckInterval.appLoad.ready.version.current' },
    { type: 'xstate.done.actor.checkBuildVersion', output: { outdated: true } },
    { type: 'xstate.done.actor.checkBuildVersion', output: { outdated: false } },
    { type: 'xstate.error.actor.checkBuildVersion', error: new Error('404') },
    { type: 'xstate.after.reloadAfterWarning.appLoad.ready.version.outdated' },
    { type: 'chunk.requested', chunk: 'history' },
    { type: 'xstate.done.actor.loadChunk' },
    { type: 'xstate.error.actor.loadChunk', error: new Error('ChunkLoadError') },
    { type: 'xstate.after.chunkRetryDelay.appLoad.ready.chunks.retrying' },
  ],
};

const paths = generatePaths(model);

describe('appLoad: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        if (snapshot.matches({ ready: { version: 'outdated' } })) {
          expect(replay.effects).toContainEqual({ name: 'toast', params: { kind: 'warning', message: OUTDATED_WARNING, durationMs: 3000 } });
        }
        if (step.event.type === 'error.closed' || step.event.type.startsWith('xstate.after.reloadAfterWarning')) {
          expect(replay.effects.at(-1)?.name).toBe('reload');
        }
        if (snapshot.matches({ ready: { chunks: 'loading' } })) {
          expect(replay.started.loadChunk?.at(-1)).toEqual({ chunk: 'history' });
        }
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('appLoad', paths));
});

describe('appLoad: spec', () => {
  const loaded = fromPromise<void, void>(async () => {});

  it('retries a lazy chunk 10 times, 2 s apart, then shows the load error', async () => {
    const clock = new SimulatedClock();
    let attempts = 0;
    const actor = createActor(
      appLoadMachine.provide({
        actors: {
          loadVendors: loaded,
          loadFlags: loaded,
          loadTranslations: loaded,
          loadChunk: fromPromise<void, { chunk: string }>(async () => {
            attempts++;
            throw new Error('ChunkLoadError');
          }),
        },
      }),
      { clock },
    ).start();
    await new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'chunk.requested', chunk: 'bulk' });
    for (let retry = 0; retry < 10; retry++) {
      await new Promise((resolve) => setImmediate(resolve));
      clock.increment(1999);
      expect(attempts).toBe(retry + 1);
      clock.increment(1);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(attempts).toBe(11);
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('reloads 3 s after the outdated-build warning', async () => {
    const clock = new SimulatedClock();
    let reloads = 0;
    createActor(
      appLoadMachine.provide({
        actors: { loadVendors: loaded, loadFlags: loaded, loadTranslations: loaded, checkBuildVersion: fromPromise<{ outdated: boolean }, void>(async () => ({ outdated: true })) },
        actions: { reload: () => void reloads++ },
      }),
      { clock },
    ).start();
    await new Promise((resolve) => setImmediate(resolve));
    clock.increment(5 * 60 * 1000);
    await new Promise((resolve) => setImmediate(resolve));
    clock.increment(2999);
    expect(reloads).toBe(0);
    clock.increment(1);
    expect(reloads).toBe(1);
  });
});
