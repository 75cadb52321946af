import { describe, expect, it } from 'vitest';
import type { OrderTemplate, OrderTemplateBody } from '../../domain/api';
import { orderTemplatesMachine, selectedTemplateOf, TEMPLATE_TEXTS, type OrderTemplatesContext } from '../../machines';
import { NOW } from './builders';
import { effectNever, isDone, isError, isToastOf, named, type EffectOracle, type StepView } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

// Issue #27, saved templates per outlet: listed, saved from a filled-in request, renamed, deleted
// after a confirmation. The list changes only when the server confirmed the change.

const bodyOf = (name: string): OrderTemplateBody => ({
  name, customer_name: 'Huda Nasser', phone_number: '+966502223344', latitude: 24.75, longitude: 46.62,
  address: '3, Villa 8, Al Yasmin, Riyadh', notes: 'Back gate', amount: 45, description: 'Bread basket', payment_method: 'CASH_ON_DELIVERY',
});
const stored = (id: string, name: string): OrderTemplate => ({ ...bodyOf(name), id, vendor_id: 'vendor-1', created_at: NOW, updated_at: NOW });
const bread = stored('template-1', 'Morning bread');
// Another recipient and item: a rename must send back the renamed template's own fields.
const cakes: OrderTemplate = { ...stored('template-2', 'Cakes'), customer_name: 'Omar Saleh', description: 'Cake box' };

const events = [
  { type: 'xstate.done.actor.listTemplates', output: [bread, cakes] },
  { type: 'xstate.done.actor.listTemplates', output: [] },
  { type: 'xstate.error.actor.listTemplates', error: new Error('500') },
  { type: 'retry.requested' },
  { type: 'save.requested', template: bodyOf('  Evening flowers ') },
  { type: 'save.requested', template: bodyOf('   ') },
  { type: 'xstate.done.actor.createTemplate', output: stored('template-3', 'Evening flowers') },
  { type: 'xstate.error.actor.createTemplate', error: new Error('templates.error.too-many') },
  { type: 'rename.started', templateId: 'template-1' },
  { type: 'rename.started', templateId: 'template-9' },
  { type: 'rename.submitted', name: ' Bread at dawn  ' },
  { type: 'rename.submitted', name: '   ' },
  { type: 'rename.cancelled' },
  { type: 'xstate.done.actor.updateTemplate', output: { ...bread, name: 'Bread at dawn' } },
  { type: 'xstate.error.actor.updateTemplate', error: new Error('500') },
  { type: 'delete.requested', templateId: 'template-2' },
  { type: 'delete.confirmed' },
  { type: 'delete.cancelled' },
  { type: 'xstate.done.actor.deleteTemplate' },
  { type: 'xstate.error.actor.deleteTemplate', error: new Error('404') },
];

const contextOf = (view: StepView) => view.after.context as OrderTemplatesContext;
const namesOf = (context: OrderTemplatesContext) => context.templates.map((template) => template.name);
const messagesOf = (view: StepView) => named(view.effects, 'toast').map((effect) => (effect.params as { message: string }).message);
const changedOnServer = (view: StepView) => ['listTemplates', 'createTemplate', 'updateTemplate', 'deleteTemplate'].some((id) => isDone(id)(view));

const oracles: EffectOracle[] = [
  {
    rule: '#27 Templates: "saved", "renamed" or "deleted" exactly when the server confirmed that change',
    step: (view) => {
      const successes = named(view.effects, 'toast').filter((effect) => (effect.params as { kind: string }).kind === 'success');
      const expected = isDone('createTemplate')(view) ? TEMPLATE_TEXTS.saved
        : isDone('updateTemplate')(view) ? TEMPLATE_TEXTS.renamed
          : isDone('deleteTemplate')(view) ? TEMPLATE_TEXTS.deleted : null;
      expect(successes.map((effect) => effect.params)).toEqual(expected ? [{ kind: 'success', message: expected, topic: 'order-templates' }] : []);
    },
  },
  effectNever('#27 Templates: a confirmed change shows no error', isToastOf('error'), changedOnServer),
  {
    rule: '#27 Templates: a refused change says why, with the server\'s translation key',
    step: (view) => {
      for (const id of ['createTemplate', 'updateTemplate', 'deleteTemplate']) {
        // A failure with nothing to show (no key, no message) says "offline".
        if (!isError(id)(view)) continue;
        const message = (view.event as unknown as { error: Error }).error.message || 'error.offline';
        expect(named(view.effects, 'toast').map((effect) => effect.params)).toEqual([{ kind: 'error', message, topic: 'order-templates' }]);
      }
    },
  },
  {
    rule: '#27 Templates: the list changes only when the server confirmed a change, and stays sorted by name',
    step: (view) => {
      const before = view.before?.context as OrderTemplatesContext | undefined;
      const after = contextOf(view);
      if (!changedOnServer(view) && before) expect(namesOf(after)).toEqual(namesOf(before));
      expect(namesOf(after)).toEqual([...namesOf(after)].sort((a, b) => a.localeCompare(b)));
    },
  },
  {
    rule: '#27 Templates: a template without a name is never sent',
    step: (view) => {
      if (view.event.type === 'save.requested' || view.event.type === 'rename.submitted') {
        const name = view.event.type === 'save.requested' ? (view.event as unknown as { template: OrderTemplateBody }).template.name : (view.event as unknown as { name: string }).name;
        if (name.trim() === '') expect(messagesOf(view)).toEqual([TEMPLATE_TEXTS.nameRequired]);
      }
    },
  },
];

const model: PathModel = {
  machine: orderTemplatesMachine,
  input: { vendorId: 'vendor-1' },
  strategy: 'shortest',
  effects: ['toast'],
  oracles,
  events,
  serializeState: (snapshot) => {
    const c = snapshot.context as OrderTemplatesContext;
    return JSON.stringify([snapshot.value, c.templates.map((template) => template.id + template.name), c.selectedId]);
  },
};

/** Extra steps the traversal never takes, appended to the paths it generated:
 * - an unknown template (deleted in another tab) renamed or deleted from the list: the event is
 *   ignored, so the traversal never sends it; the replay sees nothing selected and nothing sent;
 * - a failure with nothing to show: it ends where the same call's other failure ends, so the
 *   traversal walks only one of the two; the oracle wants the offline message for it. */
const UNKNOWN_TEMPLATE = [
  { type: 'rename.started', templateId: 'template-9' },
  { type: 'delete.requested', templateId: 'template-9' },
];
function withStepsNeverWalked(generated: ModelPath[]): ModelPath[] {
  const unknownPicked = generated
    .filter((path) => path.state.matches({ ready: 'idle' }))
    .map((path) => ({ ...path, steps: [...path.steps, ...UNKNOWN_TEMPLATE.map((event) => ({ state: path.state, event }))], weight: path.weight + UNKNOWN_TEMPLATE.length }));
  const blankFailures = generated
    .filter((path) => /^xstate\.error\.actor\.(create|update|delete)Template$/.test(path.steps.at(-1)?.event.type ?? ''))
    .map((path) => {
      const last = path.steps.at(-1)!;
      return { ...path, steps: [...path.steps.slice(0, -1), { ...last, event: { ...last.event, error: new Error('') } }] };
    });
  return [...unknownPicked, ...blankFailures];
}

const generated = generatePaths(model);
const paths = [...generated, ...withStepsNeverWalked(generated)];

describe('orderTemplates: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        const c = snapshot.context as OrderTemplatesContext;
        // Every call is for the outlet of the screen; the sent names are trimmed.
        for (const id of ['listTemplates', 'createTemplate', 'updateTemplate', 'deleteTemplate']) {
          for (const sent of (replay.started[id] ?? []) as { vendorId: string }[]) expect(sent.vendorId).toBe('vendor-1');
        }
        if (step.event.type === 'save.requested' && snapshot.matches({ ready: 'creating' })) {
          expect(replay.started.createTemplate?.at(-1)).toEqual({ vendorId: 'vendor-1', template: bodyOf('Evening flowers') });
        }
        if (step.event.type === 'rename.submitted' && snapshot.matches({ ready: 'updating' })) {
          // The whole template goes back with the new name: nothing else of it changes.
          expect(replay.started.updateTemplate?.at(-1)).toEqual({ vendorId: 'vendor-1', templateId: 'template-1', template: bodyOf('Bread at dawn') });
        }
        if (step.event.type === 'delete.confirmed') expect(replay.started.deleteTemplate?.at(-1)).toEqual({ vendorId: 'vendor-1', templateId: 'template-2' });
        if (step.event.type === 'xstate.done.actor.deleteTemplate') expect(c.templates.some((template) => template.id === 'template-2')).toBe(false);
        if (step.event.type === 'xstate.done.actor.updateTemplate') expect(c.templates.find((template) => template.id === 'template-1')?.name).toBe('Bread at dawn');
        // Renaming or deleting names a template of the list; an unknown one is ignored.
        if (snapshot.matches({ ready: 'renaming' }) || snapshot.matches({ ready: 'confirmingDelete' })) {
          expect(c.templates.some((template) => template.id === c.selectedId)).toBe(true);
        }
        if (snapshot.matches({ ready: 'idle' })) expect(c.selectedId).toBeNull();
      });
    });
  }
});

describe('orderTemplates: spec', () => {
  it('names the template being renamed or deleted, and none when nothing is selected', () => {
    const context: OrderTemplatesContext = { vendorId: 'vendor-1', templates: [cakes, bread], selectedId: 'template-1', pending: null };
    expect(selectedTemplateOf(context)).toBe(bread);
    expect(selectedTemplateOf({ ...context, selectedId: null })).toBeNull();
    expect(selectedTemplateOf({ ...context, selectedId: 'template-9' })).toBeNull();
  });

  it('walks every transition', () => checkPathCount('orderTemplates', paths as ModelPath[]));
});
