import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { signatureRetryMachine, type SignatureRetryInput } from '../../machines';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

const previousFee = { amount: 15, signature: 'sig-old' };
const inputFor = (duringSubmit: boolean): SignatureRetryInput => ({
  feeRequest: { vendorId: 'vendor-1', source: { latitude: 24.7, longitude: 46.6 }, destination: { latitude: 24.8, longitude: 46.7 } },
  previousFee,
  duringSubmit,
});

const modelFor = (input: SignatureRetryInput): PathModel => ({
  machine: signatureRetryMachine,
  input,
  strategy: 'simple',
  effects: ['toast'],
  events: [
    { type: 'xstate.after.signatureRetryDelay.signatureRetry.waiting' },
    { type: 'xstate.done.actor.computeFee', output: { amount: 15, signature: 'sig-new' } },
    { type: 'xstate.done.actor.computeFee', output: { amount: 18, signature: 'sig-new' } },
    { type: 'xstate.error.actor.computeFee', error: new Error('500') },
    { type: 'fee.accepted' },
    { type: 'fee.rejected' },
  ],
});

const models = { duringSubmit: modelFor(inputFor(true)), beforeSubmit: modelFor(inputFor(false)) };
const walked: ModelPath[] = [];

for (const [name, model] of Object.entries(models)) {
  const paths = generatePaths(model);
  walked.push(...paths);
  describe(`signatureRetry (${name}): every path`, () => {
    for (const path of paths) {
      it(describePath(path), async () => {
        await replayPath(model, path, (snapshot, replay) => {
          const { newFee } = snapshot.context;
          if (snapshot.matches('recomputing')) expect(replay.started.computeFee?.at(-1)).toEqual(inputFor(true).feeRequest);
          if (snapshot.status !== 'done') return;
          const { outcome } = snapshot.output as { outcome: string };
          if (newFee === null) {
            expect(outcome).toBe('failed');
            expect(replay.effects.at(-1)).toEqual({ name: 'toast', params: { kind: 'error', message: 'error.fee.recompute' } });
          } else if (newFee.amount === previousFee.amount) {
            expect(outcome).toBe('retry');
          } else {
            // A changed fee is never retried silently during a submit.
            expect(outcome).toEqual(name === 'duringSubmit' ? expect.stringMatching(/^(retry|abandoned)$/) : 'updated');
          }
        });
      });
    }
  });
}

describe('signatureRetry: spec', () => {
  it('walks at least the committed number of paths', () => checkPathCount('signatureRetry', walked));

  it('waits 1 s before recomputing the fee', () => {
    const clock = new SimulatedClock();
    let computed = 0;
    createActor(
      signatureRetryMachine.provide({ actors: { computeFee: fromPromise(async () => (computed++, previousFee)) } }),
      { input: inputFor(true), clock },
    ).start();
    clock.increment(999);
    expect(computed).toBe(0);
    clock.increment(1);
    expect(computed).toBe(1);
  });
});
