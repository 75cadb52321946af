// The shared model test of the period-figures machines (machines/periodFigures.ts): the History's
// trend and the Insights page. Each test file gives its machine, its figures with and without orders
// and its periods; this walks every path of the four states and checks the effects on each step (the
// fetch asked for the current vendor and period, once per load), then the spec cases.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyStateMachine } from 'xstate';
import { dateRangeFor } from '../../domain';
import type { FetchPeriodFiguresInput, PeriodFiguresInput, PeriodFilters } from '../../machines/periodFigures';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

export interface PeriodFiguresModel<Figures> {
  name: string;
  machine: AnyStateMachine;
  now: number;
  zone: string;
  /** The period the machine starts with, another accepted one, the start with the outlet toggle flipped, and a custom range the domain refuses. */
  periods: { start: PeriodFilters; other: PeriodFilters; toggled: PeriodFilters; refused: PeriodFilters };
  /** What a refused starting period asks for instead. */
  fallback: PeriodFilters;
  /** An answer with orders and one without. */
  busy: Figures;
  quiet: Figures;
  /** A number that tells the answers apart in the walk's state keys. */
  countOf: (figures: Figures) => number;
}

interface FiguresContext<Figures> { filters: PeriodFilters; vendorId: string; figures: Figures | null; error: string | null }

/** The machine with a fetch that answers from `answers` in turn (then never), recording what it was asked. */
export function startPeriodFigures<Figures>(model: PeriodFiguresModel<Figures>, answers: (Figures | Error)[], asked: FetchPeriodFiguresInput[] = [], filters = model.periods.start) {
  const fetchFigures = fromPromise<Figures, FetchPeriodFiguresInput>(async ({ input: fetchInput }) => {
    asked.push(fetchInput);
    const next = answers.shift();
    if (next === undefined) return new Promise<Figures>(() => undefined);
    if (next instanceof Error) throw next;
    return next;
  });
  const input: PeriodFiguresInput = { vendorId: 'v-1', timeZone: model.zone, nowUnix: () => model.now, filters };
  return createActor(model.machine.provide({ actors: { fetchFigures } }), { input }).start();
}

/** The query the server must receive for these filters (the domain's range in the zone). */
export function expectedFetch(model: Pick<PeriodFiguresModel<unknown>, 'now' | 'zone'>, vendorId: string, filters: PeriodFilters): FetchPeriodFiguresInput {
  const { from, to } = dateRangeFor(filters.category, model.now, model.zone, filters.custom ?? undefined);
  return { vendorId, query: { from, to, include_outlets: filters.includeOutlets } };
}

export function describePeriodFiguresMachine<Figures>(model: PeriodFiguresModel<Figures>): void {
  const { name, machine, periods, busy, quiet, countOf } = model;
  const input: PeriodFiguresInput = { vendorId: 'v-1', timeZone: model.zone, nowUnix: () => model.now, filters: periods.start };
  // Both sides of every guard: a new period, the same one again, a refused custom range, the outlet
  // toggle, another vendor and the same vendor; answers with orders, without, and a failure.
  const events: PathModel['events'] = [
    { type: 'filters.changed', filters: periods.other },
    { type: 'filters.changed', filters: periods.start },
    { type: 'filters.changed', filters: periods.toggled },
    { type: 'filters.changed', filters: periods.refused },
    { type: 'vendor.changed', vendorId: 'v-2' },
    { type: 'vendor.changed', vendorId: 'v-1' },
    { type: 'retry.requested' },
    { type: 'xstate.done.actor.fetchFigures', output: busy },
    { type: 'xstate.done.actor.fetchFigures', output: quiet },
    { type: 'xstate.error.actor.fetchFigures', error: new Error('error.server') },
  ];
  type Snapshot = Parameters<NonNullable<PathModel['serializeState']>>[0];
  const contextOf = (snapshot: Snapshot) => snapshot.context as FiguresContext<Figures>;
  const counted = (figures: Figures | null) => (figures === null ? null : countOf(figures));

  const models: Record<string, PathModel> = {
    // Every sequence of the four states, each event tried from each.
    states: {
      machine,
      input,
      strategy: 'simple',
      events,
      serializeState: (snapshot) => JSON.stringify([snapshot.value, counted(contextOf(snapshot).figures), contextOf(snapshot).error]),
      maxPaths: 500,
    },
    // The shortest way to each state with each period and vendor (simple paths over those run to tens of thousands).
    periods: {
      machine,
      input,
      strategy: 'shortest',
      events,
      serializeState: (snapshot) => {
        const { filters, vendorId, figures, error } = contextOf(snapshot);
        return JSON.stringify([snapshot.value, filters, vendorId, counted(figures), error]);
      },
      maxPaths: 500,
    },
  };

  /** The loads a path entered up to step `last`: the start, each accepted period or vendor change, each retry. */
  function loadsUpTo(path: ModelPath, last: number): number {
    let loads = 0;
    path.steps.slice(0, last + 1).forEach((step, index) => {
      const before = index > 0 ? path.steps[index - 1]?.state : undefined;
      const type = step.event.type;
      if (!before) loads += 1;
      else if (type === 'retry.requested' && before.matches('failed')) loads += 1;
      else if ((type === 'filters.changed' || type === 'vendor.changed') && JSON.stringify([before.context.filters, before.context.vendorId]) !== JSON.stringify([step.state.context.filters, step.state.context.vendorId])) loads += 1;
    });
    return loads;
  }

  const walked: ModelPath[] = [];
  for (const [modelName, pathModel] of Object.entries(models)) {
    const paths = generatePaths(pathModel);
    walked.push(...paths);
    describe(`${name} (${modelName}): every path`, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          await replayPath(pathModel, path, (snapshot, replay, step) => {
            const context = snapshot.context as FiguresContext<Figures>;
            if (snapshot.matches('loading')) {
              // Every (re)load asks for the current vendor and period, never the refused one.
              expect(replay.started.fetchFigures?.at(-1)).toEqual(expectedFetch(model, context.vendorId, context.filters));
              expect(context.figures).toBeNull();
            }
            expect(context.filters).not.toEqual(periods.refused);
            if (snapshot.matches('shown')) expect(context.figures).toEqual(busy);
            if (snapshot.matches('empty')) expect(context.figures).toEqual(quiet);
            if (snapshot.matches('failed')) expect(context.error).toBe('error.server');
            expect(snapshot.can({ type: 'retry.requested' })).toBe(snapshot.matches('failed'));
            // One fetch per load entered: at start, on a new period or vendor, on retry; never for the same filters again.
            expect(replay.started.fetchFigures ?? []).toHaveLength(loadsUpTo(path, path.steps.indexOf(step)));
          });
        });
      }
    });
  }

  describe(`${name}: the walk`, () => {
    it('ends in every state and takes every event', () => {
      const ends = new Set(walked.map((path) => JSON.stringify(path.state.value)));
      expect([...ends].sort()).toEqual(['"empty"', '"failed"', '"loading"', '"shown"']);
      // Events that leave the state as it was (the same period, a refused range) end no generated
      // path; the spec tests below check those sides of the guards.
      const taken = new Set(walked.flatMap((path) => path.steps.map((step) => step.event.type)));
      expect([...taken].sort()).toEqual([...new Set(['xstate.init', ...events.map((event) => event.type)])].sort());
      checkPathCount(name, walked);
    });
  });

  describe(`${name}: spec`, () => {
    it('shows the figures, and an empty period as empty', async () => {
      await waitFor(startPeriodFigures(model, [busy]), (snapshot) => snapshot.matches('shown'));
      await waitFor(startPeriodFigures(model, [quiet]), (snapshot) => snapshot.matches('empty'));
    });

    it('retries after a failure', async () => {
      const actor = startPeriodFigures(model, [new Error('offline'), busy]);
      await waitFor(actor, (snapshot) => snapshot.matches('failed'));
      expect(actor.getSnapshot().context.error).toBe('offline');
      actor.send({ type: 'retry.requested' });
      expect(actor.getSnapshot().value).toBe('loading');
      await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    });

    it('keeps the failure\'s text for the page when the fetch fails with something else than an Error', async () => {
      const fetchFigures = fromPromise<Figures, FetchPeriodFiguresInput>(() => Promise.reject('error.offline'));
      const actor = createActor(machine.provide({ actors: { fetchFigures } }), { input }).start();
      const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
      expect(failed.context.error).toBe('error.offline');
    });

    it('reloads when the period or the outlet toggle changes, not for the same filters or a refused range', async () => {
      const asked: FetchPeriodFiguresInput[] = [];
      const actor = startPeriodFigures(model, [quiet, quiet, quiet], asked);
      await waitFor(actor, (snapshot) => snapshot.matches('empty'));
      actor.send({ type: 'filters.changed', filters: periods.start });
      actor.send({ type: 'filters.changed', filters: periods.refused });
      expect(actor.getSnapshot().value).toBe('empty');
      actor.send({ type: 'filters.changed', filters: periods.other });
      await waitFor(actor, (snapshot) => snapshot.matches('empty'));
      const otherToggled = { ...periods.other, includeOutlets: !periods.other.includeOutlets };
      actor.send({ type: 'filters.changed', filters: otherToggled });
      await waitFor(actor, (snapshot) => snapshot.matches('empty'));
      expect(asked).toEqual([periods.start, periods.other, otherToggled].map((filters) => expectedFetch(model, 'v-1', filters)));
    });

    it('asks for its default period when the one it starts with is refused', () => {
      const asked: FetchPeriodFiguresInput[] = [];
      startPeriodFigures(model, [], asked, periods.refused);
      expect(asked).toEqual([expectedFetch(model, 'v-1', { ...model.fallback, includeOutlets: periods.refused.includeOutlets })]);
    });

    it('drops the answer for filters left while it was loading', async () => {
      let answerOld: (figures: Figures) => void = () => undefined;
      const fetchFigures = fromPromise<Figures, FetchPeriodFiguresInput>(({ input: fetchInput }) =>
        fetchInput.query.include_outlets === periods.start.includeOutlets ? new Promise<Figures>((resolve) => { answerOld = resolve; }) : Promise.resolve(quiet));
      const actor = createActor(machine.provide({ actors: { fetchFigures } }), { input }).start();
      actor.send({ type: 'filters.changed', filters: periods.toggled });
      await waitFor(actor, (snapshot) => snapshot.matches('empty'));
      answerOld(busy);
      await Promise.resolve();
      expect(actor.getSnapshot().value).toBe('empty');
    });
  });
}
