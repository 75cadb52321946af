import { assign, sendTo, setup } from 'xstate';
import { fallbackRefreshAfterS, LIMITS, liveUpdateTarget } from '../domain';
import type { Order, UnixSeconds } from '../domain/types';
import { callbackNotProvided, promiseNotProvided } from './notProvided';

// Live orders (SPEC.md §4 "Active-order refresh and live updates", API.md WebSocket): the socket lives
// in the `connected`/`connecting` states as a callback actor, so leaving them closes it; while
// disconnected a 1 s check reconnects. Independently, every 5 s the list's orders are refreshed when
// the last update is older than the fallback threshold (60 s for guests or dynamic estimation, else 300 s).
// A socket belongs to the session whose token opened it: after a token refresh the socket is opened
// again with the new token and, once subscribed, the shown lists are reloaded so no update sent in
// between is lost; a close with 4401 means the server ended the session, which ends it here too.

export interface LiveOrdersInput {
  vendorId: string;
  isGuest: boolean;
  dynamicTimeEstimation: boolean;
  timeZone: string;
  nowUnix: () => UnixSeconds;
  /** The Authorization the socket opens with: the session's current tokens. */
  authorization: string | null;
}

export interface LiveOrdersContext extends LiveOrdersInput {
  /** Counted in staleCheck ticks rather than read from a clock, so the rule is deterministic. */
  secondsSinceUpdate: number;
  subscribedVendorId: string | null;
  /** A reconnect for a new token: reload the lists once the new socket is subscribed. */
  reloadWhenSubscribed: boolean;
}

/** API.md "Live updates": the server closes a socket of an ended session with 4401 `session.ended`. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** What the socket actor opens with. */
export interface SocketInput {
  authorization: string | null;
}

/** What the socket actor sends back to the machine. */
export type SocketEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.closed'; code?: number }
  | { type: 'subscribe.ok'; vendorId: string }
  | { type: 'order.updated'; order: Order };

/** What the machine tells the socket actor. */
export type SocketCommand = { type: 'subscribeToVendor'; vendorId: string };

export type LiveOrdersEvent =
  | SocketEvent
  | { type: 'vendor.changed'; vendorId: string }
  /** The session's tokens were refreshed (or a new session began): the socket must carry the new ones. */
  | { type: 'session.renewed'; authorization: string | null };

export type LiveUpdateTarget = 'tracking' | 'history';

export const liveOrdersMachine = setup({
  types: {
    context: {} as LiveOrdersContext,
    events: {} as LiveOrdersEvent,
    input: {} as LiveOrdersInput,
  },
  actors: {
    /** Opens the websocket, relays SocketEvents, accepts SocketCommands, closes on cleanup. */
    socket: callbackNotProvided<SocketCommand, SocketInput>('socket'),
    refreshOrders: promiseNotProvided<void, { vendorId: string }>('refreshOrders'),
  },
  actions: {
    /** Applies the update to the tracking list (created today) or the history list (before). */
    applyOrderUpdate: (_, _params: { order: Order; target: LiveUpdateTarget }) => {},
    /** Fetches the shown lists again (what a socket of the old token may have missed). */
    reloadLists: (_, _params: { vendorId: string }) => {},
    /** The server ended the session: the app signs the user out with the translated message. */
    endSession: () => {},
    renewSession: assign(({ event }) => (event.type === 'session.renewed' ? { authorization: event.authorization, reloadWhenSubscribed: true } : {})),
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
    reconnectCheck: LIMITS.websocketReconnectCheckMs,
    staleCheck: LIMITS.fallbackRefreshCheckMs,
  },
}).createMachine({
  id: 'liveOrders',
  type: 'parallel',
  context: ({ input }) => ({ ...input, secondsSinceUpdate: 0, subscribedVendorId: null, reloadWhenSubscribed: false }),
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
  },
  states: {
    connection: {
      initial: 'open',
      on: {
        // The socket opened with the old token is closed and a new one opens with the new token.
        'session.renewed': { target: '.open', reenter: true, actions: 'renewSession' },
      },
      states: {
        disconnected: {
          after: { reconnectCheck: { target: 'open' } },
          on: { 'vendor.changed': { actions: 'selectVendor' } },
        },
        open: {
          invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ authorization: context.authorization }) },
          initial: 'connecting',
          on: {
            'socket.closed': [
              { guard: 'sessionEnded', target: 'sessionEnded', actions: 'endSession' },
              { target: 'disconnected' },
            ],
          },
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
        /** No reconnect: the session is over (a new one renews it). */
        sessionEnded: {},
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
        stopped: { on: { 'session.renewed': { target: 'watching' } } },
      },
    },
  },
});
