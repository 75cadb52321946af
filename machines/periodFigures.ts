import { assign, setup } from 'xstate';
import { dateRangeFor, DateRangeError, type DateRange, type DateRangeCategory } from '../domain/dateRange';
import type { UnixSeconds } from '../domain/types';
import type { OrderListFilters } from './ordersList';
import { promiseNotProvided } from './notProvided';

// One shape for the charts that show figures over a period of the History filters (the History's
// orders-per-day trend, the Insights page): the screen forwards the period and outlet toggle, the
// machine fetches the figures for them and shows them, an empty period, or a failure with retry. The
// fetch is an actor the app provides; each machine made here differs only in what its figures are.

/** The part of the History filters that figures depend on (the status filter does not change them). */
export type PeriodFilters = Pick<OrderListFilters, 'category' | 'custom' | 'includeOutlets'>;

export interface PeriodFiguresInput {
  vendorId: string;
  timeZone: string;
  nowUnix: () => UnixSeconds;
  filters: PeriodFilters;
}

export interface PeriodFiguresContext<Figures> extends PeriodFiguresInput {
  figures: Figures | null;
  /** The last failed fetch's message (an error key or the transport's text), kept while a retry loads. */
  error: string | null;
}

export type PeriodFiguresEvent =
  | { type: 'filters.changed'; filters: PeriodFilters }
  | { type: 'vendor.changed'; vendorId: string }
  | { type: 'retry.requested' };

/** What the fetch actor is asked for: the period as unix seconds in the vendor's zone. */
export interface FetchPeriodFiguresInput {
  vendorId: string;
  query: { from: UnixSeconds; to: UnixSeconds; include_outlets: boolean };
}

export interface PeriodFiguresOptions<Figures> {
  id: string;
  /** The period asked for when the filters hold a custom range the domain refuses (the filters say why). */
  fallbackCategory: DateRangeCategory;
  /** Whether the answer has anything to show; otherwise the period is shown as empty. */
  hasFigures: (figures: Figures) => boolean;
}

/** The filters' period, or null when a custom range is refused. */
function rangeOf(context: Pick<PeriodFiguresInput, 'timeZone' | 'nowUnix'>, filters: PeriodFilters): DateRange | null {
  try {
    return dateRangeFor(filters.category, context.nowUnix(), context.timeZone, filters.custom ?? undefined);
  } catch (error) {
    if (error instanceof DateRangeError) return null;
    throw error;
  }
}

const sameFilters = (a: PeriodFilters, b: PeriodFilters) =>
  a.category === b.category && a.includeOutlets === b.includeOutlets && a.custom?.startDate === b.custom?.startDate && a.custom?.endDate === b.custom?.endDate;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A period-figures machine: states loading, shown, empty and failed; the fetch actor is `fetchFigures`. */
export function periodFiguresMachineFor<Figures>({ id, fallbackCategory, hasFigures }: PeriodFiguresOptions<Figures>) {
  const fetchInputOf = (context: PeriodFiguresContext<Figures>): FetchPeriodFiguresInput => {
    const range = rangeOf(context, context.filters) ?? dateRangeFor(fallbackCategory, context.nowUnix(), context.timeZone);
    return { vendorId: context.vendorId, query: { from: range.from, to: range.to, include_outlets: context.filters.includeOutlets } };
  };
  return setup({
    types: {
      context: {} as PeriodFiguresContext<Figures>,
      events: {} as PeriodFiguresEvent,
      input: {} as PeriodFiguresInput,
    },
    actors: {
      fetchFigures: promiseNotProvided<Figures, FetchPeriodFiguresInput>('fetchFigures'),
    },
    actions: {
      clearFigures: assign({ figures: null, error: null }),
    },
    guards: {
      /** New filters the domain accepts; the same ones again (a re-render) do not reload. */
      filtersChanged: ({ context, event }) =>
        event.type === 'filters.changed' && !sameFilters(context.filters, event.filters) && rangeOf(context, event.filters) !== null,
      vendorChanged: ({ context, event }) => event.type === 'vendor.changed' && event.vendorId !== context.vendorId,
      hasFigures: (_, params: { figures: Figures }) => hasFigures(params.figures),
    },
  }).createMachine({
    id,
    initial: 'loading',
    context: ({ input }) => ({ ...input, figures: null, error: null }),
    on: {
      'filters.changed': {
        guard: 'filtersChanged',
        target: '.loading',
        reenter: true,
        actions: ['clearFigures', assign({ filters: ({ event }) => event.filters })],
      },
      'vendor.changed': {
        guard: 'vendorChanged',
        target: '.loading',
        reenter: true,
        actions: ['clearFigures', assign({ vendorId: ({ event }) => event.vendorId })],
      },
    },
    states: {
      loading: {
        // Re-entering on new filters stops this fetch, so a late answer for the old ones is dropped.
        invoke: {
          id: 'fetchFigures',
          src: 'fetchFigures',
          input: ({ context }) => fetchInputOf(context),
          onDone: [
            {
              guard: { type: 'hasFigures', params: ({ event }) => ({ figures: event.output }) },
              target: 'shown',
              actions: assign({ figures: ({ event }) => event.output, error: null }),
            },
            { target: 'empty', actions: assign({ figures: ({ event }) => event.output, error: null }) },
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
}
