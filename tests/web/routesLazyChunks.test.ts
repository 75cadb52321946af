import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { appLoadMachine } from '../../machines/appLoad';
import { chunk, chunkLoaderIdle, connectChunkLoader, importChunk } from '../../src/app/lazyChunks';

// The lazy routes' chunks go through the app-load machine: retried 2 s apart, then the load error.

const settle = () => new Promise((resolve) => setImmediate(resolve));
let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

/** The shipped machine with its chunk loader wired the way AppLoadWatcher wires it. */
function startApp() {
  const clock = new SimulatedClock();
  const ready = fromPromise<void, void>(async () => undefined);
  const actor = createActor(
    appLoadMachine.provide({
      actors: {
        loadVendors: ready,
        loadFlags: ready,
        loadTranslations: ready,
        loadChunk: fromPromise<void, { chunk: string }>(({ input }) => importChunk(input.chunk)),
      },
    }),
    { clock },
  );
  const disconnect = connectChunkLoader((name) => actor.send({ type: 'chunk.requested', chunk: name }));
  const subscription = actor.subscribe((snapshot) => chunkLoaderIdle(snapshot.matches({ ready: { chunks: 'idle' } })));
  actor.start();
  stop = () => {
    subscription.unsubscribe();
    chunkLoaderIdle(false);
    disconnect();
    actor.stop();
  };
  return { actor, clock };
}

/** An importer that fails `failures` times before answering `module`. */
function flaky<T>(failures: number, module: T) {
  const calls = { count: 0 };
  const importer = async () => {
    calls.count++;
    if (calls.count <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return module;
  };
  return { importer, calls };
}

describe('lazy route chunks', () => {
  it('imports directly while no app-load machine is connected', async () => {
    const { importer, calls } = flaky(0, { Screen: 'plain' });
    await expect(chunk('plain', importer)()).resolves.toEqual({ Screen: 'plain' });
    expect(calls.count).toBe(1);
  });

  it('retries a failing chunk 2 s apart until it loads', async () => {
    const { clock } = startApp();
    await settle();
    const { importer, calls } = flaky(2, { Screen: 'history' });
    let loaded: unknown = null;
    void chunk('history-test', importer)().then((module) => (loaded = module));
    await settle();
    expect(calls.count).toBe(1);
    clock.increment(2000);
    await settle();
    expect(calls.count).toBe(2);
    expect(loaded).toBeNull();
    clock.increment(2000);
    await settle();
    expect(calls.count).toBe(3);
    expect(loaded).toEqual({ Screen: 'history' });
  });

  it('shows the load error after 10 failed retries', async () => {
    const { actor, clock } = startApp();
    await settle();
    const { importer, calls } = flaky(Number.POSITIVE_INFINITY, {});
    void chunk('broken-test', importer)();
    await settle();
    for (let retry = 0; retry < 10; retry++) {
      clock.increment(2000);
      await settle();
    }
    expect(calls.count).toBe(11);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
  });

  it('loads chunks asked for together one after the other, answering every caller', async () => {
    startApp();
    await settle();
    const first = flaky(0, { Screen: 'a' });
    const second = flaky(0, { Screen: 'b' });
    const loadFirst = chunk('a-test', first.importer);
    const loadSecond = chunk('b-test', second.importer);
    const answers = await Promise.all([loadFirst(), loadSecond(), loadFirst()]);
    expect(answers).toEqual([{ Screen: 'a' }, { Screen: 'b' }, { Screen: 'a' }]);
    expect(first.calls.count).toBe(1);
  });

  it('starts downloading a chunk asked for while another loads, so a page needing both waits for one download', async () => {
    startApp();
    await settle();
    let answerFirst: (module: unknown) => void = () => undefined;
    const first = chunk('frame-test', () => new Promise((resolve) => (answerFirst = resolve)));
    const second = flaky(0, { Screen: 'screen' });
    const loadSecond = chunk('screen-test', second.importer);
    const answers = Promise.all([first(), loadSecond()]);
    await settle();
    expect(second.calls.count).toBe(1);
    answerFirst({ Screen: 'frame' });
    await expect(answers).resolves.toEqual([{ Screen: 'frame' }, { Screen: 'screen' }]);
  });
});
