// The failing-webhooks banner's machine (machines/failingWebhooks.ts): keeps the endpoints the server
// marked failing and follows them while the app is open (issue 25: "the vendor is told … banner in the
// app"): it reads them again when the Webhooks page changed one or the server says one started or
// stopped failing (its live watcher, told to listen once a list has answered), when the user comes
// back to the page, and on its own every minute; a list that cannot load never invents or drops a failure.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { WebhookEndpoint } from '../../adapters/ports';
import { FAILING_WEBHOOKS_REFRESH_MS, failingWebhooksMachine, type FailingWebhooksContext, type FailingWebhooksEvent, type HealthWatchCommand } from '../../machines/failingWebhooks';
import type { EffectOracle } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

const endpoint = (id: string, failingSince: number | null): WebhookEndpoint => ({
  endpoint_id: id, vendor_id: 'v-1', url: `https://shop.example/${id}`, events: ['order.created'], created_by: 'a@example.com', created_at: 1,
  previous_secret_expires_at: null, failing_since: failingSince,
});

/** The machine over a list of answers (the last one repeats), with its signal sources in the test's hands. */
function start(answers: (() => WebhookEndpoint[])[]) {
  let calls = 0;
  const signals: { send?: (event: FailingWebhooksEvent) => void; notice?: (event: FailingWebhooksEvent) => void; commands: HealthWatchCommand[] } = { commands: [] };
  const clock = new SimulatedClock();
  const machine = failingWebhooksMachine.provide({
    actors: {
      listWebhooks: fromPromise<WebhookEndpoint[], void>(async () => {
        const answer = answers[Math.min(calls, answers.length - 1)];
        calls += 1;
        if (!answer) throw new Error('no answer');
        return answer();
      }),
      watchEndpointChanges: fromCallback<FailingWebhooksEvent, void>(({ sendBack }) => { signals.send = sendBack; }),
      watchPageReturn: fromCallback<FailingWebhooksEvent, void>(() => undefined),
      watchHealthNotices: fromCallback<HealthWatchCommand, void>(({ sendBack, receive }) => {
        signals.notice = sendBack;
        receive((command) => signals.commands.push(command));
      }),
    },
  });
  return { actor: createActor(machine, { clock }).start(), calls: () => calls, signals, clock };
}

const idleAfter = async (actor: ReturnType<typeof start>['actor']) => (await waitFor(actor, (s) => s.matches('idle'))).context.failing.map((e) => e.endpoint_id);

describe('failingWebhooksMachine: spec', () => {
  it('keeps only the failing endpoints', async () => {
    const { actor, calls } = start([() => [endpoint('a', null), endpoint('b', 100), endpoint('c', 200)]]);
    expect(await idleAfter(actor)).toEqual(['b', 'c']);
    expect(calls()).toBe(1);
  });

  it('drops an endpoint the Webhooks page fixed, and shows one that fails later on its own', async () => {
    const { actor, calls, signals, clock } = start([() => [endpoint('b', 100)], () => [endpoint('b', null)], () => [endpoint('b', null), endpoint('c', 300)]]);
    expect(await idleAfter(actor)).toEqual(['b']);
    signals.send?.({ type: 'endpoints.changed' });
    expect(await idleAfter(actor)).toEqual([]);
    clock.increment(FAILING_WEBHOOKS_REFRESH_MS - 1);
    expect(calls()).toBe(2);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('loading'));
    expect(await idleAfter(actor)).toEqual(['c']);
    expect(calls()).toBe(3);
  });

  it('listens for the server\'s notices once a list has answered, and reads again at each one', async () => {
    const { actor, calls, signals } = start([() => { throw new Error('403'); }, () => [endpoint('b', null)], () => [endpoint('b', 100)]]);
    expect(await idleAfter(actor)).toEqual([]);
    // A list refused (a role that may not see webhooks) opens no socket for them.
    expect(signals.commands).toEqual([]);
    signals.send?.({ type: 'endpoints.changed' });
    await waitFor(actor, (s) => s.matches('loading'));
    expect(await idleAfter(actor)).toEqual([]);
    expect(signals.commands).toEqual([{ type: 'listen' }]);
    signals.notice?.({ type: 'endpoints.changed' });
    await waitFor(actor, (s) => s.matches('loading'));
    expect(await idleAfter(actor)).toEqual(['b']);
    expect(calls()).toBe(3);
  });

  it('keeps what it showed when a later list cannot load', async () => {
    const { actor, signals } = start([() => [endpoint('b', 100)], () => { throw new Error('offline'); }]);
    expect(await idleAfter(actor)).toEqual(['b']);
    signals.send?.({ type: 'endpoints.changed' });
    await waitFor(actor, (s) => s.matches('loading'));
    expect(await idleAfter(actor)).toEqual(['b']);
  });
});

// ---------------------------------------------------------------------------------------------------
// The model: every path through loads answering (with and without a failing endpoint) or failing,
// changes made on the Webhooks page (also while a load is on its way), the user coming back, and the
// interval.

const FAILING = [endpoint('we_1', null), endpoint('we_2', 100)];
const HEALTHY = [endpoint('we_1', null), endpoint('we_2', null)];
const contextOf = (snapshot: AnyMachineSnapshot | null) => snapshot?.context as FailingWebhooksContext | undefined;
const ids = (endpoints: readonly WebhookEndpoint[] | undefined) => (endpoints ?? []).map((e) => e.endpoint_id);

const oracles: EffectOracle[] = [
  {
    rule: 'issue 25: the banner shows exactly the endpoints the latest answer marks failing',
    step: ({ event, before, after }) => {
      if (event.type === 'xstate.done.actor.listWebhooks') {
        const output = (event as unknown as { output: WebhookEndpoint[] }).output;
        expect(ids(contextOf(after)?.failing)).toEqual(ids(output.filter((e) => e.failing_since !== null)));
      } else if (before) {
        // Nothing else (a list that cannot load, a signal, the timer) adds or drops a failure.
        expect(contextOf(after)?.failing).toEqual(contextOf(before)?.failing);
      }
    },
  },
  {
    rule: 'issue 25: the endpoints are read when the shell opens, after every change on the Webhooks page, when the user comes back and every minute, and never twice at once',
    path: (steps) => {
      const reads = steps.filter(({ event, before, after }) =>
        after.matches('loading') && (before === null || !before.matches('loading') || event.type === 'endpoints.changed')).length;
      expect(steps.at(-1)?.replay.started.listWebhooks?.length ?? 0).toBe(reads);
      for (const { event, before, after } of steps) {
        if (!before) continue;
        if (event.type === 'endpoints.changed') expect(after.matches('loading')).toBe(true);
        if (event.type === 'page.returned') expect(after.matches('loading')).toBe(true);
      }
    },
  },
  {
    rule: 'issue 25: the banner listens for changes, the server\'s notices and the user coming back as long as it is shown',
    step: ({ replay }) => {
      expect([...replay.running].sort()).toEqual(['watchEndpointChanges', 'watchHealthNotices', 'watchPageReturn']);
    },
  },
];

const model: PathModel = {
  machine: failingWebhooksMachine,
  strategy: 'simple',
  callbackActors: ['watchEndpointChanges', 'watchPageReturn', 'watchHealthNotices'],
  oracles,
  events: [
    { type: 'endpoints.changed' },
    { type: 'page.returned' },
    { type: 'xstate.done.actor.listWebhooks', output: FAILING },
    { type: 'xstate.done.actor.listWebhooks', output: HEALTHY },
    { type: 'xstate.error.actor.listWebhooks', error: new Error('offline') },
    { type: 'xstate.after.refreshInterval.failingWebhooks.idle' },
  ],
};

/** The paths that end while a read is on its way, with the user coming back then: ignored (no second read). */
function withReturnWhileLoading(paths: ModelPath[]): ModelPath[] {
  return paths
    .filter((path) => path.state.matches('loading'))
    .map((path) => ({ ...path, steps: [...path.steps, { state: path.state, event: { type: 'page.returned' } }], weight: path.weight + 1 }));
}

const generated = generatePaths(model);
const paths: ModelPath[] = [...generated, ...withReturnWhileLoading(generated)];

describe('failingWebhooks: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        // The banner reads again on its own only once a whole interval has passed.
        if (step.event.type === 'xstate.after.refreshInterval.failingWebhooks.idle') expect(replay.clock.now() % FAILING_WEBHOOKS_REFRESH_MS).toBe(0);
        if (snapshot.matches('idle')) expect(replay.clock.now() % FAILING_WEBHOOKS_REFRESH_MS).toBe(0);
      });
    });
  }

  it('covers every transition', () => checkPathCount('failingWebhooks', paths));
});
