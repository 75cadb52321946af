import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { activeOrdersWindow, dateRangeFor } from '../../domain';
import { ordersListMachine, type FetchOrdersOutput, type OrderListQuery, type OrdersListInput } from '../../machines';
import { anOrder, NOW } from './builders';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

const TZ = 'Asia/Riyadh';
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
          const { query } = replay.started.fetchOrders?.at(-1) as { query: OrderListQuery };
          const range = dateRangeFor(c.filters.category, NOW, TZ, c.filters.custom ?? undefined);
          expect(query).toEqual({
            from: range.from,
            to: range.to,
            count: c.filters.includeOutlets ? 50 : 30,
            pagination_key: null,
            include_outlets: c.filters.includeOutlets,
            customer_phone_number: c.searchKey === '' ? null : '0501234567',
            status: c.filters.status,
          });
        }
        if (snapshot.matches('refreshing')) {
          // Every held order is re-fetched: the refresh asks, page after page, for what is still
          // missing (at least a normal page, at most the server's 200), and the list shows the held
          // orders meanwhile.
          const { query } = replay.started.refreshOrders?.at(-1) as { query: OrderListQuery };
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
          const { query } = replay.started.fetchMoreOrders?.at(-1) as { query: OrderListQuery };
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

  it('walks at least the committed number of paths', () => checkPathCount('ordersList', paths));
});

describe('ordersList: spec', () => {
  it('the tracking list asks for today up to now, 200 orders', () => {
    const queries: OrderListQuery[] = [];
    createActor(
      ordersListMachine.provide({ actors: { fetchOrders: fromPromise(async ({ input: sent }) => (queries.push(sent.query), page(null))) } }),
      { input: { ...input, listType: 'Active' } },
    ).start();
    expect(queries[0]).toMatchObject({ ...activeOrdersWindow(NOW, TZ), count: 200 });
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
    const fetchOrders = fromPromise<FetchOrdersOutput, { vendorId: string; query: OrderListQuery }>(
      () => new Promise((resolve) => (answer = (orders) => resolve({ orders, paginationKey: null }))),
    );
    const actor = createActor(
      ordersListMachine.provide({ actors: { fetchOrders } }),
      { input: { ...input, listType: 'Active' } },
    ).start();
    answer([anOrder('RECEIVED')]);
    await new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'refresh.requested' });
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    expect(actor.getSnapshot().context.orders.map((order) => order.status)).toEqual(['RECEIVED']);
    answer([anOrder('PICKED_UP')]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().context.orders.map((order) => order.status)).toEqual(['PICKED_UP']);
  });

  it('the fallback refresh re-fetches every loaded page of the history, 200 at a time, and swaps them in at once', async () => {
    const queries: OrderListQuery[] = [];
    const answers: ((output: FetchOrdersOutput) => void)[] = [];
    const fetchOrders = fromPromise<FetchOrdersOutput, { vendorId: string; query: OrderListQuery }>(
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
