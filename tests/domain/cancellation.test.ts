import { describe, expect, it } from 'vitest';
import { CANCEL_REASONS, ORDER_STATUSES, cancelReasons, isCancellable, isCancelReason, isEditable, statusEnteredAt } from '../../domain';
import { NOON_UTC_2026_03_10 as T0, anOrder } from './anOrder';

const flagOff = { nowUnix: T0, delayedCancellation: false };

describe('cancellation (SPEC §4)', () => {
  it.each(['RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT', 'MODIFIED'] as const)('%s is cancellable', (status) => {
    expect(isCancellable(anOrder().withStatus(status).build(), flagOff)).toBe(true);
  });

  it('no other status is cancellable with the flag off (PAYMENT_COMMITTED aside)', () => {
    const allowed = ['RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT', 'MODIFIED', 'PAYMENT_COMMITTED'];
    for (const status of ORDER_STATUSES.filter((s) => !allowed.includes(s))) {
      expect(isCancellable(anOrder().withStatus(status).build(), { nowUnix: T0 + 3600, delayedCancellation: false })).toBe(false);
    }
  });

  it('DELAYED is cancellable only with the delayed-cancellation flag on', () => {
    const delayed = anOrder().withStatus('DELAYED').build();
    expect(isCancellable(delayed, flagOff)).toBe(false);
    expect(isCancellable(delayed, { nowUnix: T0, delayedCancellation: true })).toBe(true);
  });

  it('PAYMENT_COMMITTED is not cancellable at exactly 10 minutes after its entry, and is at 10 minutes 1 second', () => {
    const order = anOrder().withStatus('PAYMENT_INITIATED', T0 - 60).withStatus('PAYMENT_COMMITTED', T0).build();
    expect(isCancellable(order, { nowUnix: T0 + 600, delayedCancellation: false })).toBe(false);
    expect(isCancellable(order, { nowUnix: T0 + 601, delayedCancellation: false })).toBe(true);
  });

  it('PAYMENT_COMMITTED counts from its status entry, not from order creation', () => {
    const order = anOrder().createdAt(T0 - 3600).withStatus('PAYMENT_COMMITTED', T0).build();
    expect(isCancellable(order, { nowUnix: T0 + 300, delayedCancellation: false })).toBe(false);
  });

  it('offers a short list of reason keys', () => {
    expect(cancelReasons.length).toBeGreaterThanOrEqual(3);
    expect(cancelReasons).toBe(CANCEL_REASONS);
    expect(isCancelReason('cancel.reason.other')).toBe(true);
    expect(isCancelReason('because')).toBe(false);
  });
});

describe('when an order entered a status (the PAYMENT_COMMITTED 10 minutes, SPEC §4)', () => {
  it('counts the 10 minutes from the latest time the payment was committed, when it was committed again', () => {
    const order = anOrder()
      .withStatus('PAYMENT_COMMITTED', T0)
      .withStatus('PAYMENT_INITIATED', T0 + 300)
      .withStatus('PAYMENT_COMMITTED', T0 + 400)
      .build();
    expect(isCancellable(order, { nowUnix: T0 + 700, delayedCancellation: false })).toBe(false);
    expect(isCancellable(order, { nowUnix: T0 + 1001, delayedCancellation: false })).toBe(true);
  });

  it("is the latest entry of that status, not of the order's later statuses", () => {
    const order = anOrder().withHistory([{ status: 'PAYMENT_COMMITTED', created_at: T0 }, { status: 'NEW', created_at: T0 + 60 }]).build();
    expect(statusEnteredAt(order, 'PAYMENT_COMMITTED')).toBe(T0);
  });

  it('falls back to the creation time when the history never shows the status', () => {
    const order = anOrder().createdAt(T0 - 900).withStatus('NEW', T0).build();
    expect(statusEnteredAt(order, 'PAYMENT_COMMITTED')).toBe(T0 - 900);
  });
});

describe('isEditable (SPEC.md: before pick-up, never once cancelled or failed)', () => {
  it.each([
    ['RECEIVED', true],
    ['ASSIGNED_TO_TRANSPORT', true],
    ['NEAR_VENDOR', true],
    ['PICKED_UP', false],
    ['NEAR_CUSTOMER', false],
    ['DELIVERED', false],
    ['CANCELLED', false],
    ['PAYMENT_FAILED', false],
  ] as const)('%s: %s', (status, editable) => {
    expect(isEditable(anOrder().withStatus(status).build())).toBe(editable);
  });
});
