import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { SentNotification } from '../../adapters/ports';
import { recipientMessagesMachine, type RecipientMessagesContext } from '../../machines';
import type { EffectOracle } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type ModelPath, type PathModel } from './walkPaths';

const apiError = (translationKey: string) => Object.assign(new Error(translationKey), { translationKey });
const sms = (at: number): SentNotification => ({ event: 'on_the_way', channel: 'sms', outcome: 'sent', at });
const email = (at: number): SentNotification => ({ event: 'placed', channel: 'email', outcome: 'sent', at });

describe('recipientMessages: spec', () => {
  it("lists the order's messages oldest first, and reads them again when the order moves", async () => {
    const answers = [[sms(20), email(10)], [sms(20), email(10), { ...email(30), event: 'delivered' as const }]];
    const asked: { vendorId: string; orderId: string }[] = [];
    const actor = createActor(recipientMessagesMachine.provide({
      actors: {
        listMessages: fromPromise(async ({ input }: { input: { vendorId: string; orderId: string } }) => {
          asked.push(input);
          return answers[asked.length - 1] ?? [];
        }),
      },
    }), { input: { vendorId: 'v-1', orderId: 'o-1' } }).start();
    const first = await waitFor(actor, (s) => s.matches('shown'));
    expect(first.context.messages.map((m) => m.at)).toEqual([10, 20]);
    actor.send({ type: 'order.changed' });
    const second = await waitFor(actor, (s) => s.matches('shown') && s.context.messages.length === 3);
    expect(second.context.messages.map((m) => m.event)).toEqual(['placed', 'on_the_way', 'delivered']);
    expect(asked).toEqual([{ vendorId: 'v-1', orderId: 'o-1' }, { vendorId: 'v-1', orderId: 'o-1' }]);
  });
});

// The model: load (answered, failed), retry, and the order moving in every state.

const contextOf = (snapshot: AnyMachineSnapshot | null) => snapshot?.context as RecipientMessagesContext | undefined;
const answer = [sms(20), email(10)];

const oracles: EffectOracle[] = [
  {
    rule: 'issue 26: the log is read when the drawer opens, on retry and on every move of the order, never otherwise',
    path: (steps) => {
      const reads = steps.filter((view) => view.event.type === 'xstate.init' || view.event.type === 'retry.requested' || view.event.type === 'order.changed').length;
      expect(steps.at(-1)?.replay.started.listMessages ?? []).toHaveLength(reads);
    },
  },
  {
    rule: 'issue 26: the shown log is the answer, oldest first; a failed read keeps what was shown',
    step: ({ event, before, after }) => {
      if (event.type === 'xstate.done.actor.listMessages') expect(contextOf(after)?.messages).toEqual([email(10), sms(20)]);
      else if (before) expect(contextOf(after)?.messages).toEqual(contextOf(before)?.messages);
      // The server's key, or the offline message for a failure with nothing to show.
      if (event.type === 'xstate.error.actor.listMessages') {
        const { error } = event as unknown as { error: Error & { translationKey?: string } };
        expect(contextOf(after)?.loadError).toBe(error.translationKey ?? 'error.offline');
      }
    },
  },
];

const events: ModelEvent[] = [
  { type: 'order.changed' },
  { type: 'retry.requested' },
  { type: 'xstate.done.actor.listMessages', output: answer },
  { type: 'xstate.error.actor.listMessages', error: apiError('error.forbidden') },
  { type: 'xstate.error.actor.listMessages', error: new Error('') },
];

const model: PathModel = {
  machine: recipientMessagesMachine,
  input: { vendorId: 'v-1', orderId: 'o-1' },
  strategy: 'shortest',
  oracles,
  events,
};

const paths: ModelPath[] = generatePaths(model);

describe('recipientMessages: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay) => {
        if (snapshot.matches('loading')) expect(replay.started.listMessages?.at(-1)).toEqual({ vendorId: 'v-1', orderId: 'o-1' });
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('recipientMessages', paths));
});
