import { assign, setup } from 'xstate';
import type { Order } from '../domain/types';
import { promiseNotProvided } from './notProvided';

// The tracking page's order drawer (SPEC §2: a placed order lands on /order-tracking?order_id=…).
// An order in the page's lists (today's and pending pre-orders) opens from them; any other order of
// the vendor (a recurring run of an earlier day) is fetched by id, with a loading state, and a
// translated failure with retry. The server answers a foreign or missing order alike (403
// 'error.forbidden', API.md), so the drawer says "not found" and shows no data of it.

export interface OrderDrawerInput {
  vendorId: string;
  /** The order named by the URL's `order_id`, if any. */
  orderId: string | null;
}

export interface OrderDrawerContext {
  vendorId: string;
  orderId: string | null;
  /** The ids of the orders the lists show; null until they have first loaded. */
  listedIds: readonly string[] | null;
  /** The order fetched by id when the lists do not hold it. */
  fetched: Order | null;
  /** Why the fetch failed: the order is not the vendor's (or does not exist), or anything else. */
  failure: 'notFound' | 'failed' | null;
}

export interface FetchOrderInput {
  vendorId: string;
  orderId: string;
}

export type OrderDrawerEvent =
  | { type: 'order.selected'; orderId: string }
  | { type: 'lists.loaded'; orderIds: readonly string[] }
  | { type: 'drawer.closed' }
  | { type: 'retry' }
  /** The order as it is now (a live update, or the page's own cancellation). */
  | { type: 'order.changed'; order: Order }
  | { type: 'vendor.changed'; vendorId: string };

/** The API's keys for an order that is missing or not the caller's (a foreign one answers the same). */
const NOT_FOUND_KEYS: ReadonlySet<string> = new Set(['error.forbidden', 'error.not-found', 'error.order-not-found']);
const failureOf = (error: unknown): 'notFound' | 'failed' => (error instanceof Error && NOT_FOUND_KEYS.has(error.message) ? 'notFound' : 'failed');

export const orderDrawerMachine = setup({
  types: {
    context: {} as OrderDrawerContext,
    events: {} as OrderDrawerEvent,
    input: {} as OrderDrawerInput,
  },
  actors: {
    /** GET /order?vendorId=&orderId= (API.md). */
    fetchOrder: promiseNotProvided<Order, FetchOrderInput>('fetchOrder'),
  },
  actions: {
    selectOrder: assign({
      orderId: ({ context, event }) => (event.type === 'order.selected' ? event.orderId : context.orderId),
      fetched: null,
      failure: null,
    }),
    rememberListed: assign({
      listedIds: ({ context, event }) => (event.type === 'lists.loaded' ? event.orderIds : context.listedIds),
    }),
    close: assign({ orderId: null, fetched: null, failure: null }),
  },
  guards: {
    nothingSelected: ({ context }) => context.orderId === null,
    listsNotLoaded: ({ context }) => context.listedIds === null,
    changesFetchedOrder: ({ context, event }) => event.type === 'order.changed' && context.fetched?.order_id === event.order.order_id,
    selectedIsListed: ({ context }) => context.orderId !== null && context.listedIds?.includes(context.orderId) === true,
  },
}).createMachine({
  id: 'orderDrawer',
  context: ({ input }) => ({ ...input, listedIds: null, fetched: null, failure: null }),
  initial: 'opening',
  on: {
    'order.selected': { target: '.opening', actions: 'selectOrder' },
    'lists.loaded': { actions: 'rememberListed' },
    // A fetched order is kept as it changes (the lists' copy carries their own updates).
    'order.changed': {
      guard: 'changesFetchedOrder',
      actions: assign({ fetched: ({ context, event }) => (event.type === 'order.changed' ? event.order : context.fetched) }),
    },
    'drawer.closed': { target: '.closed', actions: 'close' },
    // Another branch's page: its lists are loaded afresh, and the open order was the other branch's.
    'vendor.changed': {
      target: '.closed',
      actions: ['close', assign({ vendorId: ({ event }) => event.vendorId, listedIds: null })],
    },
  },
  states: {
    /** Decides where the selected order comes from. */
    opening: {
      always: [
        { guard: 'nothingSelected', target: 'closed' },
        { guard: 'listsNotLoaded', target: 'awaitingLists' },
        { guard: 'selectedIsListed', target: 'listed' },
        { target: 'fetching' },
      ],
    },
    closed: {},
    /** The URL named an order before the lists arrived: it is fetched only if they do not hold it. */
    awaitingLists: {
      on: { 'lists.loaded': { target: 'opening', actions: 'rememberListed' } },
    },
    /** Shown from the lists (with their live updates). A search that leaves it out fetches it. */
    listed: {
      on: { 'lists.loaded': { target: 'opening', actions: 'rememberListed' } },
    },
    fetching: {
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }): FetchOrderInput => ({ vendorId: context.vendorId, orderId: context.orderId ?? '' }),
        onDone: { target: 'fetched', actions: assign({ fetched: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    fetched: {},
    failed: {
      on: { retry: { target: 'fetching', actions: assign({ failure: null }) } },
    },
  },
});
