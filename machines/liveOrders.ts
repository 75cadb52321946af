import { assign, sendTo, setup } from 'xstate';
import { fallbackRefreshAfterS, LIMITS, liveUpdateTarget } from '../domain';
import type { Order, UnixSeconds } from '../domain/types';
import { callbackNotProvided, promiseNotProvided } from './notProvided';

// Live orders (SPEC.md §4 "Active-order refresh and live updates", API.md WebSocket): the socket lives
// in the `connected`/`connecting` states as a callback actor, so leaving them closes it; while
// disconnected a 1 s check reconnects. Independently, every 5 s the list's orders are refreshed when
// the last update is older than the fallback threshold (60 s for guests or dynamic estimation, else 300 s).

export interface LiveOrdersInput {
  vendorId: string;
  isGuest: boolean;
  dynamicTimeEstimation: boolean;
  timeZone: string;
  nowUnix: () => UnixSeconds;
}

export interface LiveOrdersContext extends LiveOrdersInput {
  /** Counted in staleCheck ticks rather than read from a clock, so the rule is deterministic. */
  secondsSinceUpdate: number;
  subscribedVendorId: string | null;
}

/** What the socket actor sends back to the machine. */
export type SocketEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.closed' }
  | { type: 'subscribe.ok'; vendorId: string }
  | { type: 'order.updated'; order: Order };

/** What the machine tells the socket actor. */
export type SocketCommand = { type: 'subscribeToVendor'; vendorId: string };

export type LiveOrdersEvent = SocketEvent | { type: 'vendor.changed'; vendorId: string };

export type LiveUpdateTarget = 'tracking' | 'history';

export const liveOrdersMachine = setup({
  types: {
    context: {} as LiveOrdersContext,
    events: {} as LiveOrdersEvent,
    input: {} as LiveOrdersInput,
  },
  actors: {
    /** Opens the websocket, relays SocketEvents, accepts SocketCommands, closes on cleanup. */
    socket: callbackNotProvided<SocketCommand, void>('socket'),
    refreshOrders: promiseNotProvided<void, { vendorId: string }>('refreshOrders'),
  },
  actions: {
    /** Applies the update to the tracking list (created today) or the history list (before). */
    applyOrderUpdate: (_, _params: { order: Order; target: LiveUpdateTarget }) => {},
    markUpdated: assign({ secondsSinceUpdate: 0 }),
    countStaleCheck: assign(({ context }) => ({
      secondsSinceUpdate: context.secondsSinceUpdate + LIMITS.fallbackRefreshCheckMs / 1000,
    })),
    subscribe: sendTo('socket', ({ context }): SocketCommand => ({ type: 'subscribeToVendor', vendorId: context.vendorId })),
    selectVendor: assign(({ context, event }) => ({
      vendorId: event.type === 'vendor.changed' ? event.vendorId : context.vendorId,
      subscribedVendorId: null,
    })),
  },
  guards: {
    updatesAreStale: ({ context }) =>
      context.secondsSinceUpdate >
      fallbackRefreshAfterS({ isGuest: context.isGuest, dynamicEstimation: context.dynamicTimeEstimation }),
  },
  delays: {
    reconnectCheck: LIMITS.websocketReconnectCheckMs,
    staleCheck: LIMITS.fallbackRefreshCheckMs,
  },
}).createMachine({
  id: 'liveOrders',
  type: 'parallel',
  context: ({ input }) => ({ ...input, secondsSinceUpdate: 0, subscribedVendorId: null }),
  on: {
    'subscribe.ok': { actions: assign({ subscribedVendorId: ({ event }) => event.vendorId }) },
    'order.updated': {
      actions: [
        'markUpdated',
        {
          type: 'applyOrderUpdate',
          params: ({ context, event }) => ({
            order: event.order,
            target: liveUpdateTarget(event.order, context.nowUnix(), context.timeZone),
          }),
        },
      ],
    },
  },
  states: {
    connection: {
      initial: 'open',
      states: {
        disconnected: {
          after: { reconnectCheck: { target: 'open' } },
          on: { 'vendor.changed': { actions: 'selectVendor' } },
        },
        open: {
          invoke: { id: 'socket', src: 'socket' },
          initial: 'connecting',
          on: { 'socket.closed': { target: 'disconnected' } },
          states: {
            connecting: {
              on: {
                'socket.opened': { target: 'connected', actions: 'subscribe' },
                'vendor.changed': { actions: 'selectVendor' },
              },
            },
            connected: {
              on: { 'vendor.changed': { actions: ['selectVendor', 'subscribe'] } },
            },
          },
        },
      },
    },
    fallbackRefresh: {
      initial: 'watching',
      states: {
        watching: {
          after: { staleCheck: { target: 'checking', actions: 'countStaleCheck' } },
        },
        checking: {
          always: [{ guard: 'updatesAreStale', target: 'refreshing' }, { target: 'watching' }],
        },
        refreshing: {
          invoke: {
            id: 'refreshOrders',
            src: 'refreshOrders',
            input: ({ context }) => ({ vendorId: context.vendorId }),
            onDone: { target: 'watching', actions: 'markUpdated' },
            // The next check tries again.
            onError: { target: 'watching' },
          },
        },
      },
    },
  },
});
