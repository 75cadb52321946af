import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { activeOrdersWindow, dateRangeFor, LIST_GROUPS, listGroupOf, rememberSearchTerm, scheduledOrdersWindow } from '../../domain';
import type { Order } from '../../domain/types';
import { ordersListMachine, type FetchOrdersOutput, type OrderListFilters, type OrderListRequest, type OrdersListContext, type OrdersListInput } from '../../machines';
import { anOrder, NOW } from './builders';
import { withIgnoredStep } from './ignoredSteps';
import { effectExactlyWhen, type EffectOracle, type StepView } from './oracles';
import { checkPathCount, describePath, generatePaths, replayPath, type ModelEvent, type ModelPath, type PathModel } from './walkPaths';

const TZ = 'Asia/Riyadh';

const contextOf = (snapshot: StepView['after'] | null) => snapshot?.context as OrdersListContext | undefined;

/** A filter change the list takes: the tracking list has no date range; the history's must be a valid one. */
function filtersTaken(view: StepView): OrderListFilters | null {
  const before = contextOf(view.before);
  if (view.event.type !== 'filters.changed' || !before) return null;
  const filters = { ...before.filters, ...(view.event as unknown as { filters: Partial<OrderListFilters> }).filters };
  if (before.listType === 'Past') {
    try {
      dateRangeFor(filters.category, NOW, TZ, filters.custom ?? undefined);
    } catch {
      return null;
    }
  }
  return filters;
}

// Effect oracles from SPEC.md §3 "Filters" and §8 "Orders", checked on every step of both lists;
// the searches a list remembers start from those the app restored (`input.recentSearches`).
const oraclesFor = (listInput: OrdersListInput): EffectOracle[] => [
  effectExactlyWhen(
    'SPEC §3 Filters: the date range, status filter and outlet toggle persist when the list takes them (a refused custom range is not kept)',
    'persistFilters',
    (view) => filtersTaken(view) !== null,
    (view) => ({ filters: filtersTaken(view) }),
  ),
  effectExactlyWhen('SPEC §2 tracking: every phone search is remembered', 'persistRecentSearches', (view) => view.event.type === 'search.submitted'),
  {
    rule: 'SPEC §2 tracking: the recent searches kept are the terms searched, newest first, after those restored',
    path: (steps) => {
      let remembered = listInput.recentSearches ?? [];
      for (const view of steps) {
        if (view.event.type !== 'search.submitted') continue;
        remembered = rememberSearchTerm(remembered, (view.event as unknown as { term: string }).term);
        expect(view.effects.find((effect) => effect.name === 'persistRecentSearches')?.params).toEqual({ recentSearches: remembered });
      }
    },
  },
  effectExactlyWhen(
    "SPEC §8 Orders: a list that cannot load says error.cant-retrieve-current-orders (tracking) or -past-orders (history), with the server's message",
    'toast',
    (view) => view.event.type.startsWith('xstate.error.actor.'),
    (view) => ({
      kind: 'error',
      message: contextOf(view.after)?.listType === 'Active' ? 'error.cant-retrieve-current-orders' : 'error.cant-retrieve-past-orders',
      values: { message: ((view.event as unknown as { error: Error }).error).message },
    }),
  ),
];

const input: OrdersListInput = { listType: 'Past', vendorId: 'vendor-1', timeZone: TZ, nowUnix: () => NOW };
const page = (paginationKey: string | null) => ({ orders: [anOrder('DELIVERED')], paginationKey });
/** A refresh page of two orders, so a refresh can end up holding more than the list held before. */
const refreshPage = (paginationKey: string | null) => ({ orders: [anOrder('DELIVERED'), anOrder('CANCELLED')], paginationKey });

// Shortest paths: filters, search, paging and refreshes (the live fallback) combine freely.
const model: PathModel = {
  machine: ordersListMachine,
  input,
  strategy: 'shortest',
  effects: ['toast', 'persistFilters', 'persistRecentSearches'],
  oracles: oraclesFor(input),
  events: [
    { type: 'xstate.done.actor.fetchOrders', output: page('page-2') },
    { type: 'xstate.done.actor.fetchOrders', output: page(null) },
    { type: 'xstate.error.actor.fetchOrders', error: new Error('503') },
    { type: 'xstate.done.actor.fetchMoreOrders', output: page(null) },
    { type: 'xstate.error.actor.fetchMoreOrders', error: new Error('503') },
    { type: 'xstate.done.actor.refreshOrders', output: refreshPage('page-2') },
    { type: 'xstate.done.actor.refreshOrders', output: refreshPage(null) },
    { type: 'xstate.error.actor.refreshOrders', error: new Error('503') },
    { type: 'refresh.requested' },
    { type: 'filters.changed', filters: { status: 'DELIVERED' } },
    { type: 'filters.changed', filters: { category: 'PastWeek' } },
    { type: 'filters.changed', filters: { category: 'Custom', custom: { startDate: '2025-12-20', endDate: '2025-12-10' } } },
    { type: 'filters.changed', filters: { includeOutlets: true } },
    { type: 'more.requested' },
    { type: 'search.submitted', term: '050 123 4567' },
    { type: 'search.cleared' },
    { type: 'vendor.changed', vendorId: 'vendor-2' },
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    // Paging after a refresh can grow the list without end; from three orders on, a list behaves the
    // same, so the counts are capped to keep the state space finite.
    return JSON.stringify([snapshot.value, c.vendorId, c.filters, c.searchKey, c.paginationKey, c.rangeError, Math.min(c.orders.length, 3), Math.min(c.refreshed.length, 3), c.refreshKey]);
  },
};

const paths = generatePaths(model);

describe('ordersList: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      // The orders the list held before the step, to check that a refresh keeps every one of them.
      let held = 0;
      await replayPath(model, path, (snapshot, replay, step) => {
        const c = snapshot.context;
        if (snapshot.matches('loading')) {
          const { query } = replay.started.fetchOrders?.at(-1) as { query: OrderListRequest };
          const range = dateRangeFor(c.filters.category, NOW, TZ, c.filters.custom ?? undefined);
          expect(query).toEqual({
            from: range.from,
            to: range.to,
            count: c.filters.includeOutlets ? 50 : 30,
            pagination_key: null,
            include_outlets: c.filters.includeOutlets,
            customer_phone_number: c.searchKey === '' ? null : '0501234567',
            status: c.filters.status,
            scheduled: null,
          });
        }
        if (snapshot.matches('refreshing')) {
          // Every held order is re-fetched: the refresh asks, page after page, for what is still
          // missing (at least a normal page, at most the server's 200), and the list shows the held
          // orders meanwhile.
          const { query } = replay.started.refreshOrders?.at(-1) as { query: OrderListRequest };
          const pageSize = c.filters.includeOutlets ? 50 : 30;
          expect(query.pagination_key).toBe(c.refreshKey);
          expect(query.count).toBe(Math.min(200, Math.max(pageSize, c.orders.length - c.refreshed.length)));
          expect(query.status).toBe(c.filters.status);
          expect(c.orders.length).toBeGreaterThan(0);
          expect(c.refreshed.length).toBeLessThan(c.orders.length);
        }
        if (step.event.type === 'xstate.done.actor.refreshOrders' && snapshot.matches('ready')) {
          // The refreshed list replaces the held one only when it covers at least as many orders,
          // or the server has no more.
          expect(c.orders.length >= held || c.paginationKey === null).toBe(true);
          expect(c.refreshed).toEqual([]);
        }
        held = c.orders.length;
        if (snapshot.matches('loadingMore')) {
          const { query } = replay.started.fetchMoreOrders?.at(-1) as { query: OrderListRequest };
          expect(query.pagination_key).toBe('page-2');
        }
        if (snapshot.matches('failed')) {
          expect(c.error?.key).toBe('error.cant-retrieve-past-orders');
          expect(replay.effects.at(-1)).toEqual({
            name: 'toast',
            params: { kind: 'error', message: 'error.cant-retrieve-past-orders', values: { message: '503' } },
          });
        }
        // A refused custom range never reaches the filters.
        expect(c.filters.category).not.toBe('Custom');
        if (c.searchKey !== '') expect(c.recentSearches[0]).toBe('050 123 4567');
      });
    });
  }

});

// The tracking list (Active): today's orders, then every pre-order still due today or later,
// whatever day it was placed (a second request with `scheduled=true`), on load and on every refresh.
// 2026-01-01 00:00 UTC is 03:00 in Riyadh: "today" began three hours before NOW.
const fromYesterday = anOrder('RECEIVED', { order_id: 'preorder-from-yesterday', created_at: NOW - 6 * 3600, preordered_for: NOW + 10 * 3600 });
const dueYesterday = anOrder('RECEIVED', { order_id: 'preorder-due-yesterday', created_at: NOW - 40 * 3600, preordered_for: NOW - 5 * 3600 });
const placedToday = anOrder('RECEIVED', { order_id: 'preorder-placed-today', preordered_for: NOW + 20 * 3600 });
const todayPage = (paginationKey: string | null) => ({ orders: [anOrder('PICKED_UP'), placedToday], paginationKey });
const scheduledPage = { orders: [fromYesterday, dueYesterday, placedToday], paginationKey: null };
const activeInput: OrdersListInput = { ...input, listType: 'Active' };

const activeModel: PathModel = {
  machine: ordersListMachine,
  input: activeInput,
  strategy: 'shortest',
  effects: ['toast', 'persistFilters', 'persistRecentSearches'],
  oracles: oraclesFor(activeInput),
  events: [
    { type: 'xstate.done.actor.fetchOrders', output: todayPage(null) },
    { type: 'xstate.done.actor.fetchOrders', output: todayPage('page-2') },
    { type: 'xstate.error.actor.fetchOrders', error: new Error('503') },
    { type: 'xstate.done.actor.fetchScheduledOrders', output: scheduledPage },
    { type: 'xstate.error.actor.fetchScheduledOrders', error: new Error('503') },
    { type: 'xstate.done.actor.fetchMoreOrders', output: page(null) },
    { type: 'xstate.done.actor.refreshOrders', output: todayPage(null) },
    { type: 'xstate.error.actor.refreshOrders', error: new Error('503') },
    { type: 'xstate.done.actor.refreshScheduledOrders', output: scheduledPage },
    { type: 'xstate.error.actor.refreshScheduledOrders', error: new Error('503') },
    { type: 'refresh.requested' },
    { type: 'more.requested' },
    { type: 'filters.changed', filters: { includeOutlets: true } },
    { type: 'search.submitted', term: '050 123 4567' },
    { type: 'search.cleared' },
    { type: 'vendor.changed', vendorId: 'vendor-2' },
  ],
  serializeState: (snapshot) => {
    const c = snapshot.context;
    return JSON.stringify([snapshot.value, c.vendorId, c.filters.includeOutlets, c.searchKey, c.paginationKey, c.orders.map((o: Order) => o.order_id), c.refreshed.length]);
  },
};

// "Show more" with every order shown (no pagination key) is ignored, so the traversal never sends it
// there: every path ending on such a list sends it once more, and the replay sees the list stay.
const nothingMore = (end: AnyMachineSnapshot): ModelEvent | null =>
  end.matches('ready') && (end.context as OrdersListContext).paginationKey === null ? { type: 'more.requested' } : null;
const generatedActive = generatePaths(activeModel);
const activePaths: ModelPath[] = [...generatedActive, ...withIgnoredStep(generatedActive, nothingMore)];

describe('ordersList (tracking list): every path', () => {
  for (const path of activePaths) {
    it(describePath(path), async () => {
      await replayPath(activeModel, path, (snapshot, replay, step) => {
        const c = snapshot.context;
        if (snapshot.matches('loading')) {
          // The tracking list asks for today up to now, 200 orders, every status (SPEC §9, §2).
          const { query } = replay.started.fetchOrders?.at(-1) as { query: OrderListRequest };
          expect(query).toEqual({
            ...activeOrdersWindow(NOW, TZ),
            count: 200,
            pagination_key: null,
            include_outlets: c.filters.includeOutlets,
            customer_phone_number: c.searchKey === '' ? null : '0501234567',
            status: 'ANY',
            scheduled: null,
          });
        }
        for (const [state, actor] of [['loadingScheduled', 'fetchScheduledOrders'], ['refreshingScheduled', 'refreshScheduledOrders']] as const) {
          if (!snapshot.matches(state)) continue;
          // Effect: the request that reaches the server asks for pre-orders created since the earliest
          // one still due today could have been, whatever the day.
          const { query } = replay.started[actor]?.at(-1) as { query: OrderListRequest };
          expect(query).toEqual({
            ...scheduledOrdersWindow(NOW, TZ),
            count: 200,
            pagination_key: null,
            include_outlets: c.filters.includeOutlets,
            customer_phone_number: null,
            status: 'ANY',
            scheduled: true,
          });
          expect(c.searchKey).toBe('');
        }
        const scheduledArrived = step.event.type === 'xstate.done.actor.fetchScheduledOrders' || step.event.type === 'xstate.done.actor.refreshScheduledOrders';
        if (scheduledArrived) {
          // A scheduled order placed yesterday appears, under Scheduled; one due yesterday does not;
          // one placed today is listed once.
          const ids = c.orders.map((order: Order) => order.order_id);
          expect(ids).toContain('preorder-from-yesterday');
          expect(ids).not.toContain('preorder-due-yesterday');
          expect(ids.filter((id: string) => id === 'preorder-placed-today')).toHaveLength(1);
          expect(listGroupOf(fromYesterday, NOW)).toBe('preorder');
        }
        // A search looks for the term only: no pre-orders are merged into its results.
        if (c.searchKey !== '') expect(snapshot.matches('loadingScheduled') || snapshot.matches('refreshingScheduled')).toBe(false);
        if (snapshot.matches('failed')) expect(c.error?.key).toBe('error.cant-retrieve-current-orders');
        expect(LIST_GROUPS).toContain(listGroupOf(c.orders[0] ?? placedToday, NOW));
      });
    });
  }

  it('walks at least the committed number of paths', () => checkPathCount('ordersListTracking', activePaths));
  // The scheduled-orders states belong to the tracking list, so the machine's coverage is the two
  // models' together (checked here, after both have replayed their paths).
  it('takes every transition of the machine over both models', () => checkPathCount('ordersList', [...paths, ...activePaths]));
});

describe('ordersList: spec', () => {
  it('the tracking list asks for today up to now, 200 orders, then for the pre-orders of earlier days', async () => {
    const queries: OrderListRequest[] = [];
    const actor = createActor(
      ordersListMachine.provide({
        actors: { fetchOrders: fromPromise(async ({ input: sent }) => (queries.push(sent.query), sent.query.scheduled ? scheduledPage : todayPage(null))) },
      }),
      { input: activeInput },
    ).start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(queries[0]).toMatchObject({ ...activeOrdersWindow(NOW, TZ), count: 200, scheduled: null });
    expect(queries[1]).toMatchObject({ from: activeOrdersWindow(NOW, TZ).from - 2 * 86_400, to: NOW, scheduled: true });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.orders.map((order) => order.order_id)).toEqual(['order-picked_up', 'preorder-placed-today', 'preorder-from-yesterday']);
  });

  it('the tracking list asks for every status, whatever status filter it is given', async () => {
    const queries: OrderListRequest[] = [];
    const actor = createActor(
      ordersListMachine.provide({ actors: { fetchOrders: fromPromise(async ({ input: sent }) => (queries.push(sent.query), { orders: [], paginationKey: null })) } }),
      { input: { ...activeInput, filters: { category: 'Yesterday', custom: null, status: 'DELIVERED', includeOutlets: false } } },
    ).start();
    await new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'filters.changed', filters: { status: 'CANCELLED' } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(queries.map((query) => query.status)).toEqual(['ANY', 'ANY', 'ANY', 'ANY']);
  });

  it('a search of spaces only is no search: the tracking list asks for every order and its pre-orders', async () => {
    const queries: OrderListRequest[] = [];
    const actor = createActor(
      ordersListMachine.provide({ actors: { fetchOrders: fromPromise(async ({ input: sent }) => (queries.push(sent.query), { orders: [], paginationKey: null })) } }),
      { input: activeInput },
    ).start();
    await new Promise((resolve) => setImmediate(resolve));
    queries.length = 0;
    actor.send({ type: 'search.submitted', term: '   ' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(queries.map((query) => [query.customer_phone_number, query.scheduled])).toEqual([[null, null], [null, true]]);
  });

  it('a failed tracking list shows error.cant-retrieve-current-orders', async () => {
    const actor = createActor(
      ordersListMachine.provide({ actors: { fetchOrders: fromPromise(async () => Promise.reject(new Error('offline'))) } }),
      { input: { ...input, listType: 'Active' } },
    ).start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().context.error).toEqual({ key: 'error.cant-retrieve-current-orders', message: 'offline' });
  });

  it('a refresh keeps the shown orders until the new ones arrive', async () => {
    let answer: (orders: ReturnType<typeof anOrder>[]) => void = () => undefined;
    const fetchOrders = fromPromise<FetchOrdersOutput, { vendorId: string; query: OrderListRequest }>(
      () => new Promise((resolve) => (answer = (orders) => resolve({ orders, paginationKey: null }))),
    );
    const actor = createActor(
      ordersListMachine.provide({ actors: { fetchOrders } }),
      { input: { ...input, listType: 'Active' } },
    ).start();
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    answer([anOrder('RECEIVED')]);
    await settle();
    answer([]); // no pre-orders of earlier days
    await settle();
    actor.send({ type: 'refresh.requested' });
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    expect(actor.getSnapshot().context.orders.map((order) => order.status)).toEqual(['RECEIVED']);
    answer([anOrder('PICKED_UP')]);
    await settle();
    // Today's orders are back; the list still shows the held ones while the pre-orders are asked for.
    expect(actor.getSnapshot().matches('refreshingScheduled')).toBe(true);
    expect(actor.getSnapshot().context.orders.map((order) => order.status)).toEqual(['RECEIVED']);
    answer([]);
    await settle();
    expect(actor.getSnapshot().context.orders.map((order) => order.status)).toEqual(['PICKED_UP']);
  });

  it('the fallback refresh re-fetches every loaded page of the history, 200 at a time, and swaps them in at once', async () => {
    const queries: OrderListRequest[] = [];
    const answers: ((output: FetchOrdersOutput) => void)[] = [];
    const fetchOrders = fromPromise<FetchOrdersOutput, { vendorId: string; query: OrderListRequest }>(
      ({ input: sent }) => new Promise((resolve) => (queries.push(sent.query), answers.push(resolve))),
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const orders = (count: number, status: 'DELIVERED' | 'CANCELLED') => Array.from({ length: count }, () => anOrder(status));
    const actor = createActor(ordersListMachine.provide({ actors: { fetchOrders } }), { input: { ...input, filters: { category: 'Yesterday', custom: null, status: 'DELIVERED', includeOutlets: false } } }).start();
    // Nine pages of 30 loaded: 270 orders.
    for (let loaded = 0; loaded < 9; loaded += 1) {
      if (loaded > 0) actor.send({ type: 'more.requested' });
      answers.at(-1)?.({ orders: orders(30, 'DELIVERED'), paginationKey: `after-${loaded + 1}` });
      await settle();
    }
    expect(actor.getSnapshot().context.orders).toHaveLength(270);
    actor.send({ type: 'refresh.requested' });
    answers.at(-1)?.({ orders: orders(200, 'CANCELLED'), paginationKey: 'r-1' });
    await settle();
    // Half-way, the list still shows what it held.
    expect(actor.getSnapshot().context.orders.every((order) => order.status === 'DELIVERED')).toBe(true);
    answers.at(-1)?.({ orders: orders(70, 'CANCELLED'), paginationKey: 'r-2' });
    await settle();
    const refreshes = queries.slice(9);
    expect(refreshes.map((query) => [query.count, query.pagination_key, query.status])).toEqual([
      [200, null, 'DELIVERED'],
      [70, 'r-1', 'DELIVERED'],
    ]);
    const { context } = actor.getSnapshot();
    expect(context.orders).toHaveLength(270);
    expect(context.orders.every((order) => order.status === 'CANCELLED')).toBe(true);
    // Paging goes on after the refreshed orders.
    expect(context.paginationKey).toBe('r-2');
  });
});
