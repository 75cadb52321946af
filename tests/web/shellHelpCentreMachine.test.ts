import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { LIMITS } from '../../domain';
import { HELP_CENTRE_FAILED, helpCentreMachine } from '../../src/app/helpCentre/helpCentreMachine';
import { describePath, generatePaths, replayPath, type PathModel } from '../machines/walkPaths';

// The help-centre widget: open (token + init), close, retry, and the token renewal every hour minus
// five minutes while open (SPEC §2, §7). Every path is replayed on the shipped machine.

const model: PathModel = {
  machine: helpCentreMachine,
  strategy: 'shortest',
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

describe('help-centre widget: every path', () => {
  it('walks a real graph', () => expect(paths.length).toBeGreaterThanOrEqual(10));
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        if (snapshot.matches('closed')) expect(snapshot.context.url).toBeNull();
        if (snapshot.matches('failed')) expect(replay.effects.at(-1)).toEqual({ name: 'toast', params: { kind: 'error', message: HELP_CENTRE_FAILED } });
        // The frame stays up while its token is renewed.
        if (snapshot.matches({ open: 'refreshing' })) expect(snapshot.context.url).not.toBeNull();
        if (step.event.type === 'widget.opened') expect(snapshot.context.vendorId).toBe((step.event as { vendorId?: string }).vendorId);
      });
    });
  }
});

describe('help-centre widget: token renewal', () => {
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
});
