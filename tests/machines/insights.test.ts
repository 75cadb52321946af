// The Insights page's machine (issue 26): loading, shown, an empty period, a failure with retry, over
// the History's period and outlet filters. Walked like the History trend's machine (orderTrend.test.ts).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Insights } from '../../adapters/ports';
import { dateRangeFor } from '../../domain';
import { insightsMachine, type FetchInsightsInput, type InsightsFilters, type InsightsInput } from '../../machines';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelPath, type PathModel } from './walkPaths';

/** 2026-03-10T12:00:00Z. */
const NOW = Date.UTC(2026, 2, 10, 12) / 1000;
const ZONE = 'Asia/Dubai';
const PAST_MONTH: InsightsFilters = { category: 'PastMonth', custom: null, includeOutlets: true };
const PAST_WEEK: InsightsFilters = { category: 'PastWeek', custom: null, includeOutlets: true };
const OWN_ONLY: InsightsFilters = { ...PAST_MONTH, includeOutlets: false };
const REFUSED: InsightsFilters = { category: 'Custom', custom: { startDate: '2026-03-09', endDate: '2026-03-01' }, includeOutlets: true };

const input: InsightsInput = { vendorId: 'v-1', timeZone: ZONE, nowUnix: () => NOW, filters: PAST_MONTH };
const outcomes = (orders: number) => ({ orders, delivered: orders, returned: 0, cancelled: 0, in_progress: 0 });
const insightsWith = (orders: number): Insights => ({
  time_zone: ZONE, currency: 'SAR', from: 0, to: 1, totals: outcomes(orders), days: [{ date: '2026-03-09', ...outcomes(orders) }],
  on_time: { delivered: orders, on_time: orders, rate: orders === 0 ? null : 1 },
  request_to_pickup: { count: 0, average_s: null, p90_s: null }, pickup_to_delivery: { count: 0, average_s: null, p90_s: null },
  cancellations: { by_reason: [], by_who: [] }, outlets: [], heat_map: [], drop_offs: { clusters: [], capped: false },
});
const busy = insightsWith(3);
const quiet = insightsWith(0);

/** The query the server must receive for these filters (the domain's range in the zone). */
function expectedFetch(vendorId: string, filters: InsightsFilters): FetchInsightsInput {
  const { from, to } = dateRangeFor(filters.category, NOW, ZONE, filters.custom ?? undefined);
  return { vendorId, query: { from, to, include_outlets: filters.includeOutlets } };
}

// Both sides of every guard: a new period, the same one again, a refused custom range, the outlet
// toggle, another vendor and the same vendor; answers with orders, without, and a failure.
const events: PathModel['events'] = [
  { type: 'filters.changed', filters: PAST_WEEK },
  { type: 'filters.changed', filters: PAST_MONTH },
  { type: 'filters.changed', filters: OWN_ONLY },
  { type: 'filters.changed', filters: REFUSED },
  { type: 'vendor.changed', vendorId: 'v-2' },
  { type: 'vendor.changed', vendorId: 'v-1' },
  { type: 'retry.requested' },
  { type: 'xstate.done.actor.fetchInsights', output: busy },
  { type: 'xstate.done.actor.fetchInsights', output: quiet },
  { type: 'xstate.error.actor.fetchInsights', error: new Error('error.server') },
];

type InsightsSnapshot = Parameters<NonNullable<PathModel['serializeState']>>[0];
const contextOf = (snapshot: InsightsSnapshot) => snapshot.context as { filters: InsightsFilters; vendorId: string; insights: Insights | null; error: string | null };

const models: Record<string, PathModel> = {
  // Every sequence of the four states, each event tried from each (both sides of every guard: a new
  // period, the same one again, a refused range, another vendor and the same one).
  states: {
    machine: insightsMachine,
    input,
    strategy: 'simple',
    events,
    serializeState: (snapshot) => JSON.stringify([snapshot.value, contextOf(snapshot).insights?.totals.orders ?? null, contextOf(snapshot).error]),
    maxPaths: 500,
  },
  // The shortest way to each state with each period and vendor (simple paths over those run to
  // tens of thousands).
  periods: {
    machine: insightsMachine,
    input,
    strategy: 'shortest',
    events,
    serializeState: (snapshot) => {
      const { filters, vendorId, insights, error } = contextOf(snapshot);
      return JSON.stringify([snapshot.value, filters, vendorId, insights?.totals.orders ?? null, error]);
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

for (const [name, model] of Object.entries(models)) {
  const paths = generatePaths(model);
  walked.push(...paths);
  describe(`insights (${name}): every path`, () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay, step) => {
        const { context } = snapshot;
        if (snapshot.matches('loading')) {
          // Every (re)load asks for the current vendor and period, never the refused one.
          expect(replay.started.fetchInsights?.at(-1)).toEqual(expectedFetch(context.vendorId, context.filters));
          expect(context.insights).toBeNull();
        }
        expect(context.filters).not.toEqual(REFUSED);
        if (snapshot.matches('shown')) expect(context.insights).toEqual(busy);
        if (snapshot.matches('empty')) expect(context.insights).toEqual(quiet);
        if (snapshot.matches('failed')) expect(context.error).toBe('error.server');
        expect(snapshot.can({ type: 'retry.requested' })).toBe(snapshot.matches('failed'));
        // One fetch per load entered: at start, on a new period or vendor, on retry; never for the same filters again.
        expect(replay.started.fetchInsights ?? []).toHaveLength(loadsUpTo(path, path.steps.indexOf(step)));
      });
    });
  }

  });
}

describe('insights: the walk', () => {
  it('ends in every state and takes every event', () => {
    const ends = new Set(walked.map((path) => JSON.stringify(path.state.value)));
    expect([...ends].sort()).toEqual(['"empty"', '"failed"', '"loading"', '"shown"']);
    // Events that leave the state as it was (the same period, a refused range) end no generated
    // path; the spec tests below check those sides of the guards.
    const taken = new Set(walked.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect([...taken].sort()).toEqual([...new Set(['xstate.init', ...events.map((event) => event.type)])].sort());
    checkPathCount('insights', walked);
  });
});

describe('insights: spec', () => {
  function start(answers: (Insights | Error)[], asked: FetchInsightsInput[] = []) {
    const fetchInsights = fromPromise<Insights, FetchInsightsInput>(async ({ input: fetchInput }) => {
      asked.push(fetchInput);
      const next = answers.shift();
      if (!next) return new Promise<Insights>(() => undefined);
      if (next instanceof Error) throw next;
      return next;
    });
    return createActor(insightsMachine.provide({ actors: { fetchInsights } }), { input }).start();
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

  it('reloads when the period or the outlet toggle changes, not for the same filters or a refused range', async () => {
    const asked: FetchInsightsInput[] = [];
    const actor = start([quiet, quiet, quiet], asked);
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    actor.send({ type: 'filters.changed', filters: PAST_MONTH });
    actor.send({ type: 'filters.changed', filters: REFUSED });
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'filters.changed', filters: PAST_WEEK });
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    actor.send({ type: 'filters.changed', filters: { ...PAST_WEEK, includeOutlets: false } });
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    expect(asked).toEqual([expectedFetch('v-1', PAST_MONTH), expectedFetch('v-1', PAST_WEEK), expectedFetch('v-1', { ...PAST_WEEK, includeOutlets: false })]);
  });

  it('drops the answer for filters left while it was loading', async () => {
    let answerOld: (insights: Insights) => void = () => undefined;
    const fetchInsights = fromPromise<Insights, FetchInsightsInput>(({ input: fetchInput }) =>
      fetchInput.query.include_outlets ? new Promise<Insights>((resolve) => { answerOld = resolve; }) : Promise.resolve(quiet));
    const actor = createActor(insightsMachine.provide({ actors: { fetchInsights } }), { input }).start();
    actor.send({ type: 'filters.changed', filters: OWN_ONLY });
    await waitFor(actor, (snapshot) => snapshot.matches('empty'));
    answerOld(busy);
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('empty');
  });
});
