import { assign, setup } from 'xstate';
import type { OrderTrend, OrderTrendQuery } from '../adapters/ports';
import { dateRangeFor, DateRangeError, type DateRange } from '../domain/dateRange';
import type { UnixSeconds } from '../domain/types';
import type { OrderListFilters } from './ordersList';
import { promiseNotProvided } from './notProvided';

// The History page's orders-per-day chart: it follows the past list's period and
// include-outlets toggle (the screen forwards them; the list machine owns them), fetches the counts
// per day, and shows them, an empty period, or a failure with retry. The fetch is an actor the app
// provides.

/** The part of the History filters the chart depends on (the status filter does not change it). */
export type TrendFilters = Pick<OrderListFilters, 'category' | 'custom' | 'includeOutlets'>;

export interface OrderTrendInput {
  vendorId: string;
  timeZone: string;
  nowUnix: () => UnixSeconds;
  filters: TrendFilters;
}

export interface OrderTrendContext extends OrderTrendInput {
  trend: OrderTrend | null;
  /** The last failed fetch's message (an error key or the transport's text), kept while a retry loads. */
  error: string | null;
}

export type OrderTrendEvent =
  | { type: 'period.changed'; filters: TrendFilters }
  | { type: 'vendor.changed'; vendorId: string }
  | { type: 'retry.requested' };

export interface FetchTrendInput {
  vendorId: string;
  query: OrderTrendQuery;
}

/** The filters' period, or null when a custom range is refused (the list machine shows why). */
function rangeOf(context: Pick<OrderTrendContext, 'timeZone' | 'nowUnix'>, filters: TrendFilters): DateRange | null {
  try {
    return dateRangeFor(filters.category, context.nowUnix(), context.timeZone, filters.custom ?? undefined);
  } catch (error) {
    if (error instanceof DateRangeError) return null;
    throw error;
  }
}

/** The query for the current filters; a refused period falls back to the History's default (yesterday). */
function fetchInputOf(context: OrderTrendContext): FetchTrendInput {
  const range = rangeOf(context, context.filters) ?? dateRangeFor('Yesterday', context.nowUnix(), context.timeZone);
  return { vendorId: context.vendorId, query: { from: range.from, to: range.to, include_outlets: context.filters.includeOutlets } };
}

const sameFilters = (a: TrendFilters, b: TrendFilters) =>
  a.category === b.category && a.includeOutlets === b.includeOutlets && a.custom?.startDate === b.custom?.startDate && a.custom?.endDate === b.custom?.endDate;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const orderTrendMachine = setup({
  types: {
    context: {} as OrderTrendContext,
    events: {} as OrderTrendEvent,
    input: {} as OrderTrendInput,
  },
  actors: {
    fetchTrend: promiseNotProvided<OrderTrend, FetchTrendInput>('fetchTrend'),
  },
  actions: {
    clearTrend: assign({ trend: null, error: null }),
  },
  guards: {
    /** A new period the domain accepts; the same one again (a re-render) does not reload. */
    periodChanged: ({ context, event }) =>
      event.type === 'period.changed' && !sameFilters(context.filters, event.filters) && rangeOf(context, event.filters) !== null,
    vendorChanged: ({ context, event }) => event.type === 'vendor.changed' && event.vendorId !== context.vendorId,
    hasOrders: (_, params: { trend: OrderTrend }) => params.trend.days.some((day) => day.total > 0),
  },
}).createMachine({
  id: 'orderTrend',
  initial: 'loading',
  context: ({ input }) => ({ ...input, trend: null, error: null }),
  on: {
    'period.changed': {
      guard: 'periodChanged',
      target: '.loading',
      reenter: true,
      actions: ['clearTrend', assign({ filters: ({ event }) => event.filters })],
    },
    'vendor.changed': {
      guard: 'vendorChanged',
      target: '.loading',
      reenter: true,
      actions: ['clearTrend', assign({ vendorId: ({ event }) => event.vendorId })],
    },
  },
  states: {
    loading: {
      // Re-entering on a new period stops this fetch, so a late answer for the old period is dropped.
      invoke: {
        id: 'fetchTrend',
        src: 'fetchTrend',
        input: ({ context }) => fetchInputOf(context),
        onDone: [
          {
            guard: { type: 'hasOrders', params: ({ event }) => ({ trend: event.output }) },
            target: 'shown',
            actions: assign({ trend: ({ event }) => event.output, error: null }),
          },
          { target: 'empty', actions: assign({ trend: ({ event }) => event.output, error: null }) },
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
