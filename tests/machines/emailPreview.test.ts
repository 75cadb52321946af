import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { EmailPreview, EmailPreviewQuery } from '../../adapters/ports';
import { emailPreviewMachine, type EmailPreviewContext } from '../../machines';
import type { EffectOracle } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

const apiError = (translationKey: string) => Object.assign(new Error(translationKey), { translationKey });
const previewOf = (vendorId: string, query: EmailPreviewQuery): EmailPreview => ({
  from: 'Sender <no-reply@example.com>', subject: `${vendorId}:${query.event}`, text: 'body', language: query.language ?? 'en',
});

/** The machine with a server that answers from what it was asked (or refuses once when told). */
function started(options: { refuseFirst?: boolean } = {}) {
  const asked: { vendorId: string; query: EmailPreviewQuery }[] = [];
  const actor = createActor(emailPreviewMachine.provide({
    actors: {
      loadPreview: fromPromise(async ({ input }: { input: { vendorId: string; query: EmailPreviewQuery } }) => {
        asked.push(input);
        if (options.refuseFirst && asked.length === 1) throw apiError('error.forbidden');
        return previewOf(input.vendorId, input.query);
      }),
    },
  }), { input: { vendorId: 'v-1', event: 'placed', language: null } }).start();
  return { actor, asked };
}

describe('emailPreview', () => {
  it("reads the outlet's e-mail for the event in the country's default language, then for each new choice", async () => {
    const { actor, asked } = started();
    expect((await waitFor(actor, (s) => s.matches('shown'))).context.preview?.subject).toBe('v-1:placed');
    actor.send({ type: 'choice.changed', language: 'ar-SA' });
    expect((await waitFor(actor, (s) => s.matches('shown') && s.context.preview?.language === 'ar-SA')).context.preview?.subject).toBe('v-1:placed');
    actor.send({ type: 'choice.changed', event: 'delivered' });
    expect((await waitFor(actor, (s) => s.matches('shown') && s.context.preview?.subject === 'v-1:delivered')).context.preview?.language).toBe('ar-SA');
    // The same choice again asks nothing.
    actor.send({ type: 'choice.changed', event: 'delivered', language: 'ar-SA' });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    expect(asked).toEqual([
      { vendorId: 'v-1', query: { event: 'placed' } },
      { vendorId: 'v-1', query: { event: 'placed', language: 'ar-SA' } },
      { vendorId: 'v-1', query: { event: 'delivered', language: 'ar-SA' } },
    ]);
  });

  it("another outlet is asked about in its own country's default language", async () => {
    const { actor, asked } = started();
    actor.send({ type: 'choice.changed', language: 'ar-SA' });
    await waitFor(actor, (s) => s.matches('shown') && s.context.preview?.language === 'ar-SA');
    actor.send({ type: 'outlet.selected', vendorId: 'v-2' });
    expect((await waitFor(actor, (s) => s.matches('shown') && s.context.vendorId === 'v-2')).context.preview?.subject).toBe('v-2:placed');
    expect(asked.at(-1)).toEqual({ vendorId: 'v-2', query: { event: 'placed' } });
  });

  it('keeps only the answer to the latest choice when the choice changes while loading', async () => {
    const { actor } = started();
    actor.send({ type: 'choice.changed', event: 'near' });
    const shown = await waitFor(actor, (s) => s.matches('shown'));
    expect(shown.context.preview?.subject).toBe('v-1:near');
  });

  it('says why a read failed, and reads again on retry', async () => {
    const { actor, asked } = started({ refuseFirst: true });
    expect((await waitFor(actor, (s) => s.matches('failed'))).context.loadError).toBe('error.forbidden');
    actor.send({ type: 'retry.requested' });
    const shown = await waitFor(actor, (s) => s.matches('shown'));
    expect(shown.context.loadError).toBeNull();
    expect(asked).toHaveLength(2);
  });
});

// The model: every choice (new or the same), another outlet or the same, answers and failures, from
// every state. The oracles check what reaches the server and what the screen is left with.

type PreviewCall = { vendorId: string; query: EmailPreviewQuery };
const contextOf = (snapshot: { context: unknown } | null | undefined) => snapshot?.context as EmailPreviewContext | undefined;
const callOf = (context: EmailPreviewContext): PreviewCall => ({
  vendorId: context.vendorId,
  query: { event: context.event, ...(context.language !== null ? { language: context.language } : {}) },
});
const sample = previewOf('v-1', { event: 'placed' });

const oracles: EffectOracle[] = [
  {
    rule: 'issue 26: the preview is read for the current outlet, event and language on opening, on each new choice and on retry, and at no other time',
    path: (steps) => {
      const expected: PreviewCall[] = [];
      for (const { before, after } of steps) {
        const was = contextOf(before);
        const now = contextOf(after);
        if (!now || !after.matches('loading')) continue;
        const asksAgain = !was || !before?.matches('loading') || JSON.stringify(callOf(was)) !== JSON.stringify(callOf(now));
        if (asksAgain) expected.push(callOf(now));
      }
      expect(steps.at(-1)?.replay.started.loadPreview ?? []).toEqual(expected);
    },
  },
  {
    rule: 'issue 26: another outlet starts from its country\'s default language and shows no preview of the previous one',
    step: ({ event, before, after }) => {
      if (event.type !== 'outlet.selected') return;
      const { vendorId } = event as unknown as { vendorId: string };
      if (contextOf(before)?.vendorId === vendorId) return;
      expect(contextOf(after)).toMatchObject({ vendorId, language: null, preview: null });
    },
  },
  {
    rule: 'issue 26: a failed read says why (the server\'s key); a shown preview carries no error',
    step: ({ event, after }) => {
      // The server's key, or the offline message for a failure with nothing to show.
      if (event.type === 'xstate.error.actor.loadPreview') {
        const { error } = event as unknown as { error: Error & { translationKey?: string } };
        expect(contextOf(after)?.loadError).toBe(error.translationKey ?? 'error.offline');
      }
      if (after.matches('shown')) expect(contextOf(after)).toMatchObject({ preview: sample, loadError: null });
    },
  },
];

const model: PathModel = {
  machine: emailPreviewMachine,
  input: { vendorId: 'v-1', event: 'placed', language: null },
  strategy: 'shortest',
  oracles,
  events: [
    { type: 'choice.changed', event: 'delivered' },
    { type: 'choice.changed', language: 'ar-SA' },
    { type: 'choice.changed', event: 'placed', language: null },
    { type: 'outlet.selected', vendorId: 'v-2' },
    { type: 'outlet.selected', vendorId: 'v-1' },
    { type: 'retry.requested' },
    { type: 'xstate.done.actor.loadPreview', output: sample },
    { type: 'xstate.error.actor.loadPreview', error: apiError('error.forbidden') },
    { type: 'xstate.error.actor.loadPreview', error: new Error('') },
  ],
};

/** The choice and the outlet on screen sent again (a picker re-sends its value): the traversal never
 * sends an event a state ignores, so they are appended to every path, and the replay sees nothing
 * change and no read. Each picker sends its own half of the choice, so the event alone and the
 * language alone (the country's default, null, included) are re-sent too. */
function withSameChoiceAgain(generated: ModelPath[]): ModelPath[] {
  return generated.map((path) => {
    const { vendorId, event, language } = path.state.context as EmailPreviewContext;
    const again = [
      { type: 'choice.changed', event, language },
      { type: 'choice.changed', event },
      { type: 'choice.changed', language },
      { type: 'outlet.selected', vendorId },
    ];
    return { ...path, steps: [...path.steps, ...again.map((sent) => ({ state: path.state, event: sent }))], weight: path.weight + again.length };
  });
}

const generated: ModelPath[] = generatePaths(model);
const paths: ModelPath[] = [...generated, ...withSameChoiceAgain(generated)];

describe('emailPreview: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot) => {
        // Only a failed read offers a retry.
        expect(snapshot.can({ type: 'retry.requested' })).toBe(snapshot.matches('failed'));
      });
    });
  }

  it('walks every transition', () => checkPathCount('emailPreview', paths));
});
