import { assign, setup, type EventObject } from 'xstate';
import {
  activeOrdersWindow,
  dateRangeFor,
  DateRangeError,
  isOnTrackingPage,
  LIMITS,
  normaliseSearchPhone,
  rememberSearchTerm,
  scheduledOrdersWindow,
} from '../domain';
import type { CustomDates, DateRangeCategory } from '../domain/dateRange';
import type { StatusFilter } from '../domain/statuses';
import type { Order, UnixSeconds } from '../domain/types';
import { promiseNotProvided } from './notProvided';
import type { ToastParams } from './toasts';

// The tracking (Active) and history (Past) lists (SPEC.md §2, §3 "Order list query", §4): active
// orders are today's up to now (count 200) plus every pre-order due today or later, whatever day it
// was placed (a second request with `scheduled`, merged in before the list shows); past orders follow the date-range filter in the country's
// zone, 30 a page (50 with outlets), paged with pagination_key, filtered by status on the server; a
// phone search remembers the term. A refresh (the live fallback) re-fetches every order the list holds,
// not only the first page, in pages of up to 200, and swaps them in when all have arrived.

export type OrderListType = 'Active' | 'Past';

export interface OrderListFilters {
  category: DateRangeCategory;
  custom: CustomDates | null;
  status: StatusFilter;
  includeOutlets: boolean;
}

export interface OrderListRequest {
  from: UnixSeconds;
  to: UnixSeconds;
  count: number;
  pagination_key: string | null;
  include_outlets: boolean;
  customer_phone_number: string | null;
  /** The history's status filter (GET /vendor/{id}/orders `status`); the tracking list asks for ANY. */
  status: StatusFilter;
  /** `scheduled=true`: only pre-orders (the tracking list's second request); null asks for every order. */
  scheduled: boolean | null;
}

export interface OrdersListInput {
  listType: OrderListType;
  vendorId: string;
  timeZone: string;
  nowUnix: () => UnixSeconds;
  /** Persisted filters and searches, restored by the app. */
  filters?: OrderListFilters;
  recentSearches?: string[];
}

export interface OrdersListContext extends Omit<OrdersListInput, 'filters' | 'recentSearches'> {
  filters: OrderListFilters;
  recentSearches: string[];
  searchKey: string;
  orders: Order[];
  paginationKey: string | null;
  /** A refresh in progress: the orders re-fetched so far and the key of its next page. */
  refreshed: Order[];
  refreshKey: string | null;
  /** The list's error key plus the server's message. */
  error: { key: string; message: string } | null;
  /** A refused custom date range (DateRangeError code). */
  rangeError: string | null;
}

export type OrdersListEvent =
  | { type: 'filters.changed'; filters: Partial<OrderListFilters> }
  | { type: 'more.requested' }
  | { type: 'search.submitted'; term: string }
  | { type: 'search.cleared' }
  | { type: 'refresh.requested' }
  | { type: 'vendor.changed'; vendorId: string };

export interface FetchOrdersOutput {
  orders: Order[];
  paginationKey: string | null;
}

export const DEFAULT_FILTERS: OrderListFilters = {
  category: LIMITS.defaultDateFilter,
  custom: null,
  status: LIMITS.defaultStatusFilter,
  includeOutlets: false,
};

const ERROR_KEYS: Record<OrderListType, string> = {
  Active: 'error.cant-retrieve-current-orders',
  Past: 'error.cant-retrieve-past-orders',
};

/** The range of the list, or the DateRangeError code when the custom range is refused. */
function rangeOf(context: OrdersListContext, filters: OrderListFilters): { from: UnixSeconds; to: UnixSeconds } | string {
  const now = context.nowUnix();
  if (context.listType === 'Active') return activeOrdersWindow(now, context.timeZone);
  try {
    return dateRangeFor(filters.category, now, context.timeZone, filters.custom ?? undefined);
  } catch (error) {
    if (error instanceof DateRangeError) return error.code;
    throw error;
  }
}

/** The server's page size limit (API.md: `count` at most 200), used to refresh many pages at once. */
const REFRESH_PAGE_SIZE = 200;

function pageSizeOf(context: OrdersListContext): number {
  if (context.listType === 'Active') return LIMITS.activeOrdersFetchCount;
  return context.filters.includeOutlets ? LIMITS.includeOutletsPageSize : LIMITS.pastOrdersPageSize;
}

function queryOf(context: OrdersListContext, paginationKey: string | null, count = pageSizeOf(context)): OrderListRequest {
  const range = rangeOf(context, context.filters);
  const { from, to } = typeof range === 'string' ? { from: 0, to: 0 } : range;
  return {
    from,
    to,
    count,
    pagination_key: paginationKey,
    include_outlets: context.filters.includeOutlets,
    customer_phone_number: context.searchKey === '' ? null : normaliseSearchPhone(context.searchKey),
    status: context.listType === 'Past' ? context.filters.status : 'ANY',
    scheduled: null,
  };
}

/** The tracking list's pre-orders: those created since the earliest any still due today could be. */
function scheduledQueryOf(context: OrdersListContext): OrderListRequest {
  const { from, to } = scheduledOrdersWindow(context.nowUnix(), context.timeZone);
  return {
    from,
    to,
    count: LIMITS.activeOrdersFetchCount,
    pagination_key: null,
    include_outlets: context.filters.includeOutlets,
    customer_phone_number: null,
    status: 'ANY',
    scheduled: true,
  };
}

/** Today's orders plus the fetched pre-orders that belong on the tracking page and are not in them yet. */
function withScheduled(context: OrdersListContext, today: readonly Order[], scheduled: readonly Order[]): Order[] {
  const held = new Set(today.map((order) => order.order_id));
  const now = context.nowUnix();
  return [...today, ...scheduled.filter((order) => !held.has(order.order_id) && isOnTrackingPage(order, now, context.timeZone))];
}

/** The next refresh page: what is still missing of the held orders, at least a normal page. */
function refreshQueryOf(context: OrdersListContext): OrderListRequest {
  const missing = context.orders.length - context.refreshed.length;
  return queryOf(context, context.refreshKey, Math.min(REFRESH_PAGE_SIZE, Math.max(pageSizeOf(context), missing)));
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The error of the failed fetch that entered `failed` (an `xstate.error.actor.*` event). */
const fetchErrorOf = (event: EventObject): unknown => ('error' in event ? event.error : event.type);

const loadErrorToast = (context: OrdersListContext, error: unknown): ToastParams => ({
  kind: 'error',
  message: ERROR_KEYS[context.listType],
  values: { message: errorMessage(error) },
});

export const ordersListMachine = setup({
  types: {
    context: {} as OrdersListContext,
    events: {} as OrdersListEvent,
    input: {} as OrdersListInput,
  },
  actors: {
    fetchOrders: promiseNotProvided<FetchOrdersOutput, { vendorId: string; query: OrderListRequest }>('fetchOrders'),
  },
  actions: {
    toast: (_, _params: ToastParams) => {},
    /** Only the date range, status filter and outlet toggle persist across sessions (SPEC.md §3). */
    persistFilters: (_, _params: { filters: OrderListFilters }) => {},
    persistRecentSearches: (_, _params: { recentSearches: string[] }) => {},
    applyFilters: assign(({ context, event }) =>
      event.type === 'filters.changed' ? { filters: { ...context.filters, ...event.filters }, rangeError: null } : {},
    ),
    refuseRange: assign(({ context, event }) => {
      if (event.type !== 'filters.changed') return {};
      const range = rangeOf(context, { ...context.filters, ...event.filters });
      return { rangeError: typeof range === 'string' ? range : null };
    }),
    search: assign(({ context, event }) =>
      event.type === 'search.submitted'
        ? { searchKey: event.term.trim(), recentSearches: rememberSearchTerm(context.recentSearches, event.term) }
        : {},
    ),
    /** A list that could not load says why in place (a toast says it too) and drops a half-done refresh. */
    recordLoadError: assign(({ context }, params: { error: unknown }) => ({
      error: { key: ERROR_KEYS[context.listType], message: errorMessage(params.error) },
      refreshed: [],
      refreshKey: null,
    })),
    clearList: assign({ orders: [], paginationKey: null, error: null, refreshed: [], refreshKey: null }),
  },
  guards: {
    rangeAccepted: ({ context, event }) =>
      event.type === 'filters.changed' && typeof rangeOf(context, { ...context.filters, ...event.filters }) !== 'string',
    hasMorePages: ({ context }) => context.paginationKey !== null,
    /** The tracking list (not a search) also asks for the pre-orders of earlier days. */
    listsScheduled: ({ context }) => context.listType === 'Active' && context.searchKey === '',
    holdsOrders: ({ context }) => context.orders.length > 0,
  },
}).createMachine({
  id: 'ordersList',
  initial: 'loading',
  context: ({ input }) => ({
    listType: input.listType,
    vendorId: input.vendorId,
    timeZone: input.timeZone,
    nowUnix: input.nowUnix,
    filters: input.filters ?? DEFAULT_FILTERS,
    recentSearches: input.recentSearches ?? [],
    searchKey: '',
    orders: [],
    paginationKey: null,
    refreshed: [],
    refreshKey: null,
    error: null,
    rangeError: null,
  }),
  on: {
    'vendor.changed': {
      target: '.loading',
      reenter: true,
      actions: [assign({ vendorId: ({ event }) => event.vendorId, searchKey: '' }), 'clearList'],
    },
    'filters.changed': [
      {
        guard: 'rangeAccepted',
        target: '.loading',
        reenter: true,
        actions: ['applyFilters', 'clearList', { type: 'persistFilters', params: ({ context }) => ({ filters: context.filters }) }],
      },
      { actions: 'refuseRange' },
    ],
    'search.submitted': {
      target: '.loading',
      reenter: true,
      actions: [
        'search',
        'clearList',
        { type: 'persistRecentSearches', params: ({ context }) => ({ recentSearches: context.recentSearches }) },
      ],
    },
    'search.cleared': { target: '.loading', reenter: true, actions: [assign({ searchKey: '' }), 'clearList'] },
    // A refresh (the live fallback, a retry) keeps the shown orders until the new ones arrive, so the
    // list does not blink empty every few minutes; with orders shown it re-fetches all of them.
    'refresh.requested': [
      { guard: 'holdsOrders', target: '.refreshing', reenter: true, actions: assign({ error: null, refreshed: [], refreshKey: null }) },
      { target: '.loading', reenter: true, actions: assign({ error: null }) },
    ],
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchOrders',
        src: 'fetchOrders',
        input: ({ context }) => ({ vendorId: context.vendorId, query: queryOf(context, null) }),
        onDone: [
          {
            guard: 'listsScheduled',
            target: 'loadingScheduled',
            actions: assign({ orders: ({ event }) => event.output.orders, paginationKey: ({ event }) => event.output.paginationKey }),
          },
          {
            target: 'ready',
            actions: assign({ orders: ({ event }) => event.output.orders, paginationKey: ({ event }) => event.output.paginationKey }),
          },
        ],
        onError: 'failed',
      },
    },
    loadingScheduled: {
      invoke: {
        id: 'fetchScheduledOrders',
        src: 'fetchOrders',
        input: ({ context }) => ({ vendorId: context.vendorId, query: scheduledQueryOf(context) }),
        onDone: {
          target: 'ready',
          actions: assign({ orders: ({ context, event }) => withScheduled(context, context.orders, event.output.orders) }),
        },
        onError: 'failed',
      },
    },
    ready: {
      on: { 'more.requested': { guard: 'hasMorePages', target: 'loadingMore' } },
    },
    loadingMore: {
      invoke: {
        id: 'fetchMoreOrders',
        src: 'fetchOrders',
        input: ({ context }) => ({ vendorId: context.vendorId, query: queryOf(context, context.paginationKey) }),
        onDone: {
          target: 'ready',
          actions: assign({
            orders: ({ context, event }) => [...context.orders, ...event.output.orders],
            paginationKey: ({ event }) => event.output.paginationKey,
          }),
        },
        onError: {
          target: 'ready',
          actions: { type: 'toast', params: ({ context, event }) => loadErrorToast(context, event.error) },
        },
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshOrders',
        src: 'fetchOrders',
        input: ({ context }) => ({ vendorId: context.vendorId, query: refreshQueryOf(context) }),
        onDone: [
          {
            // More of the held orders to re-fetch: the next page (re-entering restarts the fetch).
            guard: ({ context, event }) =>
              event.output.paginationKey !== null && context.refreshed.length + event.output.orders.length < context.orders.length,
            target: 'refreshing',
            reenter: true,
            actions: assign({
              refreshed: ({ context, event }) => [...context.refreshed, ...event.output.orders],
              refreshKey: ({ event }) => event.output.paginationKey,
            }),
          },
          {
            // The tracking list then re-fetches its pre-orders too; the held orders stay shown meanwhile.
            guard: 'listsScheduled',
            target: 'refreshingScheduled',
            actions: assign({
              refreshed: ({ context, event }) => [...context.refreshed, ...event.output.orders],
              paginationKey: ({ event }) => event.output.paginationKey,
              refreshKey: null,
            }),
          },
          {
            target: 'ready',
            actions: assign({
              orders: ({ context, event }) => [...context.refreshed, ...event.output.orders],
              paginationKey: ({ event }) => event.output.paginationKey,
              refreshed: [],
              refreshKey: null,
            }),
          },
        ],
        onError: 'failed',
      },
    },
    refreshingScheduled: {
      invoke: {
        id: 'refreshScheduledOrders',
        src: 'fetchOrders',
        input: ({ context }) => ({ vendorId: context.vendorId, query: scheduledQueryOf(context) }),
        onDone: {
          target: 'ready',
          actions: assign({
            orders: ({ context, event }) => withScheduled(context, context.refreshed, event.output.orders),
            refreshed: [],
          }),
        },
        onError: 'failed',
      },
    },
    // Entered only when a fetch fails: the list says why in place and in a toast.
    failed: {
      entry: [
        { type: 'recordLoadError', params: ({ event }) => ({ error: fetchErrorOf(event) }) },
        { type: 'toast', params: ({ context, event }) => loadErrorToast(context, fetchErrorOf(event)) },
      ],
    },
  },
});
