import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { signatureRetryMachine, type SignatureRetryInput } from '../../machines';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

const previousFee = { fee: 15, signature: 'sig-old', expires_at: 0 };
const VOUCHER = { code: 'WELCOME10', orderTime: 1_800_000_000 };
const inputFor = (duringSubmit: boolean, voucher: SignatureRetryInput['voucher'] = null): SignatureRetryInput => ({
  feeRequest: { vendorId: 'vendor-1', source: { latitude: 24.7, longitude: 46.6 }, destination: { latitude: 24.8, longitude: 46.7 } },
  previousFee,
  duringSubmit,
  voucher,
});

const modelFor = (input: SignatureRetryInput): PathModel => ({
  machine: signatureRetryMachine,
  input,
  strategy: 'simple',
  effects: ['toast'],
  events: [
    { type: 'xstate.after.signatureRetryDelay.signatureRetry.waiting' },
    { type: 'xstate.done.actor.computeFee', output: { fee: 15, signature: 'sig-new', expires_at: 0 } },
    { type: 'xstate.done.actor.computeFee', output: { fee: 18, signature: 'sig-new', expires_at: 0 } },
    { type: 'xstate.error.actor.computeFee', error: new Error('500') },
    { type: 'fee.accepted' },
    { type: 'fee.rejected' },
    { type: 'xstate.done.actor.discountFee', output: { fee: 13.5, signature: 'sig-discount-new', expires_at: 0 } },
    { type: 'xstate.error.actor.discountFee', error: new Error('voucher expired') },
  ],
});

const models = {
  duringSubmit: modelFor(inputFor(true)),
  beforeSubmit: modelFor(inputFor(false)),
  'with a voucher': modelFor(inputFor(true, VOUCHER)),
};
const walked: ModelPath[] = [];

for (const [name, model] of Object.entries(models)) {
  const paths = generatePaths(model);
  walked.push(...paths);
  describe(`signatureRetry (${name}): every path`, () => {
    for (const path of paths) {
      it(describePath(path), async () => {
        await replayPath(model, path, (snapshot, replay) => {
          const { newFee, voucher } = snapshot.context;
          if (snapshot.matches('recomputing')) expect(replay.started.computeFee?.at(-1)).toEqual(inputFor(true).feeRequest);
          // Effect oracle: a voucher's discount is signed again for the renewed fee, never the old one.
          if (snapshot.matches('discounting')) {
            expect(replay.started.discountFee?.at(-1)).toEqual({ ...VOUCHER, vendorId: 'vendor-1', fee: newFee });
            expect(newFee?.signature).toBe('sig-new');
          }
          if (snapshot.status !== 'done') return;
          const { outcome, fee, discountedFee } = snapshot.output as { outcome: string; fee: unknown; discountedFee: { signature: string } | null };
          // What the caller retries with is the renewed signature (and the renewed discount).
          if (outcome === 'retry' || outcome === 'updated') {
            expect(fee).toEqual(newFee);
            expect(discountedFee?.signature ?? null).toBe(voucher ? 'sig-discount-new' : null);
          }
          if (replay.started.discountFee && !voucher) throw new Error('a discount renewed without a voucher');
          if (newFee !== null && voucher && discountedFee === null && outcome !== 'abandoned') {
            expect(outcome).toBe('failed');
            expect(replay.effects.at(-1)).toEqual({ name: 'toast', params: { kind: 'error', message: 'voucher.error.validation.message' } });
            return;
          }
          if (newFee === null) {
            expect(outcome).toBe('failed');
            expect(replay.effects.at(-1)).toEqual({ name: 'toast', params: { kind: 'error', message: 'error.fee.recompute' } });
          } else if (newFee.fee === previousFee.fee) {
            expect(outcome).toBe('retry');
          } else {
            // A changed fee is never retried silently during a submit.
            expect(outcome).toEqual(snapshot.context.duringSubmit ? expect.stringMatching(/^(retry|abandoned)$/) : 'updated');
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
