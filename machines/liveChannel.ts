import { assign, sendTo, setup } from 'xstate';
import { LIMITS } from '../domain';
import type { LiveClientMessage, LiveServerMessage } from '../domain/api';
import { callbackNotProvided } from './notProvided';

// The tab's one live socket (API.md "Live updates"), shared by live orders and the failing-webhooks
// banner: the socket lives in the `open` state as a callback actor, so leaving it closes it. Every
// request the subscribers need (`requests`) is sent on each socket as it opens, so after a reconnect
// the orders and the webhook-health subscriptions are both asked for again; one added while the socket
// is open goes out at once. While disconnected a 1 s check reconnects (the only reconnect in the app).
// A refreshed token opens the socket again with it; a close with 4401 means the server ended the
// session: no reconnect until a new session renews the channel. Subscribers hear through the
// notify/deliver actions (adapters/websocket/sharedLiveChannel.ts routes them).

/** API.md "Live updates": the server closes a socket of an ended session with 4401 `session.ended`. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
/** What subscribers are told when the channel itself closes the socket to open it with new tokens. */
export const RENEWED_CLOSE_CODE = 1000;

export interface LiveChannelInput {
  requests: LiveClientMessage[];
  /** The Authorization the socket opens with; left out, the stored session's. */
  authorization?: string | null;
}

export type LiveChannelContext = LiveChannelInput;

/** What the socket actor opens with. */
export interface ChannelSocketInput {
  authorization?: string | null;
}

/** What the socket actor sends back to the machine. */
export type ChannelSocketEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.closed'; code: number }
  | { type: 'socket.message'; message: LiveServerMessage };

/** What the machine tells the socket actor: send these requests, in order. */
export type ChannelSocketCommand = { type: 'send'; requests: LiveClientMessage[] };

export type LiveChannelEvent =
  | ChannelSocketEvent
  /** The subscribers now need these requests (never empty: the channel stops with its last subscriber). */
  | { type: 'requests.changed'; requests: LiveClientMessage[] }
  /** The session's tokens were refreshed (or a new session began): the socket must carry the new ones. */
  | { type: 'session.renewed'; authorization: string | null };

const sameRequest = (a: LiveClientMessage, b: LiveClientMessage) => JSON.stringify(a) === JSON.stringify(b);

/** The requests of `next` not already sent on the open socket. */
export function addedRequests(sent: readonly LiveClientMessage[], next: readonly LiveClientMessage[]): LiveClientMessage[] {
  return next.filter((request) => !sent.some((known) => sameRequest(known, request)));
}

export const liveChannelMachine = setup({
  types: {
    context: {} as LiveChannelContext,
    events: {} as LiveChannelEvent,
    input: {} as LiveChannelInput,
  },
  actors: {
    /** Opens the websocket, relays ChannelSocketEvents, sends ChannelSocketCommands, closes on cleanup. */
    socket: callbackNotProvided<ChannelSocketCommand, ChannelSocketInput>('socket'),
  },
  actions: {
    /** Every subscriber: the socket is open and its request went out. */
    notifyOpened: () => {},
    /** Every subscriber: the socket closed (a reconnect follows unless the session ended). */
    notifyClosed: (_, _params: { code: number }) => {},
    /** The subscribers the message is meant for. */
    deliver: (_, _params: { message: LiveServerMessage }) => {},
    sendAll: sendTo('socket', ({ context }): ChannelSocketCommand => ({ type: 'send', requests: context.requests })),
    sendAdded: sendTo('socket', ({ context, event }): ChannelSocketCommand => ({
      type: 'send',
      requests: event.type === 'requests.changed' ? addedRequests(context.requests, event.requests) : [],
    })),
    setRequests: assign(({ context, event }) => ({ requests: event.type === 'requests.changed' ? event.requests : context.requests })),
    renew: assign(({ context, event }) => ({ authorization: event.type === 'session.renewed' ? event.authorization : context.authorization })),
  },
  guards: {
    sessionEnded: ({ event }) => event.type === 'socket.closed' && event.code === SESSION_ENDED_CLOSE_CODE,
  },
  delays: {
    reconnectCheck: LIMITS.websocketReconnectCheckMs,
  },
}).createMachine({
  id: 'liveChannel',
  context: ({ input }) => ({ ...input }),
  initial: 'open',
  on: {
    'requests.changed': { actions: 'setRequests' },
  },
  states: {
    open: {
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ authorization: context.authorization }) },
      initial: 'connecting',
      on: {
        'socket.closed': [
          { guard: 'sessionEnded', target: 'sessionEnded', actions: { type: 'notifyClosed', params: ({ event }) => ({ code: event.code }) } },
          { target: 'disconnected', actions: { type: 'notifyClosed', params: ({ event }) => ({ code: event.code }) } },
        ],
        'socket.message': { actions: { type: 'deliver', params: ({ event }) => ({ message: event.message }) } },
        // The socket opened with the old token is closed and a new one opens with the new token.
        'session.renewed': {
          target: 'open',
          reenter: true,
          actions: ['renew', { type: 'notifyClosed', params: { code: RENEWED_CLOSE_CODE } }],
        },
      },
      states: {
        connecting: {
          on: { 'socket.opened': { target: 'connected', actions: ['sendAll', 'notifyOpened'] } },
        },
        connected: {
          // Sent before the context changes, so only what the socket has not carried yet goes out.
          on: { 'requests.changed': { actions: ['sendAdded', 'setRequests'] } },
        },
      },
    },
    disconnected: {
      after: { reconnectCheck: { target: 'open' } },
      on: { 'session.renewed': { target: 'open', actions: 'renew' } },
    },
    /** No reconnect: the server ended the session (a new one renews the channel). */
    sessionEnded: {
      on: { 'session.renewed': { target: 'open', actions: 'renew' } },
    },
  },
});
