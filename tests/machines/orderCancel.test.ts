import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cancelReasons } from '../../domain';
import { CANCEL_TOAST_TOPIC, OTHER_CANCEL_REASON, orderCancelMachine, type OrderCancelInput } from '../../machines';
import { anOrder, NOW } from './builders';
import { effectExactlyWhen, effectNever, effectWhenever, isDone, isToastOf, type EffectOracle } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

// Effect oracles from SPEC.md §4 "Cancellation", checked on every step.
const oracles: EffectOracle[] = [
  effectExactlyWhen("SPEC §4 Cancellation: the order is reported cancelled exactly when the cancel call succeeds", 'orderCancelled', isDone('cancelOrder'), () => ({
    orderId: 'order-received',
  })),
  effectWhenever(
    "SPEC §4 Cancellation: 'attempting to cancel' shows while the cancel call runs",
    'toast',
    (view) => view.event.type === 'cancel.confirmed' && view.after.matches('attempting'),
    () => ({ kind: 'info', message: 'action.attempt-cancel', topic: CANCEL_TOAST_TOPIC }),
  ),
  effectNever('a cancelled order shows no error toast', isToastOf('error'), isDone('cancelOrder')),
];

const inputFor = (order: OrderCancelInput['order']): OrderCancelInput => ({ order, delayedCancellation: false, nowUnix: () => NOW });

const modelFor = (input: OrderCancelInput): PathModel => ({
  machine: orderCancelMachine,
  input,
  strategy: 'simple',
  effects: ['toast', 'orderCancelled'],
  oracles,
  events: [
    { type: 'cancel.requested' },
    { type: 'reason.selected', reason: cancelReasons[0] },
    { type: 'reason.selected', reason: OTHER_CANCEL_REASON },
    { type: 'reason.typed', text: '   ' },
    { type: 'reason.typed', text: 'The shop closed early' },
    { type: 'cancel.confirmed' },
    { type: 'dismissed' },
    { type: 'xstate.done.actor.cancelOrder', output: undefined },
    { type: 'xstate.error.actor.cancelOrder', error: new Error('409') },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.reason, snapshot.context.otherReason.trim() !== '']),
});

// Both sides of isCancellable: a RECEIVED order, and a DELIVERED one whose picker never opens.
const models = { cancellable: modelFor(inputFor(anOrder('RECEIVED'))), notCancellable: modelFor(inputFor(anOrder('DELIVERED'))) };
const walked: ModelPath[] = [];

for (const [name, model] of Object.entries(models)) {
  const paths = generatePaths(model);
  walked.push(...paths);
  describe(`orderCancel (${name} order): every path`, () => {
    for (const path of paths) {
      it(describePath(path), async () => {
        await replayPath(model, path, (snapshot, replay) => {
          const lastToast = replay.effects.filter((effect) => effect.name === 'toast').at(-1);
          if (snapshot.matches('attempting')) {
            expect(lastToast?.params).toEqual({ kind: 'info', message: 'action.attempt-cancel', topic: 'order-cancel' });
            // The chosen reason's key, or for 'Other' the words typed in (trimmed).
            const sent = snapshot.context.reason === OTHER_CANCEL_REASON ? snapshot.context.otherReason.trim() : snapshot.context.reason;
            expect(replay.started.cancelOrder?.at(-1)).toEqual({ vendorId: 'vendor-1', orderId: 'order-received', reason: sent });
          }
          if (snapshot.matches('failed')) {
            expect(lastToast?.params).toEqual({ kind: 'error', message: 'error.cant-cancel-order', durationMs: 7000, topic: 'order-cancel' });
          }
          if (snapshot.matches('cancelled')) {
            expect(replay.effects.at(-1)).toEqual({ name: 'orderCancelled', params: { orderId: 'order-received' } });
            // The success replaces the 'attempting' toast (same topic), so it does not linger.
            expect(lastToast?.params).toEqual({ kind: 'success', message: 'cancel.done', topic: 'order-cancel' });
          }
          if (name === 'notCancellable') expect(snapshot.value).toBe('idle');
        });
      });
    }
  });
}

describe('orderCancel: spec', () => {
  it('walks at least the committed number of paths', () => checkPathCount('orderCancel', walked));

  it('PAYMENT_COMMITTED opens the picker only after more than 10 minutes', () => {
    const committedAt = NOW - 600;
    const order = anOrder('PAYMENT_COMMITTED', { status_history: [{ status: 'PAYMENT_COMMITTED', created_at: committedAt }] });
    const at = (now: number) => {
      const actor = createActor(orderCancelMachine, { input: { order, delayedCancellation: false, nowUnix: () => now } }).start();
      actor.send({ type: 'cancel.requested' });
      return actor.getSnapshot().value;
    };
    expect(at(NOW)).toBe('idle');
    expect(at(NOW + 1)).toBe('pickingReason');
  });

  it('a DELAYED order is cancellable only with the delayed-cancellation flag', () => {
    const actor = createActor(orderCancelMachine, {
      input: { order: anOrder('DELAYED'), delayedCancellation: true, nowUnix: () => NOW },
    }).start();
    expect(actor.getSnapshot().can({ type: 'cancel.requested' })).toBe(true);
  });

  it('cannot confirm before a reason is chosen', async () => {
    const cancelled: string[] = [];
    const actor = createActor(
      orderCancelMachine.provide({ actors: { cancelOrder: fromPromise(async ({ input }) => void cancelled.push(input.reason)) } }),
      { input: inputFor(anOrder('RECEIVED')) },
    ).start();
    actor.send({ type: 'cancel.requested' });
    expect(actor.getSnapshot().can({ type: 'cancel.confirmed' })).toBe(false);
    actor.send({ type: 'reason.selected', reason: 'changed-mind' });
    actor.send({ type: 'cancel.confirmed' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(cancelled).toEqual(['changed-mind']);
  });

  it('"Other" asks for the reason in words, and sends those words', async () => {
    const cancelled: string[] = [];
    const actor = createActor(
      orderCancelMachine.provide({ actors: { cancelOrder: fromPromise(async ({ input }) => void cancelled.push(input.reason)) } }),
      { input: inputFor(anOrder('RECEIVED')) },
    ).start();
    actor.send({ type: 'cancel.requested' });
    actor.send({ type: 'reason.selected', reason: OTHER_CANCEL_REASON });
    expect(actor.getSnapshot().can({ type: 'cancel.confirmed' })).toBe(false);
    actor.send({ type: 'reason.typed', text: '   ' });
    expect(actor.getSnapshot().can({ type: 'cancel.confirmed' })).toBe(false);
    actor.send({ type: 'reason.typed', text: ' The shop closed early ' });
    actor.send({ type: 'cancel.confirmed' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(cancelled).toEqual(['The shop closed early']);
  });
});
