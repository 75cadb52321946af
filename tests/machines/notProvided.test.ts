import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { flowMachines } from '../../scripts/flows/machines';
import { callbackNotProvided, promiseNotProvided } from '../../machines/notProvided';

// A machine declares its effects with defaults that fail loudly (machines/notProvided.ts): a screen
// composed without one of them shows a failure naming it, never a silent success (an actor that
// resolved with nothing would read as "saved" or "no orders").

/** Starts an actor on its own and answers with how it failed, or `finished` when it did not. */
async function failureOf(logic: AnyActorLogic): Promise<string> {
  const actor = createActor(logic, { input: {} });
  const outcome = toPromise(actor).then(
    () => 'finished',
    (error: unknown) => (error instanceof Error ? error.message : `threw ${String(error)}`),
  );
  actor.start();
  // An actor that neither fails nor finishes once its pending work has run is reported as running.
  const settled = await Promise.race([outcome, new Promise<string>((resolve) => setImmediate(() => resolve('still running')))]);
  actor.stop();
  return settled;
}

describe('effects not provided fail loudly, naming the effect', () => {
  it('a promise effect rejects with its name', async () => {
    expect(await failureOf(promiseNotProvided<string, void>('loadOrders'))).toBe('loadOrders not provided');
  });

  it('a callback effect throws its name when started', async () => {
    expect(await failureOf(callbackNotProvided('listenToOrders'))).toBe('listenToOrders not provided');
  });

  for (const [name, machine] of flowMachines) {
    // A child machine (the request's voucher check) is a real flow with effects of its own, checked here under its name.
    const actors = Object.entries((machine.implementations.actors ?? {}) as Record<string, AnyActorLogic>).filter(([, logic]) => !('root' in logic));
    for (const [actorName, logic] of actors) {
      it(`${name}: ${actorName}`, async () => {
        expect(await failureOf(logic)).toBe(`${actorName} not provided`);
      });
    }
  }
});
