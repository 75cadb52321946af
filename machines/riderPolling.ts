import { assign, setup } from 'xstate';
import { LIMITS, shouldPollRider } from '../domain';
import type { Order, Rider } from '../domain/types';
import { promiseNotProvided } from './notProvided';

// Rider data is polled every 2 s while the queue is non-empty (SPEC.md §4), as a queue (STYLE.md §4):
// fetch the head of the round -> more in this round? -> wait -> start the next round, or idle.

export interface RiderPollingContext {
  /** Orders whose status calls for rider polling, as last observed. */
  queue: string[];
  /** What is left to fetch in the current round. */
  round: string[];
  riders: Record<string, Rider | null>;
}

export type RiderPollingEvent = { type: 'orders.observed'; orders: Order[] };

export interface FetchRiderInput {
  orderId: string;
}

const pollableOrderIds = (orders: Order[]) =>
  orders.filter((order) => shouldPollRider(order.status)).map((order) => order.order_id);

export const riderPollingMachine = setup({
  types: {
    context: {} as RiderPollingContext,
    events: {} as RiderPollingEvent,
  },
  actors: {
    fetchRider: promiseNotProvided<Rider | null, FetchRiderInput>('fetchRider'),
  },
  actions: {
    observeOrders: assign(({ event }) => ({ queue: pollableOrderIds(event.orders) })),
    startRound: assign(({ context }) => ({ round: context.queue })),
    dropHead: assign(({ context }) => ({ round: context.round.slice(1) })),
    storeRider: assign(({ context }, params: { orderId: string; rider: Rider | null }) => ({
      riders: { ...context.riders, [params.orderId]: params.rider },
    })),
  },
  guards: {
    queueHasOrders: ({ context }) => context.queue.length > 0,
    roundHasMore: ({ context }) => context.round.length > 0,
  },
  delays: {
    pollInterval: LIMITS.riderPollMs,
  },
}).createMachine({
  id: 'riderPolling',
  initial: 'idle',
  context: { queue: [], round: [], riders: {} },
  // New orders are accepted in every state.
  on: { 'orders.observed': { actions: 'observeOrders' } },
  states: {
    idle: {
      always: { guard: 'queueHasOrders', target: 'fetching', actions: 'startRound' },
      on: { 'orders.observed': { target: 'idle', reenter: true, actions: 'observeOrders' } },
    },
    fetching: {
      invoke: {
        id: 'fetchRider',
        src: 'fetchRider',
        input: ({ context }) => ({ orderId: context.round[0] }),
        onDone: {
          target: 'checkingRound',
          actions: [
            { type: 'storeRider', params: ({ context, event }) => ({ orderId: context.round[0], rider: event.output }) },
            'dropHead',
          ],
        },
        // A failed fetch keeps the last known rider; the next round retries.
        onError: { target: 'checkingRound', actions: 'dropHead' },
      },
    },
    checkingRound: {
      always: [{ guard: 'roundHasMore', target: 'fetching' }, { target: 'waiting' }],
    },
    waiting: {
      after: {
        pollInterval: [{ guard: 'queueHasOrders', target: 'fetching', actions: 'startRound' }, { target: 'idle' }],
      },
    },
  },
});
