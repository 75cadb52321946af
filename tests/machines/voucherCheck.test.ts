import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SIGNATURE_EXPIRED, voucherCheckMachine, type VoucherCheckInput, type VoucherCheckOutput } from '../../machines';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

// SPEC.md §4 vouchers and "Signature handling": a code is checked against the signed fee; an expired
// signature is renewed (the vendor confirming a changed amount) and the code checked again on the
// renewed fee. requestRider.test.ts walks what the request flow does with each output.

const fee = { fee: 15, signature: 'sig-1', expires_at: 0 };
const RENEWED_FEE = { fee: 15, signature: 'sig-2', expires_at: 0 };
const REFUSED_NEW_FEE = { fee: 18, signature: 'sig-3', expires_at: 0 };
const voucher = { code: 'WELCOME10', amount: 10, type: 'PERCENT' as const };
const discountedFee = { fee: 13.5, signature: 'sig-v', expires_at: 0 };
const input: VoucherCheckInput = {
  vendorId: 'vendor-1',
  code: 'WELCOME10',
  fee,
  orderTime: 1_800_000_000,
  feeRequest: { vendorId: 'vendor-1', source: { latitude: 24.7, longitude: 46.6 }, destination: { latitude: 24.71, longitude: 46.67 } },
};

const model: PathModel = {
  machine: voucherCheckMachine,
  input,
  strategy: 'simple',
  events: [
    { type: 'xstate.done.actor.validateVoucher', output: { voucher, discountedFee } },
    { type: 'xstate.error.actor.validateVoucher', error: new Error('voucher not available') },
    { type: 'xstate.error.actor.validateVoucher', error: new Error(SIGNATURE_EXPIRED) },
    { type: 'xstate.done.actor.signatureRetry', output: { outcome: 'retry', fee: RENEWED_FEE, discountedFee: null } },
    { type: 'xstate.done.actor.signatureRetry', output: { outcome: 'abandoned', fee: REFUSED_NEW_FEE, discountedFee: null } },
    { type: 'xstate.done.actor.signatureRetry', output: { outcome: 'failed', fee: null, discountedFee: null } },
    // The vendor's answer to a changed fee, forwarded to signatureRetry while it runs.
    { type: 'fee.accepted' },
    { type: 'fee.rejected' },
  ],
  maxPaths: 200,
};

const paths = generatePaths(model);

describe('voucherCheck: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      let renewedFee: typeof fee | null = null;
      await replayPath(model, path, (snapshot, replay, step) => {
        const event = step.event as unknown as { type: string; output?: { outcome: string; fee: typeof fee | null } };
        if (event.type === 'xstate.done.actor.signatureRetry' && event.output?.outcome === 'retry') renewedFee = event.output.fee;
        if (snapshot.matches('renewingSignature')) {
          // The renewal is of the fee being discounted; the code checked is applied after it, not before.
          expect(replay.started.signatureRetry?.at(-1)).toEqual({ feeRequest: input.feeRequest, previousFee: renewedFee ?? fee, duringSubmit: true, voucher: null });
        }
        if (snapshot.matches('checking')) {
          // The code is checked again on the renewed fee, never the expired one.
          expect(replay.started.validateVoucher?.at(-1)).toEqual({ vendorId: 'vendor-1', code: 'WELCOME10', fee: renewedFee ?? fee, orderTime: input.orderTime });
        }
        if (snapshot.status !== 'done') return;
        const output = snapshot.output as VoucherCheckOutput;
        if (event.type === 'xstate.done.actor.validateVoucher') expect(output).toEqual({ outcome: 'applied', fee: renewedFee ?? fee, voucher, discountedFee });
        else if (event.output?.outcome === 'abandoned') expect(output).toEqual({ outcome: 'feeRefused', fee: REFUSED_NEW_FEE });
        else expect(output).toEqual({ outcome: 'refused', fee: renewedFee ?? fee });
      });
    });
  }
});

describe('voucherCheck: spec', () => {
  it('walks at least the committed number of paths', () => checkPathCount('voucherCheck', paths as ModelPath[]));

  // The API client may reject with the server's bare message rather than an Error (API.md error shape).
  it.each([
    [SIGNATURE_EXPIRED, 'renewingSignature'],
    ['voucher not available', 'checked'],
  ])('a check rejected with the bare text %j goes to %s', (reason, next) => {
    const actor = createActor(
      voucherCheckMachine.provide({ actors: { validateVoucher: fromPromise(() => Promise.reject(reason)) } }),
      { input },
    );
    const reached = new Promise<string>((resolve) =>
      actor.subscribe((snapshot) => {
        if (!snapshot.matches('checking')) resolve(String(snapshot.value));
      }),
    );
    actor.start();
    return reached.then((state) => {
      actor.stop();
      expect(state).toBe(next);
    });
  });
});
