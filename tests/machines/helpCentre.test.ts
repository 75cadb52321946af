import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { LIMITS } from '../../domain';
import { HELP_CENTRE_FAILED, helpCentreMachine } from '../../machines/helpCentre';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

// The help-centre widget: open (token + init), close, retry, and the token renewal every hour minus
// five minutes while open (SPEC §2, §7). Every path is replayed on the shipped machine.

const model: PathModel = {
  machine: helpCentreMachine,
  // Every simple path stays few (a few hundred): retries after failures and renewals in any order.
  strategy: 'simple',
  maxPaths: 400,
  effects: ['toast'],
  events: [
    { type: 'widget.opened', vendorId: 'sa-1000' },
    { type: 'widget.opened', vendorId: 'sa-1001' },
    { type: 'widget.closed' },
    { type: 'widget.retried' },
    { type: 'xstate.done.actor.startHelpCentre', output: 'https://help.example/1' },
    { type: 'xstate.error.actor.startHelpCentre', error: new Error('offline') },
    { type: 'xstate.after.tokenRefresh.helpCentre.open.showing' },
    { type: 'xstate.done.actor.refreshHelpCentre', output: 'https://help.example/2' },
    { type: 'xstate.error.actor.refreshHelpCentre', error: new Error('offline') },
  ],
};

const paths = generatePaths(model);

describe('helpCentre: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      const finished = await replayPath(model, path, (snapshot, replay, step) => {
        const { vendorId, url } = snapshot.context;
        if (snapshot.matches('closed')) expect(url).toBeNull();
        // Token then init run for the vendor the widget was opened for.
        if (snapshot.matches('loading')) expect(replay.started.startHelpCentre?.at(-1)).toEqual({ vendorId });
        if (snapshot.matches('failed')) expect(replay.effects.at(-1)).toEqual({ name: 'toast', params: { kind: 'error', message: HELP_CENTRE_FAILED } });
        // The frame stays up while its token is renewed, and after a failed renewal.
        if (snapshot.matches({ open: 'refreshing' })) {
          expect(url).not.toBeNull();
          expect(replay.started.refreshHelpCentre?.at(-1)).toEqual({ vendorId });
        }
        if (snapshot.matches('open')) expect(url).toMatch(/^https:\/\/help\.example\//);
        if (step.event.type === 'widget.opened') expect(vendorId).toBe((step.event as { vendorId?: string }).vendorId);
      });
      // Only an opening that failed tells the user; a failed renewal stays silent.
      const failedOpenings = path.steps.filter((step) => step.event.type === 'xstate.error.actor.startHelpCentre');
      expect(finished.effects).toHaveLength(failedOpenings.length);
    });
  }
});

describe('helpCentre: spec', () => {
  it('walks at least the committed number of paths', () => checkPathCount('helpCentre', paths));

  it('renews the token one hour minus five minutes after opening, and again after that', async () => {
    const clock = new SimulatedClock();
    const calls: string[] = [];
    const actor = createActor(
      helpCentreMachine.provide({
        actors: {
          startHelpCentre: fromPromise<string, { vendorId: string }>(async ({ input }) => {
            calls.push(input.vendorId);
            return `https://help.example/${calls.length}`;
          }),
        },
      }),
      { clock },
    ).start();
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'widget.opened', vendorId: 'sa-1000' });
    await settle();
    expect(actor.getSnapshot().context.url).toBe('https://help.example/1');
    expect(LIMITS.helpCentreTokenRefreshMs).toBe(55 * 60 * 1000);
    clock.increment(LIMITS.helpCentreTokenRefreshMs - 1);
    await settle();
    expect(calls).toHaveLength(1);
    clock.increment(1);
    await settle();
    expect(actor.getSnapshot().context.url).toBe('https://help.example/2');
    clock.increment(LIMITS.helpCentreTokenRefreshMs);
    await settle();
    expect(calls).toEqual(['sa-1000', 'sa-1000', 'sa-1000']);
    // Closed, nothing is renewed any more.
    actor.send({ type: 'widget.closed' });
    clock.increment(LIMITS.helpCentreTokenRefreshMs * 2);
    await settle();
    expect(calls).toHaveLength(3);
  });

  // A failed renewal returns to the state it left, so the path walk never takes that edge: here it is.
  it('keeps the open frame after a failed renewal, silently, and tries again one interval later', async () => {
    const clock = new SimulatedClock();
    const answers = [Promise.resolve('https://help.example/1'), Promise.reject(new Error('offline')), Promise.resolve('https://help.example/3')];
    const toasts: unknown[] = [];
    const actor = createActor(
      helpCentreMachine.provide({
        actors: { startHelpCentre: fromPromise<string, { vendorId: string }>(() => answers.shift() ?? Promise.reject(new Error('no more answers'))) },
        actions: { toast: (_, params) => void toasts.push(params) },
      }),
      { clock },
    ).start();
    answers[1]?.catch(() => undefined);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'widget.opened', vendorId: 'sa-1000' });
    await settle();
    clock.increment(LIMITS.helpCentreTokenRefreshMs);
    await settle();
    expect(actor.getSnapshot().matches({ open: 'showing' })).toBe(true);
    expect(actor.getSnapshot().context.url).toBe('https://help.example/1');
    clock.increment(LIMITS.helpCentreTokenRefreshMs);
    await settle();
    expect(actor.getSnapshot().context.url).toBe('https://help.example/3');
    expect(answers).toHaveLength(0);
    expect(toasts).toEqual([]);
  });
});
