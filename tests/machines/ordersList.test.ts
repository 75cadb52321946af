import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { activeOrdersWindow, dateRangeFor } from '../../domain';
import { ordersListMachine, type FetchOrdersOutput, type OrderListQuery, type OrdersListInput } from '../../machines';
import { anOrder, NOW } from './builders';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

const TZ = 'Asia/Riyadh';
const input: OrdersListInput = { listType: 'Past', vendorId: 'vendor-1', timeZone: TZ, nowUnix: () => NOW };
const page = (paginationKey: string | null) => ({ orders: [anOrder('DELIVERED')], paginationKey });

// Shortest paths: filters, search and paging combine freely.
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
    return JSON.stringify([snapshot.value, c.vendorId, c.filters, c.searchKey, c.paginationKey, c.rangeError, c.orders.length]);
  },
};

const paths = generatePaths(model);

describe('ordersList: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      await replayPath(model, path, (snapshot, replay) => {
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
          });
        }
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
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.orders.map((order) => order.status)).toEqual(['RECEIVED']);
    answer([anOrder('PICKED_UP')]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().context.orders.map((order) => order.status)).toEqual(['PICKED_UP']);
  });
});
