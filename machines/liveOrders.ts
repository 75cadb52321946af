import { assign, sendTo, setup } from 'xstate';
import { fallbackRefreshAfterS, LIMITS, liveUpdateTarget } from '../domain';
import type { Order, UnixSeconds } from '../domain/types';
import { SESSION_ENDED_CLOSE_CODE } from './liveChannel';
import { callbackNotProvided, promiseNotProvided } from './notProvided';

// Live orders (SPEC.md §4 "Active-order refresh and live updates", API.md WebSocket): the vendor's
// subscription on the tab's shared live socket (machines/liveChannel.ts, which owns the socket and its
// reconnect) lives as a callback actor for as long as this machine runs; this machine follows whether
// it is connected and subscribed. After a reconnect (a drop, or new tokens after a refresh) the channel
// asks for the subscription again and, once it is answered, the shown lists are reloaded so no update
// sent in between is lost; a close with 4401 means the server ended the session, which ends it here too.
// Independently, every 5 s the list's orders are refreshed when the last update is older than the
// fallback threshold (60 s for guests or dynamic estimation, else 300 s).

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
  /** The vendor the server confirmed on the current socket; null until then and after a close. */
  subscribedVendorId: string | null;
  /** A reconnect: reload the lists once the subscription is answered again. */
  reloadWhenSubscribed: boolean;
}

/** What the subscription actor starts with: the vendor to ask updates for. */
export interface SocketInput {
  vendorId: string;
}

/** What the subscription actor sends back to the machine. */
export type SocketEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.closed'; code?: number }
  | { type: 'subscribe.ok'; vendorId: string }
  | { type: 'order.updated'; order: Order };

/** What the machine tells the subscription actor: ask for this vendor instead. */
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
    /** Subscribes on the shared live socket, relays SocketEvents, accepts SocketCommands, leaves on cleanup. */
    socket: callbackNotProvided<SocketCommand, SocketInput>('socket'),
    refreshOrders: promiseNotProvided<void, { vendorId: string }>('refreshOrders'),
  },
  actions: {
    /** Applies the update to the tracking list (created today) or the history list (before). */
    applyOrderUpdate: (_, _params: { order: Order; target: LiveUpdateTarget }) => {},
    /** Fetches the shown lists again (what went by while the socket was down). */
    reloadLists: (_, _params: { vendorId: string }) => {},
    /** The server ended the session: the app signs the user out with the translated message. */
    endSession: () => {},
    owesReload: assign({ reloadWhenSubscribed: true }),
    forgetSubscription: assign({ subscribedVendorId: null }),
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
    sessionEnded: ({ event }) => event.type === 'socket.closed' && event.code === SESSION_ENDED_CLOSE_CODE,
    reloadWhenSubscribed: ({ context }) => context.reloadWhenSubscribed,
    updatesAreStale: ({ context }) =>
      context.secondsSinceUpdate >
      fallbackRefreshAfterS({ isGuest: context.isGuest, dynamicEstimation: context.dynamicTimeEstimation }),
  },
  delays: {
    staleCheck: LIMITS.fallbackRefreshCheckMs,
  },
}).createMachine({
  id: 'liveOrders',
  type: 'parallel',
  context: ({ input }) => ({ ...input, secondsSinceUpdate: 0, subscribedVendorId: null, reloadWhenSubscribed: false }),
  // The subscription lasts as long as the screen; the channel keeps it across reconnects.
  invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ vendorId: context.vendorId }) },
  on: {
    'subscribe.ok': [
      {
        guard: 'reloadWhenSubscribed',
        actions: [
          assign({ subscribedVendorId: ({ event }) => event.vendorId, reloadWhenSubscribed: false }),
          'markUpdated',
          { type: 'reloadLists', params: ({ context }) => ({ vendorId: context.vendorId }) },
        ],
      },
      { actions: assign({ subscribedVendorId: ({ event }) => event.vendorId }) },
    ],
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
    // The channel sends the new request at once when open, else at its next open.
    'vendor.changed': { actions: ['selectVendor', 'subscribe'] },
  },
  states: {
    connection: {
      initial: 'connecting',
      on: {
        'socket.closed': [
          { guard: 'sessionEnded', target: '.sessionEnded', actions: ['forgetSubscription', 'endSession'] },
          { target: '.disconnected', actions: 'forgetSubscription' },
        ],
      },
      states: {
        connecting: {
          on: { 'socket.opened': { target: 'connected' } },
        },
        connected: {},
        /** The channel reconnects; what went by meanwhile is reloaded once subscribed again. */
        disconnected: {
          on: { 'socket.opened': { target: 'connected', actions: 'owesReload' } },
        },
        /** The channel does not reconnect until a new session renews it; the session ends here once. */
        sessionEnded: {
          on: {
            'socket.opened': { target: 'connected', actions: 'owesReload' },
            'socket.closed': {},
          },
        },
      },
    },
    fallbackRefresh: {
      initial: 'watching',
      on: {
        // Requests of an ended session would only be refused.
        'socket.closed': { guard: 'sessionEnded', target: '.stopped' },
      },
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
        stopped: { on: { 'socket.opened': { target: 'watching' } } },
      },
    },
  },
});
