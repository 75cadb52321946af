import { assign, setup } from 'xstate';
import type { Insights, InsightsQuery } from '../adapters/ports';
import { dateRangeFor, DateRangeError, type DateRange } from '../domain/dateRange';
import type { UnixSeconds } from '../domain/types';
import type { TrendFilters } from './orderTrend';
import { promiseNotProvided } from './notProvided';

// The Insights page: the History's period and outlet filters (the page owns them and
// forwards each change), the figures for them fetched from the server, and the page's states:
// loading, shown, an empty period, a failure with retry. The fetch is an actor the app provides.

/** The period and outlets, as the History filters hold them. */
export type InsightsFilters = TrendFilters;

/** The page opens on the past 30 days: enough orders for the figures to mean something. */
export const INSIGHTS_DEFAULT_FILTERS: InsightsFilters = { category: 'PastMonth', custom: null, includeOutlets: true };

export interface InsightsInput {
  vendorId: string;
  timeZone: string;
  nowUnix: () => UnixSeconds;
  filters: InsightsFilters;
}

export interface InsightsContext extends InsightsInput {
  insights: Insights | null;
  /** The last failed fetch's message (an error key or the transport's text), kept while a retry loads. */
  error: string | null;
}

export type InsightsEvent =
  | { type: 'filters.changed'; filters: InsightsFilters }
  | { type: 'vendor.changed'; vendorId: string }
  | { type: 'retry.requested' };

export interface FetchInsightsInput {
  vendorId: string;
  query: Required<InsightsQuery>;
}

/** The filters' period, or null when a custom range is refused (the filters show why). */
function rangeOf(context: Pick<InsightsContext, 'timeZone' | 'nowUnix'>, filters: InsightsFilters): DateRange | null {
  try {
    return dateRangeFor(filters.category, context.nowUnix(), context.timeZone, filters.custom ?? undefined);
  } catch (error) {
    if (error instanceof DateRangeError) return null;
    throw error;
  }
}

/** The query for the current filters; a refused period falls back to the page's default one. */
function fetchInputOf(context: InsightsContext): FetchInsightsInput {
  const range = rangeOf(context, context.filters) ?? dateRangeFor(INSIGHTS_DEFAULT_FILTERS.category, context.nowUnix(), context.timeZone);
  return { vendorId: context.vendorId, query: { from: range.from, to: range.to, include_outlets: context.filters.includeOutlets } };
}

const sameFilters = (a: InsightsFilters, b: InsightsFilters) =>
  a.category === b.category && a.includeOutlets === b.includeOutlets && a.custom?.startDate === b.custom?.startDate && a.custom?.endDate === b.custom?.endDate;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const insightsMachine = setup({
  types: {
    context: {} as InsightsContext,
    events: {} as InsightsEvent,
    input: {} as InsightsInput,
  },
  actors: {
    fetchInsights: promiseNotProvided<Insights, FetchInsightsInput>('fetchInsights'),
  },
  actions: {
    clearInsights: assign({ insights: null, error: null }),
  },
  guards: {
    /** New filters the domain accepts; the same ones again (a re-render) do not reload. */
    filtersChanged: ({ context, event }) =>
      event.type === 'filters.changed' && !sameFilters(context.filters, event.filters) && rangeOf(context, event.filters) !== null,
    vendorChanged: ({ context, event }) => event.type === 'vendor.changed' && event.vendorId !== context.vendorId,
    hasOrders: (_, params: { insights: Insights }) => params.insights.totals.orders > 0,
  },
}).createMachine({
  id: 'insights',
  initial: 'loading',
  context: ({ input }) => ({ ...input, insights: null, error: null }),
  on: {
    'filters.changed': {
      guard: 'filtersChanged',
      target: '.loading',
      reenter: true,
      actions: ['clearInsights', assign({ filters: ({ event }) => event.filters })],
    },
    'vendor.changed': {
      guard: 'vendorChanged',
      target: '.loading',
      reenter: true,
      actions: ['clearInsights', assign({ vendorId: ({ event }) => event.vendorId })],
    },
  },
  states: {
    loading: {
      // Re-entering on new filters stops this fetch, so a late answer for the old ones is dropped.
      invoke: {
        id: 'fetchInsights',
        src: 'fetchInsights',
        input: ({ context }) => fetchInputOf(context),
        onDone: [
          {
            guard: { type: 'hasOrders', params: ({ event }) => ({ insights: event.output }) },
            target: 'shown',
            actions: assign({ insights: ({ event }) => event.output, error: null }),
          },
          { target: 'empty', actions: assign({ insights: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    shown: {},
    empty: {},
    failed: {
      on: { 'retry.requested': { target: 'loading' } },
    },
  },
});
