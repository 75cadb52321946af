// The live connection (the liveChannel machine and the browser WebSocket adapter) loaded when the first
// subscription starts it: landing and sign-in subscribe to nothing, so its code stays out of their first
// JavaScript (tests/e2e/bundle-budget.e2e.ts). What the channel asks meanwhile is kept and handed over.
import type { LiveClientMessage } from '../../domain/api';
import type { ChannelConnection, StartChannelConnection } from './sharedLiveChannel';

/** `load` runs once, with the first connection; a failed load reads as a closed socket and is tried again with the next. */
export function lazyChannelConnection(load: () => Promise<StartChannelConnection>): StartChannelConnection {
  let loading: Promise<StartChannelConnection> | null = null;
  return (start, signals) => {
    let connection: ChannelConnection | null = null;
    let stopped = false;
    let requests: LiveClientMessage[] = start.requests;
    let authorization = start.authorization;
    loading ??= load().catch((cause: unknown) => {
      loading = null;
      throw cause;
    });
    loading.then(
      (startConnection) => {
        if (stopped) return;
        connection = startConnection({ requests, ...(authorization !== undefined ? { authorization } : {}) }, signals);
      },
      // 1006: closed without a close frame, as a socket that could not open.
      () => {
        if (!stopped) signals.closed(1006);
      },
    );
    return {
      setRequests(next) {
        if (connection) connection.setRequests(next);
        else requests = next;
      },
      renew(next) {
        if (connection) connection.renew(next);
        else authorization = next;
      },
      stop() {
        stopped = true;
        connection?.stop();
      },
    };
  };
}
