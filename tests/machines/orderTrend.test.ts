import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OrderTrend } from '../../adapters/ports';
import { dateRangeFor } from '../../domain';
import { orderTrendMachine, type FetchTrendInput, type OrderTrendInput, type TrendFilters } from '../../machines';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

/** 2026-03-10T12:00:00Z. */
const NOW = Date.UTC(2026, 2, 10, 12) / 1000;
const ZONE = 'Asia/Dubai';
const YESTERDAY: TrendFilters = { category: 'Yesterday', custom: null, includeOutlets: false };
const PAST_WEEK: TrendFilters = { category: 'PastWeek', custom: null, includeOutlets: false };
const WITH_OUTLETS: TrendFilters = { ...YESTERDAY, includeOutlets: true };
const REFUSED: TrendFilters = { category: 'Custom', custom: { startDate: '2026-03-09', endDate: '2026-03-01' }, includeOutlets: false };

const input: OrderTrendInput = { vendorId: 'v-1', timeZone: ZONE, nowUnix: () => NOW, filters: YESTERDAY };
const day = (total: number) => ({ date: '2026-03-09', delivered: total, cancelled: 0, inProgress: 0, total });
const busy: OrderTrend = { timeZone: ZONE, days: [day(3)] };
const quiet: OrderTrend = { timeZone: ZONE, days: [day(0)] };

/** The query the server must receive for these filters (the domain's range in the zone). */
function expectedFetch(vendorId: string, filters: TrendFilters): FetchTrendInput {
  const { from, to } = dateRangeFor(filters.category, NOW, ZONE, filters.custom ?? undefined);
  return { vendorId, query: { from, to, include_outlets: filters.includeOutlets } };
}

// Both sides of every guard: a new period, the same one again, a refused custom range, the outlet
// toggle, another vendor and the same vendor; answers with orders, without, and a failure.
const events: PathModel['events'] = [
  { type: 'period.changed', filters: PAST_WEEK },
  { type: 'period.changed', filters: YESTERDAY },
  { type: 'period.changed', filters: WITH_OUTLETS },
  { type: 'period.changed', filters: REFUSED },
  { type: 'vendor.changed', vendorId: 'v-2' },
  { type: 'vendor.changed', vendorId: 'v-1' },
  { type: 'retry.requested' },
  { type: 'xstate.done.actor.fetchTrend', output: busy },
  { type: 'xstate.done.actor.fetchTrend', output: quiet },
  { type: 'xstate.error.actor.fetchTrend', error: new Error('error.server') },
];

type TrendSnapshot = Parameters<NonNullable<PathModel['serializeState']>>[0];
const contextOf = (snapshot: TrendSnapshot) => snapshot.context as { filters: TrendFilters; vendorId: string; trend: OrderTrend | null; error: string | null };

const models: Record<string, PathModel> = {
  // Every sequence of the four states, each event tried from each (both sides of every guard: a new
  // period, the same one again, a refused range, another vendor and the same one).
  states: {
    machine: orderTrendMachine,
    input,
    strategy: 'simple',
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, contextOf(snapshot).trend?.days[0]?.total ?? null, contextOf(snapshot).error]),
    maxPaths: 500,
  },
  // The shortest way to each state with each period and vendor (simple paths over those run to
  // tens of thousands).
  periods: {
    machine: orderTrendMachine,
    input,
    strategy: 'shortest',
    events,
    serializeState: (snapshot) => {
      const { filters, vendorId, trend, error } = contextOf(snapshot);
      return JSON.stringify([snapshot.value, filters, vendorId, trend?.days[0]?.total ?? null, error]);
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
    else if ((type === 'period.changed' || type === 'vendor.changed') && JSON.stringify([before.context.filters, before.context.vendorId]) !== JSON.stringify([step.state.context.filters, step.state.context.vendorId])) loads += 1;
  });
  return loads;
}

const walked: ModelPath[] = [];

for (const [name, model] of Object.entries(models)) {
  const paths = generatePaths(model);
  walked.push(...paths);
  describe(`orderTrend (${name}): every path`, () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        const { context } = snapshot;
        if (snapshot.matches('loading')) {
          // Every (re)load asks for the current vendor and period, never the refused one.
          expect(replay.started.fetchTrend?.at(-1)).toEqual(expectedFetch(context.vendorId, context.filters));
          expect(context.trend).toBeNull();
        }
        expect(context.filters).not.toEqual(REFUSED);
        if (snapshot.matches('shown')) expect(context.trend).toEqual(busy);
        if (snapshot.matches('empty')) expect(context.trend).toEqual(quiet);
        if (snapshot.matches('failed')) expect(context.error).toBe('error.server');
        expect(snapshot.can({ type: 'retry.requested' })).toBe(snapshot.matches('failed'));
        // One fetch per load entered: at start, on a new period or vendor, on retry; never for the same filters again.
        expect(replay.started.fetchTrend ?? []).toHaveLength(loadsUpTo(path, path.steps.indexOf(step)));
      });
    });
  }

  });
}

describe('orderTrend: the walk', () => {
  it('ends in every state and takes every event', () => {
    const ends = new Set(walked.map((path) => JSON.stringify(path.state.value)));
    expect([...ends].sort()).toEqual(['"empty"', '"failed"', '"loading"', '"shown"']);
    // Events that leave the state as it was (the same period, a refused range) end no generated
    // path; the spec tests below check those sides of the guards.
    const taken = new Set(walked.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect([...taken].sort()).toEqual([...new Set(['xstate.init', ...events.map((event) => event.type)])].sort());
    checkPathCount('orderTrend', walked);
  });
});

describe('orderTrend: spec', () => {
  function start(answers: (OrderTrend | Error)[], asked: FetchTrendInput[] = []) {
    const fetchTrend = fromPromise<OrderTrend, FetchTrendInput>(async ({ input: fetchInput }) => {
      asked.push(fetchInput);
      const next = answers.shift();
      if (!next) return new Promise<OrderTrend>(() => undefined);
      if (next instanceof Error) throw next;
      return next;
    });
    return createActor(orderTrendMachine.provide({ actors: { fetchTrend } }), { input }).start();
  }

  it('shows the counts, and an empty period as empty', async () => {
    await waitFor(start([busy]), (snapshot) => snapshot.matches('shown'));
    await waitFor(start([quiet]), (snapshot) => snapshot.matches('empty'));
  });

  it('retries after a failure', async () => {
    const actor = start([new Error('offline'), busy]);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'retry.requested' });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
  });

  it('reloads when the period or the outlet toggle changes, not for the same filters', async () => {
    const asked: FetchTrendInput[] = [];
    const actor = start([quiet, quiet, quiet], asked);
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    actor.send({ type: 'period.changed', filters: YESTERDAY });
    actor.send({ type: 'period.changed', filters: REFUSED });
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'period.changed', filters: PAST_WEEK });
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    actor.send({ type: 'period.changed', filters: { ...PAST_WEEK, includeOutlets: true } });
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    expect(asked).toEqual([expectedFetch('v-1', YESTERDAY), expectedFetch('v-1', PAST_WEEK), expectedFetch('v-1', { ...PAST_WEEK, includeOutlets: true })]);
  });

  it('reloads for another custom range (start or end), not for the same vendor; one busy day shows the chart', async () => {
    const asked: FetchTrendInput[] = [];
    const oneBusyDay: OrderTrend = { timeZone: ZONE, days: [day(0), day(2)] };
    const actor = start([quiet, quiet, quiet, oneBusyDay], asked);
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    actor.send({ type: 'vendor.changed', vendorId: 'v-1' });
    expect(actor.getSnapshot().value).toBe('empty');
    const march: TrendFilters = { category: 'Custom', custom: { startDate: '2026-03-01', endDate: '2026-03-05' }, includeOutlets: false };
    const laterEnd: TrendFilters = { ...march, custom: { startDate: '2026-03-01', endDate: '2026-03-06' } };
    const laterStart: TrendFilters = { ...march, custom: { startDate: '2026-03-02', endDate: '2026-03-06' } };
    for (const filters of [march, laterEnd]) {
      actor.send({ type: 'period.changed', filters });
      await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    }
    actor.send({ type: 'period.changed', filters: laterStart });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(asked).toEqual([expectedFetch('v-1', YESTERDAY), expectedFetch('v-1', march), expectedFetch('v-1', laterEnd), expectedFetch('v-1', laterStart)]);
  });

  it('asks for yesterday when the period it starts with is refused (the History default)', () => {
    const asked: FetchTrendInput[] = [];
    const fetchTrend = fromPromise<OrderTrend, FetchTrendInput>(({ input: fetchInput }) => (asked.push(fetchInput), new Promise<OrderTrend>(() => undefined)));
    createActor(orderTrendMachine.provide({ actors: { fetchTrend } }), { input: { ...input, filters: REFUSED } }).start();
    expect(asked).toEqual([expectedFetch('v-1', YESTERDAY)]);
  });

  it('drops the answer for a period left while it was loading', async () => {
    let answerOld: (trend: OrderTrend) => void = () => undefined;
    const fetchTrend = fromPromise<OrderTrend, FetchTrendInput>(({ input: fetchInput }) =>
      fetchInput.query.include_outlets ? Promise.resolve(quiet) : new Promise<OrderTrend>((resolve) => { answerOld = resolve; }));
    const actor = createActor(orderTrendMachine.provide({ actors: { fetchTrend } }), { input }).start();
    actor.send({ type: 'period.changed', filters: WITH_OUTLETS });
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    answerOld(busy);
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('empty');
  });
});
