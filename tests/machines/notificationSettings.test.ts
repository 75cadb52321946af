import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { NotificationSettingsBody } from '../../adapters/ports';
import { hasUnsavedChanges, notificationSettingsMachine, type NotificationSettingsContext } from '../../machines';
import type { EffectOracle } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type ModelPath, type PathModel } from './walkPaths';

/** An error as the API client throws it: the API's translation key beside the transport's text. */
const apiError = (translationKey: string, text = translationKey) => Object.assign(new Error(text), { translationKey });

/** The machine over an in-memory server holding each outlet's settings, recording every save. */
function start(options: { loadFailsOnce?: boolean; saveFails?: boolean } = {}) {
  const stored = new Map<string, NotificationSettingsBody>([['outlet-1', { email: ['delivered'], sms: [] }]]);
  const saves: { vendorId: string; settings: NotificationSettingsBody }[] = [];
  let loads = 0;
  const machine = notificationSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise<NotificationSettingsBody, { vendorId: string }>(async ({ input }) => {
        loads += 1;
        if (options.loadFailsOnce && loads === 1) throw apiError('error.forbidden');
        return stored.get(input.vendorId) ?? { email: [], sms: [] };
      }),
      saveSettings: fromPromise<NotificationSettingsBody, { vendorId: string; settings: NotificationSettingsBody }>(async ({ input }) => {
        if (options.saveFails) throw apiError('error.invalid-request');
        saves.push(input);
        stored.set(input.vendorId, input.settings);
        return input.settings;
      }),
    },
  });
  const actor = createActor(machine, { input: { vendorId: 'outlet-1' } }).start();
  return { actor, saves, stored, loads: () => loads };
}

describe('notificationSettings: spec', () => {
  it("loads the outlet's settings, saves the ticked events in the domain's order and says it saved", async () => {
    const { actor, saves } = start();
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.draft).toEqual({ email: ['delivered'], sms: [] });
    actor.send({ type: 'event.toggled', channel: 'sms', event: 'delivered', on: true });
    actor.send({ type: 'event.toggled', channel: 'sms', event: 'on_the_way', on: true });
    actor.send({ type: 'event.toggled', channel: 'email', event: 'delivered', on: false });
    expect(hasUnsavedChanges(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'save.requested' });
    const saved = await waitFor(actor, (s) => s.matches('ready') && s.context.justSaved);
    expect(saves).toEqual([{ vendorId: 'outlet-1', settings: { email: [], sms: ['on_the_way', 'delivered'] } }]);
    expect(saved.context.saved).toEqual({ email: [], sms: ['on_the_way', 'delivered'] });
    expect(hasUnsavedChanges(saved.context)).toBe(false);
  });

  it('sends nothing when nothing changed', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'event.toggled', channel: 'sms', event: 'near', on: true });
    actor.send({ type: 'event.toggled', channel: 'sms', event: 'near', on: false });
    actor.send({ type: 'save.requested' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(saves).toEqual([]);
  });

  it("keeps the draft and shows the server's reason when a save is refused", async () => {
    const { actor, stored } = start({ saveFails: true });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'event.toggled', channel: 'email', event: 'placed', on: true });
    actor.send({ type: 'save.requested' });
    const refused = await waitFor(actor, (s) => s.matches('ready') && s.context.saveError !== null);
    expect(refused.context.saveError).toBe('error.invalid-request');
    expect(refused.context.draft).toEqual({ email: ['placed', 'delivered'], sms: [] });
    expect(stored.get('outlet-1')).toEqual({ email: ['delivered'], sms: [] });
  });

  it('another outlet drops the unsaved draft and loads that outlet; a failed load is retried', async () => {
    const { actor, saves, loads } = start({ loadFailsOnce: true });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'retry.requested' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'event.toggled', channel: 'sms', event: 'placed', on: true });
    actor.send({ type: 'outlet.selected', vendorId: 'outlet-2' });
    const other = await waitFor(actor, (s) => s.matches('ready'));
    expect(other.context.vendorId).toBe('outlet-2');
    expect(other.context.draft).toEqual({ email: [], sms: [] });
    expect(loads()).toBe(3);
    expect(saves).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// The model: every path through load (answered, failed, retried), ticking and unticking, save
// (answered, refused, nothing to save) and choosing another outlet, with the effects checked: what
// the save call carries and when the settings are read.

const catalogue = JSON.parse(readFileSync(new URL('../../public/locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const contextOf = (snapshot: AnyMachineSnapshot | null) => snapshot?.context as NotificationSettingsContext | undefined;
const loaded: NotificationSettingsBody = { email: ['delivered'], sms: [] };

const oracles: EffectOracle[] = [
  {
    rule: 'issue 26: a save sends the whole draft of the outlet on screen, once per accepted save, and only when it changed',
    step: ({ event, before, after, replay }) => {
      if (event.type === 'save.requested' && after.matches('saving')) {
        const draft = contextOf(before)?.draft;
        expect(hasUnsavedChanges(contextOf(before)!)).toBe(true);
        expect(replay.started.saveSettings?.at(-1)).toEqual({ vendorId: contextOf(before)?.vendorId, settings: draft });
      }
    },
    path: (steps) => {
      const accepted = steps.filter((view) => view.event.type === 'save.requested' && view.after.matches('saving')).length;
      expect(steps.at(-1)?.replay.started.saveSettings ?? []).toHaveLength(accepted);
    },
  },
  {
    rule: 'issue 26: an outlet is read when the page opens, on retry and when another outlet is chosen, never otherwise',
    path: (steps) => {
      const reads = steps.filter((view) => view.event.type === 'xstate.init' || view.event.type === 'retry.requested' || view.event.type === 'outlet.selected')
        .filter((view) => view.after.matches('loading') && (view.event.type !== 'outlet.selected' || view.after.context.vendorId !== contextOf(view.before)?.vendorId)).length;
      expect(steps.at(-1)?.replay.started.loadSettings ?? []).toHaveLength(reads);
    },
  },
  {
    rule: 'issue 26: what the server holds is what was loaded or saved; a refused save keeps the draft',
    step: ({ event, before, after }) => {
      const b = contextOf(before);
      const a = contextOf(after)!;
      if (event.type === 'xstate.done.actor.saveSettings') {
        expect(a.saved).toEqual(b?.draft);
        expect(a.justSaved).toBe(true);
      } else if (event.type === 'xstate.error.actor.saveSettings') {
        expect(a.draft).toEqual(b?.draft);
        expect(a.saved).toEqual(b?.saved);
      } else if (event.type === 'xstate.done.actor.loadSettings') {
        expect(a.saved).toEqual(loaded);
      } else if (b && event.type !== 'outlet.selected') {
        expect(a.saved).toEqual(b.saved);
      }
    },
  },
  {
    rule: "issue 26: a failed load or save says why: the server's key, or the offline message when it has none",
    step: ({ event, after }) => {
      const { error } = event as unknown as { error?: Error & { translationKey?: string } };
      const shown = error?.translationKey ?? 'error.offline';
      if (event.type === 'xstate.error.actor.loadSettings') expect(contextOf(after)?.loadError).toBe(shown);
      if (event.type === 'xstate.error.actor.saveSettings') expect(contextOf(after)?.saveError).toBe(shown);
    },
  },
  {
    rule: 'issue 26: every error shown is a translated message',
    step: ({ after }) => {
      for (const key of [contextOf(after)?.saveError, contextOf(after)?.loadError]) if (key) expect(catalogue[key], `${key} is in the catalogue`).toBeDefined();
    },
  },
];

const events = (snapshot: AnyMachineSnapshot): ModelEvent[] => {
  const { vendorId, draft } = snapshot.context as NotificationSettingsContext;
  return [
    { type: 'event.toggled', channel: 'sms', event: 'on_the_way', on: !draft.sms.includes('on_the_way') },
    { type: 'event.toggled', channel: 'email', event: 'delivered', on: !draft.email.includes('delivered') },
    { type: 'save.requested' },
    { type: 'retry.requested' },
    { type: 'outlet.selected', vendorId: vendorId === 'outlet-1' ? 'outlet-2' : 'outlet-1' },
    { type: 'outlet.selected', vendorId },
    { type: 'xstate.done.actor.loadSettings', output: loaded },
    { type: 'xstate.error.actor.loadSettings', error: apiError('error.forbidden') },
    { type: 'xstate.error.actor.loadSettings', error: new Error('') },
    { type: 'xstate.done.actor.saveSettings', output: draft },
    { type: 'xstate.error.actor.saveSettings', error: apiError('error.invalid-request') },
    { type: 'xstate.error.actor.saveSettings', error: new Error('') },
  ];
};

const model: PathModel = {
  machine: notificationSettingsMachine,
  input: { vendorId: 'outlet-1' },
  strategy: 'shortest',
  oracles,
  events,
  serializeState: (snapshot) => {
    const context = snapshot.context as NotificationSettingsContext;
    return JSON.stringify([snapshot.value, context.vendorId, context.saved, context.draft, context.saveError, context.loadError, context.justSaved]);
  },
};

/** The outlet on screen chosen again (the picker re-sends it): the traversal never sends an event a
 * state ignores, so it is appended to every path that ends with settings on screen, and the replay
 * sees nothing change: no read, the unsaved draft kept. */
function withSameOutletSelected(generated: ModelPath[]): ModelPath[] {
  return generated
    .filter((path) => path.state.matches('ready') || path.state.matches('saving'))
    .map((path) => {
      const event = { type: 'outlet.selected', vendorId: (path.state.context as NotificationSettingsContext).vendorId };
      return { ...path, steps: [...path.steps, { state: path.state, event }], weight: path.weight + 1 };
    });
}

const generated: ModelPath[] = generatePaths(model);
const paths: ModelPath[] = [...generated, ...withSameOutletSelected(generated)];

describe('notificationSettings: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay) => {
        const context = snapshot.context as NotificationSettingsContext;
        if (snapshot.matches('loading')) expect(replay.started.loadSettings?.at(-1)).toEqual({ vendorId: context.vendorId });
        if (snapshot.matches('saving')) expect(replay.started.saveSettings?.at(-1)).toEqual({ vendorId: context.vendorId, settings: context.draft });
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('notificationSettings', paths));
});
