import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import type { AuditEvent, AuditQuery } from '../../adapters/ports';
import { AUDIT_PAGE_SIZE, AUDIT_TOAST_TOPIC, auditTrailMachine, type AuditTrailContext } from '../../machines';
import { listReadOncePerLoad, sameVendorAgain, withIgnoredStep } from './ignoredSteps';
import { effectExactlyWhen, isDone, isError, type EffectOracle, type StepView } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type ModelPath, type PathModel } from './walkPaths';

const event = (n: number): AuditEvent => ({
  event_id: `e-${n}`, vendor_id: 'v-1', actor: 'disp@example.com', action: n % 2 ? 'order.placed' : 'order.cancelled', subject: `o-${n}`, detail: {}, at: 1_800_000_000 - n,
});
const events = (count: number) => Array.from({ length: count }, (_, n) => event(n));
const CSV = { file: new Blob(['at,actor\n']), fileName: 'audit-v-1.csv' };
const apiError = (translationKey: string) => Object.assign(new Error(translationKey), { translationKey });

function start(options: { trail?: AuditEvent[]; loadFails?: boolean; exportFails?: boolean } = {}) {
  const loads: { vendorId: string; filter: AuditQuery }[] = [];
  const saved: unknown[] = [];
  const toasts: unknown[] = [];
  const machine = auditTrailMachine.provide({
    actions: { toast: (_, params) => void toasts.push(params), saveFile: (_, params) => void saved.push(params) },
    actors: {
      listEvents: fromPromise<AuditEvent[], { vendorId: string; filter: AuditQuery }>(async ({ input }) => {
        loads.push(input);
        if (options.loadFails && loads.length === 1) throw apiError('error.server');
        return options.trail ?? events(3);
      }),
      downloadCsv: fromPromise<{ file: Blob; fileName: string }, { vendorId: string; filter: AuditQuery }>(async () => {
        if (options.exportFails) throw apiError('error.role-forbidden');
        return CSV;
      }),
    },
  });
  return { actor: createActor(machine, { input: { vendorId: 'v-1' } }).start(), loads, saved, toasts };
}

describe('auditTrail: spec', () => {
  it('loads the trail for the filter, and again for a new filter', async () => {
    const { actor, loads } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'filter.changed', filter: { actor: 'disp@example.com', action: 'order.cancelled', from: 10, to: 20 } });
    const after = await waitFor(actor, (s) => s.matches('ready'));
    expect(loads).toEqual([{ vendorId: 'v-1', filter: {} }, { vendorId: 'v-1', filter: { actor: 'disp@example.com', action: 'order.cancelled', from: 10, to: 20 } }]);
    expect(after.context.events).toHaveLength(3);
  });

  it('shows a page at a time and never more than there is', async () => {
    const { actor } = start({ trail: events(AUDIT_PAGE_SIZE + 10) });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.shown).toBe(AUDIT_PAGE_SIZE);
    actor.send({ type: 'more.requested' });
    actor.send({ type: 'more.requested' });
    expect(actor.getSnapshot().context.shown).toBe(2 * AUDIT_PAGE_SIZE);
  });

  it('downloads the CSV of the same filter and saves it; a refusal is a toast', async () => {
    const ok = start();
    await waitFor(ok.actor, (s) => s.matches('ready'));
    ok.actor.send({ type: 'export.requested' });
    await waitFor(ok.actor, (s) => s.matches('ready') && ok.saved.length > 0);
    expect(ok.saved).toEqual([CSV]);
    const refused = start({ exportFails: true });
    await waitFor(refused.actor, (s) => s.matches('ready'));
    refused.actor.send({ type: 'export.requested' });
    await waitFor(refused.actor, (s) => s.matches('ready') && refused.toasts.length > 0);
    expect(refused.toasts).toEqual([{ kind: 'error', message: 'error.role-forbidden', topic: AUDIT_TOAST_TOPIC }]);
  });

  it('retries a failed load, and loads another vendor\'s trail', async () => {
    const { actor, loads } = start({ loadFails: true });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'retry.requested' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'vendor.selected', vendorId: 'v-2' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.vendorId === 'v-2');
    expect(loads.map((load) => load.vendorId)).toEqual(['v-1', 'v-1', 'v-2']);
  });
});

// ---------------------------------------------------------------------------------------------------
// The model: load, filter, more, export, retry and another vendor, with each call answering or failing.

const catalogue = JSON.parse(readFileSync(new URL('../../public/locales/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const contextOf = (snapshot: AnyMachineSnapshot | null) => snapshot?.context as AuditTrailContext | undefined;
const FILTER: AuditQuery = { action: 'order.cancelled' };
/** The key a failure is shown with: the API's translation key, else the offline text's key. */
const shownKeyOf = (error: unknown) => (error as { translationKey?: string }).translationKey ?? 'error.offline';
/** A failure with nothing to show (the connection dropped before any answer): the offline text's key. */
const silentFailure = new TypeError('');

const oracles: EffectOracle[] = [
  effectExactlyWhen('issue 27: the CSV is saved once per download, as the server sent it', 'saveFile', isDone('downloadCsv'), () => CSV),
  effectExactlyWhen(
    'issue 27: a refused download shows an error toast with its translated reason; nothing else toasts',
    'toast',
    isError('downloadCsv'),
    (view: StepView) => {
      const key = shownKeyOf((view.event as unknown as { error: unknown }).error);
      expect(catalogue[key], `${key} is in the catalogue`).toBeDefined();
      return { kind: 'error', message: key, topic: AUDIT_TOAST_TOPIC };
    },
  ),
  {
    rule: 'issue 27: the table never shows more rows than the trail has pages for',
    step: ({ after }) => {
      const context = contextOf(after);
      if (context) expect(context.shown).toBeLessThanOrEqual(Math.max(AUDIT_PAGE_SIZE, context.events.length + AUDIT_PAGE_SIZE - 1));
    },
  },
  {
    rule: 'issue 27: "show more" adds one page while the trail has rows not shown, and nothing once every row is shown',
    step: ({ event, before, after }) => {
      if (event.type !== 'more.requested') return;
      const was = contextOf(before);
      const moreToShow = was !== undefined && was.shown < was.events.length;
      expect(contextOf(after)?.shown).toBe(moreToShow ? was.shown + AUDIT_PAGE_SIZE : was?.shown);
    },
  },
  {
    rule: 'issue 27: a trail that cannot load says why, translated, and offers a retry',
    step: ({ event, after }) => {
      if (event.type !== 'xstate.error.actor.listEvents') return;
      const key = shownKeyOf((event as unknown as { error: unknown }).error);
      expect(after.matches('failed')).toBe(true);
      expect(contextOf(after)?.loadError).toBe(key);
      expect(catalogue[key], `${key} is in the catalogue`).toBeDefined();
    },
  },
  listReadOncePerLoad('listEvents', ['filter.changed']),
];

const modelEvents = (snapshot: AnyMachineSnapshot): ModelEvent[] => {
  const { vendorId, filter } = snapshot.context as AuditTrailContext;
  return [
    ...(vendorId === 'v-1' ? [{ type: 'vendor.selected', vendorId: 'v-2' }] : []),
    ...(filter.action === undefined ? [{ type: 'filter.changed', filter: FILTER }] : []),
    { type: 'more.requested' },
    { type: 'export.requested' },
    { type: 'retry.requested' },
    { type: 'xstate.done.actor.listEvents', output: events(AUDIT_PAGE_SIZE + 1) },
    // Exactly one page: nothing more to show from the start.
    { type: 'xstate.done.actor.listEvents', output: events(AUDIT_PAGE_SIZE) },
    { type: 'xstate.error.actor.listEvents', error: apiError('error.role-forbidden') },
    { type: 'xstate.error.actor.listEvents', error: silentFailure },
    { type: 'xstate.done.actor.downloadCsv', output: CSV },
    { type: 'xstate.error.actor.downloadCsv', error: apiError('error.role-forbidden') },
  ];
};

const model: PathModel = {
  machine: auditTrailMachine,
  input: { vendorId: 'v-1' },
  strategy: 'shortest',
  effects: ['toast', 'saveFile'],
  oracles,
  events: modelEvents,
  serializeState: (snapshot) => {
    const context = snapshot.context as AuditTrailContext;
    return JSON.stringify([snapshot.value, context.vendorId, context.filter, context.events.length, context.shown, context.loadError]);
  },
};

/**
 * A download that fails with nothing to show ends where a refused one does (the toast is no part of
 * the state), so among the main model's samples a shorter path reaches that state first and this
 * step is never walked: a small model of its own walks it, and the toast oracle sees the offline text.
 */
const silentDownloadModel: PathModel = {
  ...model,
  strategy: 'simple',
  events: [
    { type: 'xstate.done.actor.listEvents', output: events(3) },
    { type: 'export.requested' },
    { type: 'xstate.error.actor.downloadCsv', error: silentFailure },
  ],
};

const generated: ModelPath[] = [...generatePaths(model), ...generatePaths(silentDownloadModel)];
/** Events the page ignores, which the traversal never sends: "show more" once every row is shown,
 * and the vendor on screen chosen again (any state). */
const paths: ModelPath[] = [
  ...generated,
  ...withIgnoredStep(generated, (end) => {
    const { shown, events: trail } = end.context as AuditTrailContext;
    return end.matches('ready') && shown >= trail.length ? { type: 'more.requested' } : null;
  }),
  ...withIgnoredStep(generated, sameVendorAgain),
];

describe('auditTrail: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay) => {
        const context = snapshot.context as AuditTrailContext;
        // Each call asks for the vendor and filter the page shows.
        if (snapshot.matches('loading')) expect(replay.started.listEvents?.at(-1)).toEqual({ vendorId: context.vendorId, filter: context.filter });
        if (snapshot.matches('exporting')) expect(replay.started.downloadCsv?.at(-1)).toEqual({ vendorId: context.vendorId, filter: context.filter });
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('auditTrail', paths));
});
