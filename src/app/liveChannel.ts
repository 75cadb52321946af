// The tab's LiveChannel: the shared-subscription adapter driving the liveChannel machine, whose
// socket actor is the browser WebSocket adapter. Built once per tab (services.ts); tests build it over
// a fake LiveSocket to count what is opened and sent.
import { createActor, fromCallback } from 'xstate';
import type { LiveChannel, LiveSocket } from '../../adapters/ports';
import { createSharedLiveChannel, type ChannelSignals, type StartChannelConnection } from '../../adapters/websocket/sharedLiveChannel';
import {
  liveChannelMachine,
  type ChannelSocketCommand,
  type ChannelSocketEvent,
  type ChannelSocketInput,
} from '../../machines/liveChannel';
import { inspectOptions } from './inspector';

/** The socket as the machine's callback actor: relays open, close and messages, sends the requests
 * it is told to, and closes when the machine leaves the state that owns it. */
export function channelSocketActor(socket: LiveSocket) {
  return fromCallback<ChannelSocketCommand, ChannelSocketInput>(({ sendBack, receive, input }) => {
    const connection = socket.open(
      {
        onOpen: () => sendBack({ type: 'socket.opened' } satisfies ChannelSocketEvent),
        onMessage: (message) => sendBack({ type: 'socket.message', message } satisfies ChannelSocketEvent),
        onClose: ({ code }) => sendBack({ type: 'socket.closed', code } satisfies ChannelSocketEvent),
      },
      input.authorization,
    );
    receive((command) => {
      for (const request of command.requests) connection.send(request);
    });
    return () => connection.close();
  });
}

export function provideLiveChannel(socket: LiveSocket, signals: ChannelSignals) {
  return liveChannelMachine.provide({
    actors: { socket: channelSocketActor(socket) },
    actions: {
      notifyOpened: () => signals.opened(),
      notifyClosed: (_, { code }) => signals.closed(code),
      deliver: (_, { message }) => signals.message(message),
    },
  });
}

/** Starts the liveChannel machine over the socket for each connection the shared channel asks for. */
export function tabChannelConnection(socket: LiveSocket): StartChannelConnection {
  return (start, signals) => {
    const actor = createActor(provideLiveChannel(socket, signals), { ...inspectOptions(), input: start }).start();
    return {
      setRequests: (requests) => actor.send({ type: 'requests.changed', requests }),
      renew: (authorization) => actor.send({ type: 'session.renewed', authorization }),
      stop: () => actor.stop(),
    };
  };
}

export function createTabLiveChannel(socket: LiveSocket): LiveChannel {
  return createSharedLiveChannel(tabChannelConnection(socket));
}
