import { assign, forwardTo, setup } from 'xstate';
import type { UnixSeconds, Voucher } from '../domain';
import { SIGNATURE_EXPIRED, type FeeRequest, type SignedFee } from './fee';
import { promiseNotProvided } from './notProvided';
import { signatureRetryMachine } from './signatureRetry';

// SPEC.md §4 "Request flow", vouchers: a code is checked against the signed fee (POST
// /voucher/validate). A fee whose signature expired is renewed first (signatureRetry, the vendor
// confirming a changed amount), then the code is checked again on the renewed fee.

export interface VoucherCheckInput {
  vendorId: string;
  code: string;
  fee: SignedFee;
  orderTime: UnixSeconds;
  /** Where the fee was computed for, to renew it. */
  feeRequest: FeeRequest;
}

export interface ValidateVoucherOutput {
  voucher: Voucher;
  discountedFee: SignedFee;
}

/** `fee` is the fee the check ended with: the one it was given, or the renewed one. */
export type VoucherCheckOutput =
  | { outcome: 'applied'; fee: SignedFee; voucher: Voucher; discountedFee: SignedFee }
  | { outcome: 'refused'; fee: SignedFee }
  /** The fee had to be renewed and the vendor refused the new amount. */
  | { outcome: 'feeRefused'; fee: SignedFee };

interface VoucherCheckContext extends VoucherCheckInput {
  output: VoucherCheckOutput;
}

export type VoucherCheckEvent = { type: 'fee.accepted' } | { type: 'fee.rejected' };

export const voucherCheckMachine = setup({
  types: {
    context: {} as VoucherCheckContext,
    events: {} as VoucherCheckEvent,
    input: {} as VoucherCheckInput,
    output: {} as VoucherCheckOutput,
  },
  actors: {
    validateVoucher: promiseNotProvided<ValidateVoucherOutput, { vendorId: string; code: string; fee: SignedFee; orderTime: UnixSeconds }>(
      'validateVoucher',
    ),
    signatureRetry: signatureRetryMachine,
  },
  actions: {
    refuse: assign({ output: ({ context }) => ({ outcome: 'refused' as const, fee: context.fee }) }),
  },
  guards: {
    signatureExpired: (_, params: { error: unknown }) =>
      params.error instanceof Error ? params.error.message === SIGNATURE_EXPIRED : params.error === SIGNATURE_EXPIRED,
    outcomeIs: (_, params: { outcome: string; expected: 'retry' | 'abandoned' }) => params.outcome === params.expected,
  },
}).createMachine({
  id: 'voucherCheck',
  initial: 'checking',
  context: ({ input }) => ({ ...input, output: { outcome: 'refused', fee: input.fee } }),
  states: {
    checking: {
      invoke: {
        id: 'validateVoucher',
        src: 'validateVoucher',
        input: ({ context }) => ({ vendorId: context.vendorId, code: context.code, fee: context.fee, orderTime: context.orderTime }),
        onDone: {
          target: 'checked',
          actions: assign({ output: ({ context, event }) => ({ outcome: 'applied' as const, fee: context.fee, ...event.output }) }),
        },
        onError: [
          // The quote is older than its signature: renew it, then check the code again.
          { guard: { type: 'signatureExpired', params: ({ event }) => ({ error: event.error }) }, target: 'renewingSignature' },
          { target: 'checked', actions: 'refuse' },
        ],
      },
    },
    renewingSignature: {
      invoke: {
        id: 'signatureRetry',
        src: 'signatureRetry',
        // A voucher already applied is replaced by the one being checked, which is discounted after.
        input: ({ context }) => ({ feeRequest: context.feeRequest, previousFee: context.fee, duringSubmit: true, voucher: null }),
        onDone: [
          {
            guard: { type: 'outcomeIs', params: ({ event }) => ({ outcome: event.output.outcome, expected: 'retry' }) },
            target: 'checking',
            actions: assign({ fee: ({ context, event }) => event.output.fee ?? context.fee }),
          },
          {
            guard: { type: 'outcomeIs', params: ({ event }) => ({ outcome: event.output.outcome, expected: 'abandoned' }) },
            target: 'checked',
            actions: assign({ output: ({ context, event }) => ({ outcome: 'feeRefused' as const, fee: event.output.fee ?? context.fee }) }),
          },
          { target: 'checked', actions: 'refuse' },
        ],
      },
      on: {
        'fee.accepted': { actions: forwardTo('signatureRetry') },
        'fee.rejected': { actions: forwardTo('signatureRetry') },
      },
    },
    checked: { type: 'final' },
  },
  output: ({ context }) => context.output,
});
