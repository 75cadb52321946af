// API.md "Live updates": a socket belongs to the session whose token opened it, and is closed with
// 4401 `session.ended` when that session ends (logout, password reset, account disabled, access
// token expired without a refresh). The watch re-resolves each distinct credential of the open
// sockets (one principal lookup per session, however many sockets share it) every interval, and at
// once when this process ends a session; the principal hook's rules decide, so the socket and the
// HTTP API can never disagree on whether a session is live.
import type { Principal } from '../auth/principal';

/** Application close code (4000-4999): the session that opened the socket has ended. */
export const CLOSE_SESSION_ENDED = 4401;
export const SESSION_ENDED_REASON = 'session.ended';
/** Often enough that a session's sockets close "within two seconds" of its end in any process. */
export const SESSION_CHECK_INTERVAL_MS = 1000;

export interface WatchedSocket {
  /** The Authorization value the socket was opened with. */
  readonly authorization: string;
  /** Closes the socket with 4401 `session.ended`. */
  end(): void;
}

export interface SessionWatch {
  add(socket: WatchedSocket): void;
  remove(socket: WatchedSocket): void;
  /** Re-checks every watched session now (resolves when done; overlapping calls share one pass). */
  checkNow(): Promise<void>;
  stop(): void;
}

export function createSessionWatch(options: {
  resolve: (authorization: string) => Promise<Principal>;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): SessionWatch {
  const byCredential = new Map<string, Set<WatchedSocket>>();
  let running: Promise<void> | null = null;
  let again = false;

  async function pass(): Promise<void> {
    for (const [authorization, sockets] of [...byCredential]) {
      const principal = await options.resolve(authorization);
      if (principal !== null) continue;
      for (const socket of [...sockets]) socket.end();
      byCredential.delete(authorization);
    }
  }

  function checkNow(): Promise<void> {
    // A notify during a pass may concern a session the pass has already checked: run once more.
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again);
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const timer = setInterval(() => { if (byCredential.size > 0) void checkNow(); }, options.intervalMs ?? SESSION_CHECK_INTERVAL_MS);
  timer.unref();

  return {
    add(socket) {
      const sockets = byCredential.get(socket.authorization) ?? new Set<WatchedSocket>();
      sockets.add(socket);
      byCredential.set(socket.authorization, sockets);
    },
    remove(socket) {
      const sockets = byCredential.get(socket.authorization);
      sockets?.delete(socket);
      if (sockets?.size === 0) byCredential.delete(socket.authorization);
    },
    checkNow,
    stop: () => clearInterval(timer),
  };
}
